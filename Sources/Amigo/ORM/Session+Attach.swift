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
    /// The file is named to SQLite by its `file:` URI (``SQLiteFileURI``): `readOnly` opens it
    /// `mode=ro` (every write to its tables is refused), otherwise `mode=rw` (read-only all the
    /// same on a read-only connection); neither creates a file unless `creating` (then a missing
    /// file is made empty first, as sqlite3's `ATTACH` does).
    ///
    /// - Throws: ``AmigoError/attachUnsupported(dialect:)`` on an engine without attached files
    ///   (PostgreSQL); ``AmigoError/cannotAttach(path:name:reason:)`` when `name` is empty,
    ///   `main` or `temp`, holds a dot, or is in use, no file is at `path` (SQLite would
    ///   create an empty one), it is the open file or one attached already (by any path: a
    ///   link, `..`), it is not an SQLite database, or another connection holds it locked;
    ///   ``AmigoError/changesPending(count:operation:)`` with changes pending.
    public func attach(_ path: String, as name: String, readOnly: Bool = false, creating: Bool = false) throws {
        guard let sql = engine.dialect.attachStatement(as: name) else {
            throw AmigoError.attachUnsupported(dialect: AmigoError.dialectName(engine.dialect))
        }
        let attached = try attachments()
        if let reason = Self.attachNameProblem(name, attached: attached.map(\.name)) {
            throw AmigoError.cannotAttach(path: path, name: name, reason: reason)
        }
        // "" and ":memory:" are SQLite's temporary and in-memory databases, not files.
        let isFile = path != ":memory:" && !path.isEmpty
        guard !isFile || (creating && !readOnly && !engine.isReadOnly) || FileManager.default.fileExists(atPath: path) else {
            throw AmigoError.cannotAttach(path: path, name: name, reason: "no such file")
        }
        if let reason = Self.sameFileProblem(path, main: engine.path, attached: attached) {
            throw AmigoError.cannotAttach(path: path, name: name, reason: reason)
        }
        if creating, !readOnly, !engine.isReadOnly, isFile, !FileManager.default.fileExists(atPath: path) {
            // sqlite3's ATTACH makes a missing file. A URI's `mode=rwc` is refused on a connection
            // opened without SQLITE_OPEN_CREATE, so the empty file (an empty database) is made here.
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw AmigoError.cannotAttach(path: path, name: name, reason: "the file could not be made")
            }
        }
        let file = isFile ? SQLiteFileURI.uri(for: path, readOnly: readOnly || engine.isReadOnly) : path
        do {
            try executeBetweenTransactions(sql, [.text(file)])
        } catch AmigoError.database(let error) where error.kind == .corrupt {
            throw AmigoError.cannotAttach(path: path, name: name, reason: "it is not an SQLite database (\(error.message))")
        } catch AmigoError.database(let error) where error.kind == .busy || error.kind == .locked {
            throw AmigoError.cannotAttach(path: path, name: name, reason: "another program holds it locked (\(error.message)); try again when it is done")
        }
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

    /// The files attached now, in the order they were attached, each with its path and whether
    /// it is read-only (none on an engine without attached files).
    public func attachments() throws -> [AttachedFile] {
        guard let catalog = engine.schemaCatalog as? SQLiteCatalog else { return [] }
        return try engine.marking(.catalog) { try catalog.attachedDatabases() }
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

    /// Why the file at `path` cannot be attached because it is open already, as the main file
    /// (`main`) or one of `attached`, by whatever path (a symbolic or hard link, `..`): the same
    /// device and inode. Nil when it is another file.
    static func sameFileProblem(_ path: String, main: String, attached: [AttachedFile]) -> String? {
        guard let identity = FileIdentity(path) else { return nil }
        if FileIdentity(main) == identity { return "it is the open database file itself (\(main))" }
        if let twin = attached.first(where: { FileIdentity($0.path) == identity }) {
            return "it is open already, attached as \(twin.name)"
        }
        return nil
    }

    /// Tells the dialect which names are attached now.
    private func noteAttachedNames() throws {
        (engine.dialect as? SQLiteDialect)?.attached.replace(with: try attachedNames())
    }
}
