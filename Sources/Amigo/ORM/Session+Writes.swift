// Session: adding, updating and deleting objects, relationship edits and batches, and the checks before a write.

import Foundation
import Synchronization

extension Session {
    func checkWritable(_ operation: String) throws {
        guard isActive else { throw AmigoError.sessionClosed }
        if engine.isReadOnly { throw AmigoError.readOnly(path: engine.path, operation: operation) }
    }

    /// Views (reflected from a file) are read-only models: their rows have no key to write back to.
    func checkEditable(_ model: ORMModel, _ operation: String) throws {
        if model.table.isView {
            throw AmigoError.viewNotWritable(view: model.name, operation: operation)
        }
    }

    func recordChanges(_ count: Int) { changeCounter.add(count, ordering: .relaxed) }

    // MARK: Writes

    /// Inserts the objects that have no row yet and updates the others. New integer keys and
    /// default values are written back. Related objects (to-one properties) that have no row yet
    /// are inserted first.
    public func add(_ objects: AmigoModel...) throws {
        try add(objects)
    }

    /// Adds an array of objects; see ``add(_:)-(AmigoModel...)``.
    public func add(_ objects: [AmigoModel]) throws {
        try add(objects, deletingConflicts: false)
    }

    /// ``add(_:)-(AmigoModel...)``, or ``replaceDeletingConflicts(_:)-(AmigoModel...)`` when `deletingConflicts`.
    func add(_ objects: [AmigoModel], deletingConflicts: Bool) throws {
        try engine.serialized {
            // Checked while the engine is serialized: a close on another thread cannot slip in between.
            try checkWritable("add rows")
            var visiting = Set<ObjectIdentifier>()
            for object in objects {
                visiting.removeAll(keepingCapacity: true)
                try save(object, deletingConflicts: deletingConflicts, visiting: &visiting)
            }
        }
    }

    /// Inserts `object` (and the related objects it points at that have no row yet) or updates
    /// its row; with `deletingConflicts`, inserts it after deleting the rows it conflicts with.
    func save(_ object: AmigoModel, deletingConflicts upsert: Bool, visiting: inout Set<ObjectIdentifier>) throws {
        let model = try amigo.model(of: object)
        try checkEditable(model, "add rows")
        if model.access.hasObjectRelationships && !model.isDynamic && !type(of: object).isRecordClass {
            guard visiting.insert(ObjectIdentifier(object)).inserted else { return }
            for case let (getter, _, _)? in model.access.slotObjects {
                if let related = getter(object), !related.isPersisted {
                    try save(related, deletingConflicts: upsert, visiting: &visiting)
                }
            }
        }
        let record = Record.cast(object)
        if !upsert && !object.isPersisted && record == nil && model.insertsDirectly {
            try insertDirectly(object, model: model)
            return
        }
        let writer = ModelWriter(model: model, dialect: engine.dialect)
        if upsert && !engine.dialect.hasInsertOrReplace {
            try writer.refusePrefixes(of: object, in: model.table.columns, operation: "add")
            try savepoint {
                try deleteRowsConflicting(with: object, model: model)
                try insertRow(object, model: model, writer: writer, record: record, replace: false)
            }
        } else if upsert || !object.isPersisted {
            try writer.refusePrefixes(of: object, in: model.table.columns, operation: "add")
            try insertRow(object, model: model, writer: writer, record: record, replace: upsert)
        } else {
            let write = try writer.update(object)
            guard !write.sql.isEmpty else { return }
            try executeUpdate(write, of: object, model: model)
        }
        object.isPersisted = true
        record?.originalKey = nil
    }

    /// Runs the INSERT (or, with `replace`, the dialect's INSERT OR REPLACE) of `object` and
    /// writes its new key (or rowid) back.
    private func insertRow(_ object: AmigoModel, model: ORMModel, writer: ModelWriter, record: Record?, replace: Bool) throws {
        let write = writer.insert(object, replace: replace, writeBack: true)
        let result = try engine.execute(write.sql, write.arguments)
        if let key = write.assignsKey { model.setStoredValue(result.insertedKey, of: key, in: object) }
        if let record, model.table.primaryKey.isEmpty, model.table.hasRowID, engine.dialect.rowIdentifier != nil {
            record.rowID = result.lastInsertRowID
        }
        recordChanges(max(1, result.changes))
    }

