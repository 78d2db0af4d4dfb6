/// What ``AmigoDatabase/syncSchema(preserve:)`` did (or, for a dry run, would do) to one table.
public enum TableSyncAction: Sendable, Equatable {
    /// The table did not exist and was created.
    case created
    /// The table already matched its model.
    case alreadyInSync
    /// Declared columns missing from the file were added with `ALTER TABLE … ADD COLUMN`.
    case columnsAdded([String])
    /// The table was rebuilt keeping the rows of the surviving columns (`preserve: true`).
    case recreatedKeepingRows(removed: [String], added: [String])
    /// The table was dropped and created again, empty (`preserve: false`).
    case droppedAndRecreated
}

/// One table's entry in a schema synchronisation.
public struct TableSyncResult: Sendable, Equatable {
    /// The table.
    public var table: String
    /// What was done.
    public var action: TableSyncAction
}

/// Brings a database file in line with declared models, following SQLiteORM-Swift's rules:
///
/// - tables in the file but not in the models are left alone;
/// - missing tables are created;
/// - declared columns missing from the file are added with ALTER TABLE ADD COLUMN — unless one
///   of them is NOT NULL without a default, which makes the table be recreated (a UNIQUE column,
///   which SQLite cannot ADD, is added plain with a unique index `<table>_<column>_idx`);
/// - columns in the file but not declared, or whose primary-key or NOT NULL property differs,
///   make the table be recreated: with `preserve` by copying the rows of the surviving columns
///   into a new table, otherwise by dropping and creating it.
///
/// Everything runs in one transaction, with foreign-key enforcement off while tables are rebuilt
/// and `PRAGMA foreign_key_check` before commit: a failure leaves the file as it was. With
/// `preserve`, rows that cannot be copied (NULLs into a column now NOT NULL, or any row when a NOT
/// NULL column without default is added) make the sync fail. A rebuilt table gets the declared
/// indexes back, and the file's own triggers on it and indexes the models do not declare (an
/// index on a column that is gone goes with the column; a trigger that cannot be created again
/// fails the sync, naming it).
struct SchemaSynchronizer {
    let amigo: AmigoDatabase

    private var engine: any Engine { amigo.engine }

    /// A step of the plan with what it needs to run.
    struct Step {
        var table: Table
        var action: TableSyncAction
        var added: [Column] = []
        var kept: [String] = []
        /// The table as the database has it (nil when it is created).
        var existing: Table?
    }

