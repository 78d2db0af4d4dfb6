import Foundation

/// Telling a PostgreSQL connection target from a SQLite file in amigo-shell's DATABASE argument.
enum PostgresTarget {
    /// libpq's connection keywords that may start a keyword string (`host=/run/postgresql dbname=shop`).
    static let keywords: Set<String> = ["host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service",
                                        "sslmode", "options", "application_name", "connect_timeout", "target_session_attrs"]

    /// Whether `argument` names a PostgreSQL database: a `postgres://` or `postgresql://` URL, or
    /// (when no file has that name) a libpq keyword string whose first word is `keyword=value`.
    static func names(_ argument: String) -> Bool {
        let lower = argument.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") { return true }
        guard !FileManager.default.fileExists(atPath: argument),
              let first = argument.split(whereSeparator: \.isWhitespace).first,
              let equals = first.firstIndex(of: "=") else { return false }
        return keywords.contains(first[..<equals].lowercased())
    }

    /// The libpq keyword string for the database the environment names when amigo-shell is given
    /// none, as psql reads it: `service='…'` when `PGSERVICE` is set, `dbname='…'` when
    /// `PGDATABASE` is (both when both are; libpq reads the other `PG…` variables itself); nil
    /// when neither is set (or both are empty): the demo opens.
    static func fromEnvironment(_ environment: [String: String]) -> String? {
        func quoted(_ value: String) -> String {
            "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        var parts: [String] = []
        if let service = environment["PGSERVICE"], !service.isEmpty { parts.append("service=" + quoted(service)) }
        if let database = environment["PGDATABASE"], !database.isEmpty { parts.append("dbname=" + quoted(database)) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// A password read from the terminal without echo (`Password: `), or nil when none was typed.
    static func readPassword() -> String? {
        guard let typed = getpass("Password: ") else { return nil }
        let password = String(cString: typed)
        // getpass's buffer is static: wipe what was typed.
        memset(typed, 0, strlen(typed))
        return password.isEmpty ? nil : password
    }

    /// What amigo-shell does not do on PostgreSQL.
    enum Refusal: Error, CustomStringConvertible {
        /// `--create`: a server's database is created with `createdb` (or `CREATE DATABASE`).
        case createUnsupported

        var description: String {
            switch self {
            case .createUnsupported: return "--create is not supported on PostgreSQL: create the database with createdb"
            }
        }
    }
}
