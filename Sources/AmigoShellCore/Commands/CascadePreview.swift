import Amigo

/// What the database itself will do when rows are deleted: the rows `ON DELETE CASCADE` removes
/// and the rows `SET NULL` (or `SET DEFAULT`) changes, per table and counted, and the foreign
/// keys that refuse the delete (`NO ACTION` or `RESTRICT` with rows still pointing at it).
///
/// Found by walking the foreign keys that point at the deleted rows, recursively (up to
/// ``maxDepth`` steps), with one COUNT query per table: each table's rows are counted once,
/// however many paths lead to them.
public struct CascadePreview: Equatable, Sendable {
    /// Rows of a table that the delete removes or changes.
    public struct Effect: Equatable, Sendable {
        /// The table.
        public var table: String
        /// How many rows.
        public var count: Int
    }

    /// A foreign key that makes the delete fail.
    public struct Restriction: Equatable, Sendable {
        /// The table whose rows point at deleted rows.
        public var table: String
        /// Its foreign-key columns.
        public var columns: [String]
        /// The table they point at.
        public var parent: String
        /// The action (`NO ACTION`, `RESTRICT`).
        public var action: String
        /// How many rows still point at deleted rows.
        public var count: Int
    }

    /// How many foreign-key steps are followed from the deleted rows.
    public static let maxDepth = 6

    /// Rows deleted directly (the ones asked for).
    public var rows: Int
    /// Rows other tables (or the same one) lose through `ON DELETE CASCADE`, by table.
    public var cascaded: [Effect] = []
    /// Rows whose foreign key `SET NULL` or `SET DEFAULT` changes, by table.
    public var nulled: [Effect] = []
    /// Foreign keys that refuse the delete.
    public var restrictions: [Restriction] = []

    /// Whether SQLite will refuse the delete.
    public var willFail: Bool { !restrictions.isEmpty }

    /// Every row the delete removes, its own and the cascaded ones.
    public var totalDeleted: Int { rows + cascaded.reduce(0) { $0 + $1.count } }

    /// Lines for people: `also deletes 2 rows of Album (ON DELETE CASCADE)` …, or nothing.
    public var lines: [String] {
        var lines = cascaded.map { "also deletes \(Plural.count($0.count, "row")) of \($0.table) (ON DELETE CASCADE)" }
        lines += nulled.map { "sets the foreign key of \(Plural.count($0.count, "row")) of \($0.table) to NULL (ON DELETE SET NULL)" }
        lines += restrictions.map {
            "will fail: \(Plural.count($0.count, "row")) of \($0.table) still refer to it through \($0.table)(\($0.columns.joined(separator: ", "))) → \($0.parent) (ON DELETE \($0.action))"
        }
        return lines
    }

    /// A condition on a table's columns, with its bound values.
    struct Selection {
        var sql: String
        var arguments: [DatabaseValue]
    }

    /// Computes the preview for deleting the rows of `table` that `selection` picks. Runs only
    /// COUNT queries, not echoed (they are the shell's bookkeeping, not the user's SQL).
    static func compute(table: String, selection: Selection, models: [ORMModel], engine: any Engine) throws -> CascadePreview {
        try engine.unechoed { try computeUnechoed(table: table, selection: selection, models: models, engine: engine) }
    }

