import CSQLite
import Foundation

/// sqlite3's `.dump` for an SQLite engine: the schema and every row as SQL text that the sqlite3
/// shell (or ``Engine/executeScript(_:)``) loads into the same database.
///
/// The text has sqlite3's shape: `PRAGMA foreign_keys=OFF;`, `BEGIN TRANSACTION;`, each table's
/// `CREATE TABLE` (as stored in `sqlite_schema`) followed by an `INSERT INTO … VALUES(…);` per
/// row, `sqlite_sequence`'s counters, then indexes, views and triggers, and `COMMIT;`.
/// Values are written so that they read back as the same value of the same type: integers as
/// they are, reals with every digit (`1e999` for infinity), text quoted with `''`, BLOBs as
/// `X'…'`. Shadow tables of virtual tables are left out (the virtual table fills them again),
/// and so are the `sqlite_stat` tables of `ANALYZE` (which `ANALYZE` makes again).
///
/// For example:
///
///     try SQLiteDump(engine: engine).write(tables: nil) { print($0, terminator: "") }
package struct SQLiteDump {
    /// The engine, whose catalog is SQLite's.
    public let engine: any Engine

    /// A dump of `engine`'s main database.
    public init(engine: any Engine) { self.engine = engine }

    /// Writes the dump to `sink`, a statement or a few at a time. `tables`, as sqlite3's `.dump
    /// TABLE…` reads them, are `LIKE` patterns (bound; any case, `%` and `_`, `\\` escaping) that
    /// limit it to the tables — and the indexes, triggers and views — whose own names match one.
    public func write(tables: [String]? = nil, to sink: (String) throws -> Void) throws {
        let patterns = tables ?? []
        let matching = patterns.isEmpty ? "" : " AND (" + patterns.map { _ in "name LIKE ? ESCAPE '\\'" }.joined(separator: " OR ") + ")"
        let entries = try engine.fetchAll(
            "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL\(matching) ORDER BY tbl_name = 'sqlite_sequence', rowid",
            patterns.map { .text($0) }).rows
            .map { (type: $0[0].textValue ?? "", name: $0[1].textValue ?? "", sql: $0[2].textValue ?? "") }
        let skipped = try shadowTables()

        try sink("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        for entry in entries where entry.type == "table" {
            let name = entry.name.lowercased()
            if name == "sqlite_sequence" {
                try sink("DELETE FROM sqlite_sequence;\n")
                try writeRows(of: entry.name, to: sink)
                continue
            }
            if name.hasPrefix("sqlite_") || skipped.contains(name) { continue }
            try sink(Self.createIfNotExists(entry.sql) + ";\n")
            try writeRows(of: entry.name, to: sink)
        }
        for entry in entries where ["index", "view", "trigger"].contains(entry.type) {
            try sink(entry.sql + ";\n")
        }
        try sink("COMMIT;\n")
    }

    /// A stored `CREATE TABLE` as sqlite3 writes it back: `CREATE TABLE IF NOT EXISTS` when the
    /// table's name is quoted (`CREATE TABLE "odd name"(…)`), as it is otherwise.
    static func createIfNotExists(_ sql: String) -> String {
        guard sql.hasPrefix("CREATE TABLE \"") || sql.hasPrefix("CREATE TABLE '") else { return sql }
        return "CREATE TABLE IF NOT EXISTS " + sql.dropFirst("CREATE TABLE ".count)
    }

    /// sqlite3's `.schema [PATTERN]`: the `CREATE` statement of every table, index, view and
    /// trigger of the main database as stored, each ended by `;`, in the order they were made;
    /// with `pattern` (a `LIKE` pattern, bound), only those on a table whose name matches it.
    /// As sqlite3 writes them: a table whose name is quoted reads `CREATE TABLE IF NOT EXISTS`,
    /// a view or a virtual table is followed by its columns in a comment (`/* v(id,"the name") */`), and the
    /// attached files' statements follow the main file's, their names qualified (`CREATE TABLE x.q(a)`).
    public func writeSchema(tablesLike pattern: String? = nil, to sink: (String) throws -> Void) throws {
        let attached = (engine.dialect as? SQLiteDialect)?.attached.all ?? []
        for schema in [nil] + attached.map(Optional.some) {
            let table = (schema.map { engine.dialect.quote($0) + "." } ?? "") + "sqlite_schema"
            let rows = try engine.fetchAll(
                "SELECT sql, type, name FROM \(table) WHERE sql IS NOT NULL" + (pattern == nil ? "" : " AND tbl_name LIKE ?") + " ORDER BY rowid",
                pattern.map { [.text($0)] } ?? []).rows
            for row in rows {
                var sql = Self.qualified(row[0].textValue ?? "", schema: schema)
                if schema == nil { sql = Self.createIfNotExists(sql) }
                let isVirtual = row[1].textValue == "table" && sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE")
                // (A virtual table whose module this SQLite lacks has no columns to read: no comment.)
                if row[1].textValue == "view" || isVirtual, let name = row[2].textValue,
                   let columns = try? engine.fetchAll("SELECT name FROM pragma_table_info(?, ?)", [.text(name), .text(schema ?? "main")])
                    .rows.map({ Self.identifier($0[0].textValue ?? "") }) {
                    let viewName = (schema.map { Self.identifier($0) + "." } ?? "") + Self.identifier(name)
                    sql += "\n/* \(viewName)(\(columns.joined(separator: ","))) */"
                }
                try sink(sql + ";\n")
            }
        }
    }

    /// `sql` (a stored `CREATE …`) with the object's name qualified by `schema`, as sqlite3's
    /// shell writes an attached file's statements (`CREATE TABLE x.q(a)`); as it is for main.
    static func qualified(_ sql: String, schema: String?) -> String {
        guard let schema, sql.prefix(7).uppercased() == "CREATE " else { return sql }
        for kind in ["TABLE", "INDEX", "UNIQUE INDEX", "VIEW", "TRIGGER", "VIRTUAL TABLE"] {
            let head = sql.dropFirst(7)
            guard head.prefix(kind.count).uppercased() == kind, head.dropFirst(kind.count).first == " " else { continue }
            return String(sql.prefix(7 + kind.count)) + " " + identifier(schema) + "." + head.dropFirst(kind.count + 1)
        }
        return sql
    }

    /// A name as sqlite3's shell writes it in a comment: bare when it is a plain identifier and
    /// no keyword, else in double quotes.
    static func identifier(_ name: String) -> String {
        let plain = name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let keyword = name.utf8CString.withUnsafeBufferPointer { sqlite3_keyword_check($0.baseAddress, Int32(name.utf8.count)) } != 0
        return plain && !keyword ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `INSERT INTO table VALUES(…);` for each row of `table`, a buffer of rows at a time;
    /// a table with generated columns names the others (`INSERT INTO t(a,"the b") VALUES(…)`),
    /// since a generated column takes no value.
    private func writeRows(of table: String, to sink: (String) throws -> Void) throws {
        let quote = { (name: String) in "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let quoted = quote(table)
        // PRAGMA table_xinfo's `hidden`: 2 and 3 are generated columns (virtual, stored).
        let info = try engine.fetchAll("SELECT name, hidden FROM pragma_table_xinfo(?)", [.text(table)]).rows
        let stored = info.filter { ($0[1].integerValue ?? 0) < 2 }.compactMap { $0[0].textValue }
        let generated = info.count > stored.count
        let select = generated ? stored.map(quote).joined(separator: ",") : "*"
        // sqlite3 writes a name in the INSERT bare unless it needs quotes (``identifier(_:)``).
        let target = Self.identifier(table) + (generated ? "(" + stored.map(Self.identifier).joined(separator: ",") + ")" : "")
        var buffer = ""
        try engine.fetch("SELECT \(select) FROM \(quoted)", []) { row in
            buffer += "INSERT INTO \(target) VALUES("
            for index in 0..<row.count {
                if index > 0 { buffer += "," }
                buffer += SQLiteInsertText.literal(row.value(at: index))
            }
            buffer += ");\n"
            if buffer.utf8.count >= 64 * 1024 {
                try sink(buffer)
                buffer = ""
            }
            return true
        }
        if !buffer.isEmpty { try sink(buffer) }
    }

    /// The shadow tables of the database's virtual tables (`PRAGMA table_list`), lower-cased.
    private func shadowTables() throws -> Set<String> {
        guard let list = try? engine.fetchAll("PRAGMA main.table_list") else { return [] }
        guard let nameIndex = list.columns.firstIndex(of: "name"), let typeIndex = list.columns.firstIndex(of: "type") else { return [] }
        return Set(list.rows.filter { $0[typeIndex].textValue == "shadow" }.compactMap { $0[nameIndex].textValue?.lowercased() })
    }
}
