/// Opening any existing SQLite file as run-time models.
extension AmigoDatabase {
    /// Opens the database at `path` and reflects its schema into models: every table and view
    /// becomes a run-time ``ORMModel`` whose rows are ``Record``s, with its relationships
    /// discovered from foreign keys and junction tables.
    ///
    /// A missing file is an error (reflection never creates one). A file that is not a database,
    /// or is corrupt or locked, throws with the path and SQLite's message. A read-only file is
    /// opened read-only; edits then fail with ``AmigoError/readOnly(path:operation:)``.
    ///
    ///     let amigo = try AmigoDatabase(reflecting: "chinook.sqlite")
    ///     let session = try amigo.openSession()
    ///     let albums = try session.query("Album").filter("artist.Name = %@", "AC/DC").all()
    ///
    /// A file whose schema has a damaged entry is opened read-only with
    /// ``OpenOptions/readsDamagedSchema``: the damaged tables are listed as unreadable, the others
    /// work, and ``reflectionWarnings`` starts with what happened.
    ///
    /// `progress`, when given, is told how far reading has come (``ReflectionProgress``) and
    /// answers whether to go on; false stops with an interrupted ``AmigoError/database(_:)``.
    public convenience init(reflecting path: String, options: OpenOptions = OpenOptions(),
                            reflection: ReflectionOptions = ReflectionOptions(),
                            progress: ((ReflectionProgress) -> Bool)? = nil) throws {
        do {
            try self.init(reflecting: SQLiteEngine(path: path, options: options), reflection: reflection, progress: progress)
        } catch AmigoError.damagedSchema(_, let message) where !options.readsDamagedSchema {
            var tolerant = options
            tolerant.readsDamagedSchema = true
            try self.init(reflecting: SQLiteEngine(path: path, options: tolerant), reflection: reflection, progress: progress)
            reflectionWarnings.insert("the schema is damaged (\(message)): the file is open read-only, and what cannot be read is listed as unreadable", at: 0)
        }
    }

    /// Reflects the schema of an open engine into models, reading its ``Engine/schemaCatalog``
    /// (SQLite's `sqlite_schema`, PostgreSQL's `pg_catalog`). The schema is read once no other
    /// thread's session owns the engine (see ``TransactionGate``); on the thread whose session
    /// does, it is read inside that session's transaction. `progress` as for
    /// ``init(reflecting:options:reflection:progress:)``.
    public convenience init(reflecting engine: any Engine, reflection: ReflectionOptions = ReflectionOptions(),
                            progress: ((ReflectionProgress) -> Bool)? = nil) throws {
        try self.init([], engine: engine)
        try engine.transactionGate.withoutOtherSessions(path: engine.path) {
            try engine.marking(.catalog) { try reflectSchema(reflection, progress: progress) }
        }
    }

    /// Reads the schema and adds a model per table and view, with relationships.
    ///
    /// A table or view that cannot be read (an unknown FTS tokenizer or virtual-table module, a
    /// view over a dropped table) is still listed, with no columns and its reason in
    /// ``Table/unreadableReason`` and in ``reflectionWarnings``; the rest of the file works.
    func reflectSchema(_ options: ReflectionOptions = ReflectionOptions(), progress: ((ReflectionProgress) -> Bool)? = nil) throws {
        let inspector = engine.schemaCatalog
        var reflected: [ORMModel] = []
        var warnings: [String] = []
        do {
            let entries = try inspector.entries()
            for (done, entry) in entries.enumerated() {
                if let progress, !progress(.readingTables(done: done, total: entries.count)) {
                    throw AmigoError.reflectionCancelled(path: engine.path)
                }
                /// Lists `entry` with no columns, marked and explained; the rest of the file can be read.
                func unreadable(_ reason: String) {
                    let table = Table(entry.name, columns: [])
                    table.sql = entry.sql
                    table.isView = entry.isView
                    table.unreadableReason = reason
                    reflected.append(ORMModel(reflecting: table))
                    warnings.append("\(entry.type) '\(entry.name)' cannot be read: \(reason)")
                }
                do {
                    let table = try inspector.table(entry)
                    // Every table and view has a column; none means SQLite skipped a definition it
                    // could not parse (a damaged schema read with writable_schema), or, on a server,
                    // a table declared without columns (or dropped meanwhile): nothing to browse.
                    if table.columns.isEmpty {
                        unreadable(inspector is SQLiteCatalog ? "SQLite cannot parse its definition" : "it has no columns")
                    } else {
                        reflected.append(ORMModel(reflecting: table))
                    }
                } catch AmigoError.database(let error) where !error.isBusy && !error.isInterrupted {
                    // A view over a dropped table, or a virtual table whose module or tokenizer this
                    // program lacks.
                    unreadable(error.message)
                }
            }
        } catch AmigoError.database(let error) where !error.isBusy && !error.isInterrupted && inspector is SQLiteCatalog {
            // A corrupt schema page fails here rather than when the file was opened.
            throw AmigoError.notADatabase(path: engine.path, message: error.message)
        }
        warnings += inspector.warnings()
        append(reflected)
        if options.inferRelationships, let progress, !progress(.inferringLinks(tables: reflected.count)) {
            throw AmigoError.reflectionCancelled(path: engine.path)
        }
        var discovery = RelationshipDiscovery(models: reflected)
        discovery.discover(in: reflected, inferring: options.inferRelationships ? engine : nil,
                           candidateLimit: options.inferenceCandidateLimit)
        reflectionWarnings = warnings + discovery.warnings
    }
}

/// How ``AmigoDatabase/init(reflecting:options:reflection:)`` reads a file.
public struct ReflectionOptions: Sendable, Hashable {
    /// Whether links the file does not declare are inferred from names and checked against the
    /// data (see ``Relationship/isInferred``). On by default.
    public var inferRelationships: Bool
    /// Most candidate links checked against the data (one bounded query each).
    public var inferenceCandidateLimit: Int

    /// Creates options; by default undeclared links are inferred, checking at most 200 candidates.
    public init(inferRelationships: Bool = true, inferenceCandidateLimit: Int = 200) {
        self.inferRelationships = inferRelationships
        self.inferenceCandidateLimit = inferenceCandidateLimit
    }
}

extension Session {
    /// The number of rows each relationship of `row` leads to, one COUNT query per relationship
    /// (using the foreign-key indexes that exist), in the model's relationship order.
    public func relatedCounts(of row: AmigoModel) throws -> [(relationship: Relationship, count: Int)] {
        let model = try amigo.model(of: row)
        return try engine.marking(.linkProbe) {
            try model.relationships.map { relationship in
                let query = Query<Record>(amigo: amigo, model: .success(relationship.target))
                return (relationship, try query.using(row).relationship(relationship.name).count())
            }
        }
    }
}