    func plan(preserve: Bool) throws -> [Step] {
        let inspector = engine.schemaCatalog
        let existing = Dictionary(try inspector.entries().map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        var steps: [Step] = []
        for table in amigo.models.map(\.table) + amigo.junctionTables where !table.isView && !table.name.isEmpty {
            guard let entry = existing[table.name.lowercased()], entry.type == "table" else {
                steps.append(Step(table: table, action: .created))
                continue
            }
            let fileTable = try inspector.table(entry)
            let fileColumns = fileTable.columns.filter { !$0.isGenerated }
            let declared = table.columns.filter { !$0.isGenerated }
            let removed = fileColumns.filter { c in table.column(named: c.label) == nil }.map(\.label)
            let missing = declared.filter { fileTable.column(named: $0.label) == nil }
            let changed = declared.contains { column in
                guard let fileColumn = fileTable.column(named: column.label) else { return false }
                return fileColumn.primaryKey != column.primaryKey || fileColumn.optional != (column.optional && !column.primaryKey)
            }
            let needsRebuild = !removed.isEmpty || changed || missing.contains { !$0.optional && $0.defaultSQL == nil }
            if !needsRebuild {
                steps.append(Step(table: table, action: missing.isEmpty ? .alreadyInSync : .columnsAdded(missing.map(\.label)), added: missing,
                                  existing: fileTable))
                continue
            }
            if preserve {
                let kept = declared.filter { fileTable.column(named: $0.label) != nil }.map(\.label)
                steps.append(Step(table: table, action: .recreatedKeepingRows(removed: removed, added: missing.map(\.label)),
                                  added: missing, kept: kept, existing: fileTable))
            } else {
                steps.append(Step(table: table, action: .droppedAndRecreated, existing: fileTable))
            }
        }
        return steps
    }

    func run(preserve: Bool) throws -> [TableSyncResult] {
        if engine.dialect.altersColumnsInPlace { return try runAltering(preserve: preserve) }
        let compiler = SchemaCompiler(dialect: engine.dialect)
        let rebuild = SQLiteTableRebuild(engine: engine)
        return try engine.transactionGate.withoutOtherSessions(path: engine.path) { try engine.serialized {
            guard !engine.isInTransaction else {
                throw AmigoError.transactionOpen(operation: "syncSchema")
            }
            if engine.isReadOnly { throw AmigoError.readOnly(path: engine.path, operation: "synchronise the schema") }
            return try rebuild.withRebuildSettings { try engine.inTransaction(.immediate) {
                // Planned under the write lock, so that no other connection changes the schema
                // between reading it and changing it.
                let steps = try plan(preserve: preserve)
                for step in steps {
                    let name = step.table.name
                    switch step.action {
                    case .alreadyInSync:
                        break
                    case .created:
                        try engine.executeScript(compiler.createAll(step.table))
                    case .columnsAdded:
                        for column in step.added {
                            // SQLite cannot ADD a UNIQUE column ("Cannot add a UNIQUE column"): the
                            // column is added plain and made unique by an index, as `indexed:` does.
                            let inlineUnique = column.unique && !column.indexed
                            let plain = inlineUnique ? column.copy() : column
                            if inlineUnique { plain.unique = false }
                            try engine.executeScript(compiler.addColumn(plain, to: name))
                            if inlineUnique {
                                try engine.executeScript(compiler.createIndex(Index("\(name)_\(column.label)_idx", unique: true, columns: [column.label]), on: step.table))
                            }
                        }
                        try engine.executeScript(compiler.createIndexes(of: step.table))
                    case .droppedAndRecreated:
                        let kept = try schemaObjectsToKeep(on: step.table)
                        try engine.executeScript(compiler.dropTable(name))
                        try engine.executeScript(compiler.createAll(step.table))
                        try recreate(kept, on: step.table)
                    case .recreatedKeepingRows:
                        let kept = try schemaObjectsToKeep(on: step.table)
                        let temporary = name + "_amigo_sync"
                        try engine.executeScript(compiler.createTable(step.table, ifNotExists: false, named: temporary))
                        if !step.kept.isEmpty {
                            try engine.executeScript(compiler.copyRows(from: name, to: temporary, columns: step.kept))
                        }
                        try engine.executeScript(compiler.dropTable(name))
                        try engine.executeScript(compiler.renameTable(temporary, to: name))
                        try engine.executeScript(compiler.createIndexes(of: step.table))
                        try recreate(kept, on: step.table)
                    }
                }
                let violations = try rebuild.foreignKeyViolationCount()
                if violations > 0 {
                    throw AmigoError.foreignKeyViolationsAfterRebuild(count: violations)
                }
                return steps.map { TableSyncResult(table: $0.table.name, action: $0.action) }
            } }
        } }
    }
}

extension SchemaSynchronizer {
    /// The same plan carried out with `ALTER TABLE` where the engine can (PostgreSQL): columns
    /// dropped and added in place, NOT NULL set or dropped, the table's rows, constraints from
    /// other tables, triggers and indexes left where they are. `preserve: false` drops and
    /// creates a table that differs. A changed primary key is refused (write a migration for
    /// it). Everything runs in one transaction (PostgreSQL's DDL is transactional): a failure —
    /// a NOT NULL column added to a table with rows, NULLs in a column made NOT NULL — leaves
    /// the database as it was.
    func runAltering(preserve: Bool) throws -> [TableSyncResult] {
        let compiler = SchemaCompiler(dialect: engine.dialect)
        let dialect = engine.dialect
        return try engine.transactionGate.withoutOtherSessions(path: engine.path) { try engine.serialized {
            guard !engine.isInTransaction else {
                throw AmigoError.transactionOpen(operation: "syncSchema")
            }
            if engine.isReadOnly { throw AmigoError.readOnly(path: engine.path, operation: "synchronise the schema") }
            return try engine.inTransaction {
                let steps = try plan(preserve: preserve)
                for step in steps {
                    let table = step.table.name
                    switch step.action {
                    case .alreadyInSync:
                        break
                    case .created:
                        try engine.executeScript(compiler.createAll(step.table))
                    case .droppedAndRecreated:
                        try engine.executeScript(compiler.dropTable(table))
                        try engine.executeScript(compiler.createAll(step.table))
                    case .columnsAdded, .recreatedKeepingRows:
                        if case .recreatedKeepingRows(let removed, _) = step.action, let existing = step.existing {
                            for column in step.table.columns where !column.isGenerated {
                                guard let current = existing.column(named: column.label) else { continue }
                                if current.primaryKey != column.primaryKey {
                                    throw AmigoError.unsupportedOnDialect(operation: "syncSchema: moving \(step.table.name).\(column.label) into or out of the primary key", dialect: AmigoError.dialectName(dialect))
                                }
                                let optional = column.optional && !column.primaryKey
                                if current.optional != optional {
                                    try engine.executeScript(compiler.setNullability(of: column.label, in: table, optional: optional))
                                }
                            }
                            for name in removed { try engine.executeScript(compiler.dropColumn(name, from: table)) }
                        }
                        for column in step.added {
                            try engine.executeScript(compiler.addColumn(column, to: table))
                        }
                        try engine.executeScript(compiler.createIndexes(of: step.table))
                    }
                }
                return steps.map { TableSyncResult(table: $0.table.name, action: $0.action) }
            }
        } }
    }
}

extension SchemaSynchronizer {
    /// A trigger or index of the file, as written in its schema.
    typealias SchemaObject = SQLiteTableRebuild.SchemaObject

