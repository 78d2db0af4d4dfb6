/// SQLite's own statements around rebuilding a table (``SchemaSynchronizer`` on SQLite, which
/// cannot alter a column in place): the settings a rebuild runs under, the file's triggers and
/// indexes read before the table is dropped, and the foreign-key check before commit. Every
/// table name is bound as a parameter.
struct SQLiteTableRebuild {
    /// A trigger or index of the file, as written in its schema.
    struct SchemaObject {
        /// `trigger` or `index`.
        var type: String
        /// Its name.
        var name: String
        /// The statement that created it, as the file keeps it.
        var sql: String
        /// For an index, the table columns it reads (nil for an expression index).
        var columns: [String]?
    }

    /// The engine rebuilt on.
    let engine: any Engine

    /// Runs `body` with foreign-key enforcement off and the legacy rename on, putting both back
    /// after (even when `body` throws).
    ///
    /// A rebuilt table is dropped and its copy renamed to its name. Without the legacy rename,
    /// SQLite checks every view and trigger while renaming, and fails on those that read the
    /// table ("error in view v: no such table: main.t") since it was just dropped.
    func withRebuildSettings<T>(_ body: () throws -> T) throws -> T {
        try engine.executeScript("PRAGMA foreign_keys = OFF")
        defer { try? engine.executeScript("PRAGMA foreign_keys = ON") }
        let legacyRename = try engine.fetchScalar("PRAGMA legacy_alter_table").integerValue ?? 0
        try engine.executeScript("PRAGMA legacy_alter_table = ON")
        defer { try? engine.executeScript("PRAGMA legacy_alter_table = \(legacyRename == 0 ? 0 : 1)") }
        return try body()
    }

    /// The triggers and indexes on the table `table`, in the order they were created, except the
    /// indexes named in `except` (lowercased); each index with the columns it reads.
    func triggersAndIndexes(on table: String, except: Set<String>) throws -> [SchemaObject] {
        var objects: [SchemaObject] = []
        try engine.fetch("SELECT type, name, sql FROM sqlite_schema WHERE type IN ('trigger', 'index') AND sql IS NOT NULL AND tbl_name = ? COLLATE NOCASE ORDER BY rowid",
                         [.text(table)]) { row in
            guard case .text(let type) = row.value(at: 0), case .text(let name) = row.value(at: 1),
                  case .text(let sql) = row.value(at: 2) else { return true }
            if type == "index" && except.contains(name.lowercased()) { return true }
            objects.append(SchemaObject(type: type, name: name, sql: sql, columns: nil))
            return true
        }
        for i in objects.indices where objects[i].type == "index" {
            var columns: [String]? = []
            try engine.fetch("SELECT name FROM pragma_index_info(?)", [.text(objects[i].name)]) { row in
                if case .text(let column) = row.value(at: 0) { columns?.append(column) } else { columns = nil }
                return true
            }
            objects[i].columns = columns
        }
        return objects
    }

    /// How many rows break a foreign key (`PRAGMA foreign_key_check`).
    func foreignKeyViolationCount() throws -> Int {
        try engine.fetchAll("PRAGMA foreign_key_check").rows.count
    }
}
