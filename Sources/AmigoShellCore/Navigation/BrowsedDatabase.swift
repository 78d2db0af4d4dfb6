import Amigo

/// What an explorer browses, and what is replaced together when the schema is reflected again:
/// the reflected models with their engine (``amigo``) and the ``session`` every query and write
/// goes through. Every part of the explorer reads them here, so that none keeps a stale one.
package final class BrowsedDatabase {
    /// The models and engine (reflected again when the schema changes).
    public private(set) var amigo: AmigoDatabase
    /// The session every query and edit goes through.
    public private(set) var session: Session
    /// The path shown in the title.
    public let displayPath: String
    /// The files attached to it (``FileAttacher``), as the title and the tables list show them.
    package var attached: [AttachedFile] = []
    /// How the file is reflected, again when its schema changes (`--no-infer` turns inferred
    /// links off).
    package let reflectionOptions: ReflectionOptions
    /// How far the long work on the database (an export, a profile, a count) has come.
    package let meter = WorkMeter()

    /// Opens a session on `amigo`, whose path is shown as `displayPath`.
    init(amigo: AmigoDatabase, displayPath: String, reflection: ReflectionOptions) throws {
        self.amigo = amigo
        self.displayPath = displayPath
        self.reflectionOptions = reflection
        self.session = try amigo.openSession()
    }

    /// The engine of ``amigo``.
    var engine: any Engine { amigo.engine }

    /// Runs `work` — a statement over many rows — metered as `activity`: its progress is the rows
    /// the engine has scanned so far (none while it has scanned none: an index lookup, or an
    /// engine that cannot tell), of `total` when known.
    func scanning<T>(_ activity: String, total: Int?, _ work: () throws -> T) rethrows -> T {
        let engine = self.engine
        return try meter.measure(activity, total: total, rows: { engine.rowsScanned().flatMap { $0 > 0 ? $0 : nil } }, work)
    }

    /// The attached file that holds `model`'s table when that file is read-only, or nil (a table
    /// of the main file, or of a writable attached file).
    func readOnlyAttachment(of model: ORMModel) -> AttachedFile? {
        guard let schema = model.table.schema?.lowercased() else { return nil }
        return attached.first { $0.isReadOnly && $0.name.lowercased() == schema }
    }

    /// Whether the database is a SQLite file (not a PostgreSQL server): the file guards, PRAGMAs
    /// and SQLite's schema text apply only then.
    package var isSQLite: Bool { amigo.engine.dialect is SQLiteDialect }

    /// The database file `export` must never write over: the engine's path for SQLite, none
    /// (empty) for a server, whose "path" is a connection target.
    package var databaseFile: String { isSQLite ? amigo.engine.path : "" }

    /// The files attached to the database (`attach`, more files on the command line), which
    /// `export` must never write over either.
    package func attachedFiles() throws -> [String] { try session.attachedFiles() }

    /// Reflects the models again on the same engine, with a new session. With `keepingChanges`
    /// (after DDL the user ran inside the session), the open transaction and its pending changes
    /// are handed to the new session; otherwise the old session is closed (its changes undone).
    func reflectAgain(keepingChanges: Bool) throws {
        let fresh = try AmigoDatabase(reflecting: amigo.engine, reflection: reflectionOptions)
        if keepingChanges {
            session = try session.handOver(to: fresh)
            amigo = fresh
        } else {
            try? session.close()
            amigo = fresh
            session = try fresh.openSession()
        }
    }
}
