import Amigo
import AmigoTestSupport
import Foundation

// Helpers of the suites for issue 5 (AggregateSpec, SchemaSyncSpec, MigratorSpec,
// CrudConveniencesSpec, RawSQLSpec).

/// A database file in the temporary directory — a copy of a real sample database, or one built by
/// a script — removed (with its journals) when this goes away.
final class SeedFile {
    let path: String

    /// A writable copy of `database`.
    init(copying database: SampleDatabase) throws {
        path = try database.copy()
    }

    /// A new file holding what `script` creates (an empty database for an empty script).
    init(script: String = "") throws {
        path = TemporaryFile.path("seed-library")
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript(script.isEmpty ? "PRAGMA user_version = 0" : script)
    }

    deinit { TemporaryFile.remove(path) }

    /// A new, independent connection to the file.
    func connect(_ options: OpenOptions = OpenOptions()) throws -> SQLiteEngine {
        try SQLiteEngine(path: path, options: options)
    }

    /// `models` bound to a new connection to the file.
    func amigo(_ models: [ORMModel]) throws -> AmigoDatabase {
        try AmigoDatabase(models, factory: SQLiteEngineFactory(path, options: OpenOptions()))
    }

    /// The file's schema reflected through a new connection.
    func reflect(_ options: OpenOptions = OpenOptions()) throws -> AmigoDatabase {
        try AmigoDatabase(reflecting: path, options: options)
    }

    /// The file's bytes now.
    var bytes: Data { FileManager.default.contents(atPath: path) ?? Data() }
}

extension Engine {
    /// Every row of a query, as value arrays.
    func allRows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        try fetchAll(sql, arguments).rows
    }

    /// The first column of the first row as an Int (nil for NULL or no row).
    func scalarInt(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int? {
        try fetchScalar(sql, arguments).integerValue.map { Int($0) }
    }

    /// The names of a table's columns, in order (`PRAGMA table_info`).
    func columnNames(of table: String) throws -> [String] {
        try fetchAll("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).rows.compactMap { $0[0].textValue }
    }

    /// `name notnull pk` for each column of a table, e.g. `["id 0 1", "label 1 0"]`.
    func columnFlags(of table: String) throws -> [String] {
        try fetchAll(#"SELECT name, "notnull", pk FROM pragma_table_info(?) ORDER BY cid"#, [.text(table)]).rows.map { row in
            row.map { $0.textValue ?? "NULL" }.joined(separator: " ")
        }
    }

    /// The names of the tables in the file, sorted.
    func tableNames() throws -> [String] {
        try fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name").rows
            .compactMap { $0[0].textValue }
    }
}