    /// The triggers on `table`, and the indexes on it that the model does not declare (and that
    /// SQLite did not make for a constraint), read before the table is rebuilt.
    func schemaObjectsToKeep(on table: Table) throws -> [SchemaObject] {
        try SQLiteTableRebuild(engine: engine).triggersAndIndexes(on: table.name, except: Set(table.indexes.map { $0.label.lowercased() }))
    }

    /// Creates `objects` again on the rebuilt `table`: every trigger (an error names the trigger
    /// and fails the sync), and the indexes that still can be — one on a column that is gone
    /// (or whose expression or WHERE clause reads one) goes with the column.
    func recreate(_ objects: [SchemaObject], on table: Table) throws {
        for object in objects {
            if object.type == "index" {
                if let columns = object.columns, !columns.allSatisfy({ table.column(named: $0) != nil }) { continue }
                try? engine.executeScript(object.sql)
                continue
            }
            do {
                try engine.executeScript(object.sql)
            } catch {
                throw AmigoError.triggerNotRecreated(trigger: object.name, table: table.name, reason: "\(error)")
            }
        }
    }
}

extension AmigoDatabase {
    /// Brings the file's tables in line with the declared models (see ``SchemaSynchronizer``'s
    /// rules) in one transaction, and says what it did per table. It refuses to run while this
    /// thread's session is open, and waits for another thread's session to close (see ``TransactionGate``).
    ///
    ///     let results = try amigo.syncSchema(preserve: true)
    ///     // [TableSyncResult(table: "dog", action: .columnsAdded(["breed"])), …]
    @discardableResult
    public func syncSchema(preserve: Bool) throws -> [TableSyncResult] {
        try SchemaSynchronizer(amigo: self).run(preserve: preserve)
    }

    /// What ``syncSchema(preserve:)`` would do, without changing the file.
    public func syncSchemaPlan(preserve: Bool) throws -> [TableSyncResult] {
        try SchemaSynchronizer(amigo: self).plan(preserve: preserve).map { TableSyncResult(table: $0.table.name, action: $0.action) }
    }
}