    /// Inserts a new compiled object by binding its properties into the INSERT (see
    /// ``ORMModel/insertsDirectly``) and writes the assigned key back.
    func insertDirectly(_ object: AmigoModel, model: ORMModel) throws {
        let keyMissing = model.integerKeyIsMissing(object)
        let sql = model.directInsertSQL(keyMissing: keyMissing, dialect: engine.dialect)
        let result = try engine.withPreparedWrite(sql) { run in
            try run { binder in model.bindInsert(object, keyMissing: keyMissing, into: &binder) }
        }
        if keyMissing, let key = model.access.integerKeyIndex {
            model.setStoredValue(result.insertedKey, of: model.table.columns[key], in: object)
        }
        recordChanges(max(1, result.changes))
        object.isPersisted = true
    }

    /// Runs an UPDATE of `object`'s row and counts it; no row changed means the row is gone.
    func executeUpdate(_ write: ModelWriter.Write, of object: AmigoModel, model: ORMModel) throws {
        let result = try engine.execute(write.sql, write.arguments)
        if result.changes == 0 {
            throw AmigoError.noRowToUpdate(model: model.name, key: model.primaryKeyValues(of: object))
        }
        recordChanges(result.changes)
    }

    /// Updates only the given columns of a persisted object (what amigo-shell's cell edit runs),
    /// returning the statement it ran.
    @discardableResult
    public func update(_ object: AmigoModel, columns names: [String]) throws -> (sql: String, arguments: [DatabaseValue]) {
        try engine.serialized {
            try checkWritable("edit rows")
            let model = try amigo.model(of: object)
            try checkEditable(model, "edit rows")
            let columns = try model.columns(named: names)
            let write = try ModelWriter(model: model, dialect: engine.dialect).update(object, columns: columns)
            try executeUpdate(write, of: object, model: model)
            (object as? Record)?.originalKey = nil
            return (write.sql, write.arguments)
        }
    }

    /// The UPDATE that ``update(_:columns:)`` would run, without running it (for previews).
    package func previewUpdate(_ object: AmigoModel, columns names: [String]) throws -> (sql: String, arguments: [DatabaseValue]) {
        let model = try amigo.model(of: object)
        let columns = try model.columns(named: names)
        let write = try ModelWriter(model: model, dialect: engine.dialect).update(object, columns: columns)
        return (write.sql, write.arguments)
    }

    /// Deletes the objects' rows. An object without a key (never saved) is skipped.
    public func delete(_ objects: AmigoModel...) throws { try delete(objects) }

    /// Deletes an array of objects.
    public func delete(_ objects: [AmigoModel]) throws {
        try engine.serialized {
            try checkWritable("delete rows")
            for object in objects {
                let model = try amigo.model(of: object)
                try checkEditable(model, "delete rows")
                let keys = model.primaryKeyValues(of: object)
                if keys.isEmpty || keys.contains(where: \.isNull) { continue }
                let write = try ModelWriter(model: model, dialect: engine.dialect).delete(object)
                let result = try engine.execute(write.sql, write.arguments)
                recordChanges(result.changes)
                object.isPersisted = false
                (object as? Record)?.originalKey = nil
            }
        }
    }

    /// Starts a change to the relationships of `owner`: `session.using(parent).relationship("children").add(child)`.
    public func using(_ owner: AmigoModel) -> RelationshipEditor.Builder {
        RelationshipEditor.Builder(session: self, owner: owner)
    }

    /// Collects adds, upserts and deletes and runs them together, inside a savepoint, when `body`
    /// returns. Keys and defaults are not written back to the objects. Objects whose related
    /// objects have no row yet are saved with a normal ``add(_:)-(AmigoModel...)`` instead.
    public func batch(_ body: (Batch) throws -> Void) throws {
        try checkWritable("run a batch")
        let batch = Batch(session: self)
        try body(batch)
        try batch.execute()
    }
}
