import Amigo
import AmigoPostgres
import AmigoTestSupport
import Foundation
import Testing

/// The test server's connection URL (`postgresql:///amigo_test?host=<socket folder>`), set by
/// scripts/test, which starts a throwaway cluster with scripts/pg-test-server; nil when the tests
/// run without it (`swift test` alone), and then every test that needs PostgreSQL is skipped.
enum TestServer {
    static let url: String? = {
        let value = ProcessInfo.processInfo.environment["AMIGO_PG_URL"]
        return value?.isEmpty == false ? value : nil
    }()

    /// Whether a server was given.
    static var isAvailable: Bool { url != nil }

    /// The reason tests are skipped without one.
    static let skipReason: Comment = "AMIGO_PG_URL is not set: run scripts/test, which starts a throwaway PostgreSQL cluster"

    /// The socket folder named by `url` (its `host` parameter).
    static var socketFolder: String? {
        guard let url, let components = URLComponents(string: url) else { return nil }
        return components.queryItems?.first { $0.name == "host" }?.value
    }

    /// `url` with one more query parameter, whose value is percent-encoded (libpq refuses a
    /// second `=` in a parameter).
    static func url(adding name: String, _ value: String) -> String? {
        guard let url else { return nil }
        let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.")))!
        return url + (url.contains("?") ? "&" : "?") + name + "=" + encoded
    }
}

/// A place for one test's tables on one engine: a temporary SQLite file, or a PostgreSQL schema
/// of its own (created here, every connection's `search_path`, dropped with everything in it at
/// ``drop()``), so that tests run in parallel without meeting each other's rows.
final class TestStore: @unchecked Sendable {
    /// The engine kinds a scenario runs on.
    enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
        /// The engines the scenarios run on here: SQLite, and PostgreSQL when the test server runs
        /// (scripts/test always starts one).
        static var available: [Kind] { TestServer.isAvailable ? allCases : [.sqlite] }
    }

    let kind: Kind
    /// The SQLite file's path, or the PostgreSQL URL with the store's `search_path`.
    let location: String
    private var schema: String?
    /// Schemas made by ``createSchema(_:)``, dropped with the store.
    private var extraSchemas: [String] = []
    /// A name unique to this store (its PostgreSQL schema), for names that must not meet another test's.
    let tag: String

    init(_ kind: Kind) throws {
        self.kind = kind
        tag = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        switch kind {
        case .sqlite:
            location = TemporaryFile.path("amigo-pg-scenario")
        case .postgres:
            let schema = tag
            guard let base = TestServer.url, let url = TestServer.url(adding: "options", "-csearch_path=\(schema)") else {
                throw AmigoError.cannotOpen(path: "AMIGO_PG_URL", message: "AMIGO_PG_URL is not set")
            }
            let admin = try PostgresEngine(base)
            try admin.executeScript("CREATE SCHEMA \(schema)")
            self.schema = schema
            location = url
        }
    }

    /// A new engine (a new connection) on this store.
    func connect() throws -> any Engine {
        switch kind {
        case .sqlite: return try SQLiteEngineFactory(location).connect()
        case .postgres: return try PostgresEngineFactory(location).connect()
        }
    }

    /// A new `Amigo` over `models` on a new connection.
    func amigo(_ models: [ORMModel]) throws -> AmigoDatabase {
        switch kind {
        case .sqlite: return try AmigoDatabase(models, factory: SQLiteEngineFactory(location))
        case .postgres: return try AmigoDatabase(models, factory: PostgresEngineFactory(location))
        }
    }

    /// A PostgreSQL store with a table `t (a int)`, and an engine on it that recovers from failed
    /// statements, inside a transaction that has inserted 1.
    static func recoveringTransaction() throws -> (store: TestStore, engine: PostgresEngine) {
        let store = try TestStore(.postgres)
        let engine = try #require(try store.connect() as? PostgresEngine)
        try engine.executeScript("CREATE TABLE t (a int)")
        engine.recoversFromFailedStatements = true
        try engine.execute(.begin(.deferred))
        try engine.execute("INSERT INTO t VALUES (1)")
        return (store, engine)
    }

    /// Reflects the store's schema on a new connection.
    /// On PostgreSQL, only the store's own schemas are read: other tests' schemas come and go meanwhile.
    func reflect() throws -> AmigoDatabase {
        let engine = try connect()
        if let postgres = engine as? PostgresEngine { postgres.reflectedSchemas = [tag] + extraSchemas }
        return try AmigoDatabase(reflecting: engine)
    }

    /// PostgreSQL: creates the schema `<tag>_<suffix>`, outside the store's `search_path`, dropped
    /// with the store, and returns its name.
    func createSchema(_ suffix: String) throws -> String {
        let name = tag + "_" + suffix
        try connect().executeScript("CREATE SCHEMA \(PostgresDialect().quote(name))")
        extraSchemas.append(name)
        return name
    }

    /// Removes the file or the schemas.
    func drop() {
        switch kind {
        case .sqlite: TemporaryFile.remove(location)
        case .postgres:
            if let schema, let base = TestServer.url, let admin = try? PostgresEngine(base) {
                for extra in extraSchemas { try? admin.executeScript("DROP SCHEMA \(PostgresDialect().quote(extra)) CASCADE") }
                try? admin.executeScript("DROP SCHEMA \(schema) CASCADE")
            }
        }
    }
}
