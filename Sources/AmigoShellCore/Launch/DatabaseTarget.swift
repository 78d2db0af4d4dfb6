import Amigo
import Foundation

/// What amigo-shell opens, decided from its DATABASE argument and the environment: a SQLite
/// file, a data file (CSV, TSV, JSON) made a table, a PostgreSQL database (a URL or a libpq
/// keyword string), or the built-in demo.
///
/// For example:
///
/// ```swift
/// DatabaseTarget.resolve(argument: "shop.sqlite", environment: [:])            // .sqliteFile("shop.sqlite")
/// DatabaseTarget.resolve(argument: "sales.CSV", environment: [:])              // .dataFile(DataFile(path: "sales.CSV"))
/// DatabaseTarget.resolve(argument: "postgres://db/shop", environment: [:])     // .postgres("postgres://db/shop")
/// DatabaseTarget.resolve(argument: nil, environment: ["PGDATABASE": "shop"])  // .postgres("dbname='shop'")
/// DatabaseTarget.resolve(argument: nil, environment: [:])                     // .demo
/// ```
package enum DatabaseTarget: Equatable, Sendable {
    /// The demo database, built in memory.
    case demo
    /// An empty database in memory: what a script on standard input gets with no DATABASE, as
    /// `sqlite3 < script.sql` does (``LaunchPlan`` decides it).
    case emptyInMemory
    /// A SQLite file at this path.
    case sqliteFile(String)
    /// A PostgreSQL database: a `postgres://` URL or a libpq keyword string.
    case postgres(String)
    /// A CSV, TSV or JSON file (named by its extension, in any case), opened as a table in a
    /// database of its own (``TypedImport``).
    case dataFile(DataFile)

    /// libpq's connection keywords that may start a keyword string (`host=/run/postgresql dbname=shop`).
    package static let postgresKeywords: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service",
        "sslmode", "options", "application_name", "connect_timeout", "target_session_attrs"]

    /// The target `argument` names; with no argument, the PostgreSQL database `PGSERVICE` or
    /// `PGDATABASE` names (as for psql), else the demo. `fileExists` tells whether a file of
    /// that name exists (a file wins over a keyword string that looks the same). A path whose
    /// extension names a data format (``DataFile/Format/extensions``) is a data file, whether it
    /// exists or not (reading it says what is wrong).
    package static func resolve(argument: String?, environment: [String: String],
                               fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> DatabaseTarget {
        guard let argument else { return fromEnvironment(environment).map(DatabaseTarget.postgres) ?? .demo }
        if namesPostgres(argument, fileExists: fileExists) { return .postgres(argument) }
        return DataFile(path: argument).map(DatabaseTarget.dataFile) ?? .sqliteFile(argument)
    }

    /// Whether `argument` names a PostgreSQL database: a `postgres://` or `postgresql://` URL, or
    /// (when no file has that name) a libpq keyword string whose first word is `keyword=value`.
    package static func namesPostgres(_ argument: String,
                                     fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> Bool {
        let lower = argument.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") { return true }
        guard !fileExists(argument),
              let first = argument.split(whereSeparator: \.isWhitespace).first,
              let equals = first.firstIndex(of: "=") else { return false }
        return postgresKeywords.contains(first[..<equals].lowercased())
    }

    /// The libpq keyword string for the database the environment names when amigo-shell is given
    /// none, as psql reads it: `service='…'` when `PGSERVICE` is set, `dbname='…'` when
    /// `PGDATABASE` is (both when both are; libpq reads the other `PG…` variables itself); nil
    /// when neither is set (or both are empty).
    package static func fromEnvironment(_ environment: [String: String]) -> String? {
        func quoted(_ value: String) -> String {
            "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        var parts: [String] = []
        if let service = environment["PGSERVICE"], !service.isEmpty { parts.append("service=" + quoted(service)) }
        if let database = environment["PGDATABASE"], !database.isEmpty { parts.append("dbname=" + quoted(database)) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// Whether the target is a data file to import (CSV, TSV, JSON).
    package var isDataFile: Bool {
        if case .dataFile = self { return true }
        return false
    }

    /// Whether the target is a server's database (its row counts are bounded, `--create` is refused).
    package var isServer: Bool {
        if case .postgres = self { return true }
        return false
    }
}
