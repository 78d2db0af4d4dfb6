/// Numbered schema steps applied in order, each in its own transaction, recording the version
/// where the engine's dialect keeps it: SQLite's `PRAGMA user_version`, PostgreSQL's
/// `amigo_schema_version` table (in the spirit of SwiftManagedModel's schema versions).
///
///     var migrator = Migrator()
///     migrator.register(1, "create dog") { engine in try engine.executeScript("CREATE TABLE dog (id INTEGER PRIMARY KEY, name TEXT)") }
///     migrator.register(2, "add breed") { engine in try engine.executeScript("ALTER TABLE dog ADD COLUMN breed TEXT") }
///     try migrator.migrate(amigo.engine)    // applies the steps above user_version; a second run does nothing
///
/// A failing step is rolled back and leaves `user_version` at the last step that succeeded.
public struct Migrator: Sendable {
    /// A registered step.
    public struct Step: Sendable {
        /// Its version number (user_version after it ran).
        public let version: Int
        /// A description.
        public let name: String
        let body: @Sendable (any Engine) throws -> Void
    }

    /// The steps, sorted by version.
    public private(set) var steps: [Step] = []

    /// Creates an empty migrator.
    public init() {}

    /// Registers the step that brings the schema to `version` (versions must be unique and positive).
    public mutating func register(_ version: Int, _ name: String = "", _ body: @escaping @Sendable (any Engine) throws -> Void) {
        steps.removeAll { $0.version == version }
        steps.append(Step(version: version, name: name, body: body))
        steps.sort { $0.version < $1.version }
    }

    /// The version the migrator last recorded (SQLite: the file's `PRAGMA user_version`).
    public func currentVersion(of engine: any Engine) throws -> Int {
        if let setup = engine.dialect.schemaVersionSetup { try engine.executeScript(setup) }
        return Int(try engine.fetchScalar(engine.dialect.schemaVersionQuery).integerValue ?? 0)
    }

    /// Applies, in order, every step above the file's version; returns the versions applied.
    ///
    /// - Throws: ``AmigoError/invalidMigrationVersion(version:name:)`` before anything runs when a step's version is
    ///   not positive (such a step could never be above `user_version`, so it would be skipped
    ///   silently), ``AmigoError/transactionOpen(operation:)`` when this thread's session is open on the engine; the error of a failing step, whose
    ///   changes are rolled back while the steps before it stay applied. While another thread's
    ///   session owns the engine, it first waits for it to close (see ``TransactionGate``), then
    ///   throws ``AmigoError/sessionBusy(path:waited:)`` if it did not in time.
    @discardableResult
    public func migrate(_ engine: any Engine) throws -> [Int] {
        if let bad = steps.first(where: { $0.version <= 0 }) {
            throw AmigoError.invalidMigrationVersion(version: bad.version, name: bad.name)
        }
        return try engine.transactionGate.withoutOtherSessions(path: engine.path) { try engine.serialized {
            guard !engine.isInTransaction else {
                throw AmigoError.transactionOpen(operation: "migrate")
            }
            var applied: [Int] = []
            let current = try currentVersion(of: engine)
            for step in steps where step.version > current {
                let ran = try engine.inTransaction(.immediate) { () throws -> Bool in
                    for statement in engine.dialect.migrationLock { try engine.executeScript(statement) }
                    // Another migrator may have applied this step while this one waited.
                    if try currentVersion(of: engine) >= step.version { return false }
                    try step.body(engine)
                    try engine.executeScript(engine.dialect.recordSchemaVersion(step.version))
                    return true
                }
                if ran { applied.append(step.version) }
            }
            return applied
        } }
    }
}