    /// ``compute(table:selection:models:engine:)``, inside ``Engine/unechoed(_:)``.
    private static func computeUnechoed(table: String, selection: Selection, models: [ORMModel], engine: any Engine) throws -> CascadePreview {
        let quote = { (name: String) in engine.dialect.quote(name) }
        func count(_ table: String, _ condition: Selection) throws -> Int {
            Int(try engine.fetchScalar("SELECT count(*) FROM \(engine.dialect.quoteTable(table)) WHERE \(condition.sql)", condition.arguments).integerValue ?? 0)
        }
        let tables = models.filter { !$0.name.isEmpty && !$0.table.isView }.map(\.table)
        var preview = CascadePreview(rows: try count(table, selection))
        var deleted: [String: [Selection]] = [table.lowercased(): [selection]]
        var nulled: [String: [Selection]] = [:]
        var names: [String: String] = [table.lowercased(): table]
        var order: [String] = []          // tables in the order they were reached
        var restrictions: [Restriction] = []
        var frontier: [(table: String, selection: Selection)] = [(table, selection)]
        for _ in 0..<maxDepth where !frontier.isEmpty {
            var next: [(table: String, selection: Selection)] = []
            for (parent, parentSelection) in frontier {
                for child in tables {
                    for fk in child.foreignKeys where fk.referencedTable.lowercased() == parent.lowercased() {
                        let parentTable = tables.first { $0.name.lowercased() == parent.lowercased() }
                        let referenced = fk.referencedColumns.isEmpty ? (parentTable?.primaryKey.map(\.label) ?? []) : fk.referencedColumns
                        guard !referenced.isEmpty, referenced.count == fk.columns.count else { continue }
                        let left = fk.columns.count == 1 ? quote(fk.columns[0]) : "(" + fk.columns.map(quote).joined(separator: ", ") + ")"
                        let condition = Selection(
                            sql: "\(left) IN (SELECT \(referenced.map(quote).joined(separator: ", ")) FROM \(engine.dialect.quoteTable(parent)) WHERE \(parentSelection.sql))",
                            arguments: parentSelection.arguments)
                        let n = try count(child.name, condition)
                        guard n > 0 else { continue }
                        let key = child.name.lowercased()
                        names[key] = child.name
                        switch fk.onDelete.uppercased() {
                        case "CASCADE":
                            if deleted[key] == nil && key != table.lowercased() { order.append(key) }
                            deleted[key, default: []].append(condition)
                            next.append((child.name, condition))
                        case "SET NULL", "SET DEFAULT":
                            if nulled[key] == nil { order.append(key) }
                            nulled[key, default: []].append(condition)
                        default:
                            // A row that points at itself, deleted with it, does not hold the delete up.
                            if child.name.lowercased() == table.lowercased() && parent.lowercased() == table.lowercased() {
                                let remaining = try count(child.name, Selection(sql: "(\(condition.sql)) AND NOT (\(selection.sql))",
                                                                                arguments: condition.arguments + selection.arguments))
                                if remaining == 0 { continue }
                            }
                            restrictions.append(Restriction(table: child.name, columns: fk.columns, parent: parent,
                                                            action: fk.onDelete.uppercased(), count: n))
                        }
                    }
                }
            }
            frontier = next
        }
        /// The conditions ORed together.
        func union(_ list: [Selection]) -> Selection {
            Selection(sql: list.map { "(\($0.sql))" }.joined(separator: " OR "), arguments: list.flatMap(\.arguments))
        }
        var seen = Set<String>()
        for key in order where seen.insert(key).inserted {
            let name = names[key] ?? key
            if let conditions = deleted[key] {
                var n = try count(name, union(conditions))
                if key == table.lowercased() { n -= preview.rows }
                if n > 0 { preview.cascaded.append(Effect(table: name, count: n)) }
            }
            if let conditions = nulled[key] {
                let changed = union(conditions)
                let n: Int
                if let gone = deleted[key] {
                    let removed = union(gone)
                    n = try count(name, Selection(sql: "(\(changed.sql)) AND NOT (\(removed.sql))", arguments: changed.arguments + removed.arguments))
                } else {
                    n = try count(name, changed)
                }
                if n > 0 { preview.nulled.append(Effect(table: name, count: n)) }
            }
        }
        // The root table reached again through a cascade (rows that point at deleted rows of their own table).
        if let conditions = deleted[table.lowercased()], conditions.count > 1, !order.contains(table.lowercased()) {
            let n = try count(table, union(conditions)) - preview.rows
            if n > 0 { preview.cascaded.insert(Effect(table: table, count: n), at: 0) }
        }
        preview.restrictions = restrictions
        return preview
    }
}
