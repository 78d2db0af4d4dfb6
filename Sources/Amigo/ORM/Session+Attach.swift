import Foundation

/// More than one SQLite file on one connection: `ATTACH` and `DETACH`, run between the
/// session's transactions (SQLite refuses them inside one).
///
///     try session.attach("archive.sqlite", as: "archive")  // ATTACH DATABASE ? AS "archive"
///     let amigo = try AmigoDatabase(reflecting: session.engine)  // lists archive.orders, …
///
/// An attached file's tables are reflected as `name.table` (``Table/schema`` is `name`), their
/// foreign keys lead to the same file's tables, and every query and write on them goes through
/// the session's transaction like the main file's: one commit covers both files.
extension Session {
    /// Attaches the SQLite file at `path` under `name`, which then qualifies its tables
    /// (`name.table`). The models do not list them until the schema is reflected again
    /// (``AmigoDatabase/init(reflecting:reflection:progress:)`` on the same engine).
    ///
    /// - Throws: ``AmigoError/attachUnsupported(dialect:)`` on an engine without attached files
    ///   (PostgreSQL); ``AmigoError/cannotAttach(path:name:reason:)`` when `name` is empty,
    ///   `main` or `temp`, holds a dot, or is in use, or no file is at `path` (SQLite would
    ///   create an empty one); ``AmigoError/changesPending(count:operation:)`` with changes
    ///   pending; what SQLite throws (not a database, locked).
    public func attach(_ path: String, as name: String) throws {
        guard let sql = engine.dialect.attachStatement(as: name) else {
            throw AmigoError.attachUnsupported(dialect: AmigoError.dialectName(engine.dialect))
        }
        let attached = try attachedNames()
        if let reason = Self.attachNameProblem(name, attached: attached) {
            throw AmigoError.cannotAttach(path: path, name: name, reason: reason)
        }
        guard path == ":memory:" || FileManager.default.fileExists(atPath: path) else {
            throw AmigoError.cannotAttach(path: path, name: name, reason: "no such file")
        }
        try executeBetweenTransactions(sql, [.text(path)])
        try noteAttachedNames()
    }

    /// Detaches the file attached as `name`. Its tables stay in the models until the schema is
    /// reflected again.
    ///
    /// - Throws: ``AmigoError/attachUnsupported(dialect:)`` as for ``attach(_:as:)``;
    ///   ``AmigoError/notAttached(name:attached:)`` when no file is attached as `name`;
    ///   ``AmigoError/changesPending(count:operation:)`` with changes pending.
    public func detach(_ name: String) throws {
        guard let sql = engine.dialect.detachStatement(name) else {
            throw AmigoError.attachUnsupported(dialect: AmigoError.dialectName(engine.dialect))
        }
        let attached = try attachedNames()
        guard attached.contains(where: { $0.lowercased() == name.lowercased() }) else {
            throw AmigoError.notAttached(name: name, attached: attached)
        }
        try executeBetweenTransactions(sql)
        try noteAttachedNames()
    }

    /// The names files are attached under, in the order they were attached (none on an engine
    /// without attached files).
    public func attachedNames() throws -> [String] {
        guard engine.dialect.attachStatement(as: "x") != nil else { return [] }
        return try engine.marking(.catalog) { try engine.schemaCatalog.schemaNames() }.filter { $0 != "main" && $0 != "temp" }
    }

    /// The paths of the files attached now (none on an engine without attached files): what a
    /// program writing files must never overwrite, as it must not the main file.
    public func attachedFiles() throws -> [String] {
        guard let catalog = engine.schemaCatalog as? SQLiteCatalog else { return [] }
        return try engine.marking(.catalog) { try catalog.attachedFiles() }
    }

    /// Why `name` cannot name a newly attached file, or nil when it can.
    static func attachNameProblem(_ name: String, attached: [String]) -> String? {
        if name.isEmpty { return "the name is empty" }
        if ["main", "temp"].contains(name.lowercased()) { return "\(name) names the main file or its temporary tables" }
        if name.contains(".") { return "a name with a dot would not tell its tables from the main file's" }
        if attached.contains(where: { $0.lowercased() == name.lowercased() }) { return "a file is attached as \(name) already" }
        return nil
    }

    /// Tells the dialect which names are attached now.
    private func noteAttachedNames() throws {
        (engine.dialect as? SQLiteDialect)?.attached.replace(with: try attachedNames())
    }
}
