/// Opening any existing SQLite file as run-time models.
extension Amigo {
    /// Opens the database at `path` and reflects its schema into models: every table and view
    /// becomes a run-time ``ORMModel`` whose rows are ``Record``s, with its relationships
    /// discovered from foreign keys and junction tables.
    ///
    /// A missing file is an error (reflection never creates one). A file that is not a database,
    /// or is corrupt or locked, throws with the path and SQLite's message. A read-only file is
    /// opened read-only; edits then fail with ``AmigoError/readOnly(path:operation:)``.
    ///
    ///     let amigo = try Amigo(reflecting: "chinook.sqlite")
    ///     let session = try amigo.session
    ///     let albums = try session.query("Album").filter("artist.Name = %@", "AC/DC").all()
    public convenience init(reflecting path: String, options: OpenOptions = OpenOptions()) throws {
        try self.init(reflecting: SQLiteEngine(path: path, options: options))
    }

    /// Reflects the schema of an open engine into models. The schema is read once no other
    /// thread's session owns the engine (see ``TransactionGate``); on the thread whose session
    /// does, it is read inside that session's transaction.
    public convenience init(reflecting engine: any Engine) throws {
        try self.init([], engine: engine)
        try engine.transactionGate.withoutOtherSessions(path: engine.path) { try reflectSchema() }
    }

    /// Reads the schema and adds a model per table and view, with relationships.
    func reflectSchema() throws {
        let inspector = SchemaInspector(engine: engine)
        var reflected: [ORMModel] = []
        var warnings: [String] = []
        do {
            for entry in try inspector.entries() {
                do {
                    reflected.append(ORMModel(reflecting: try inspector.table(entry)))
                } catch AmigoError.database(let error) where entry.type == "view" && !error.isBusy {
                    // A view over a dropped table or column cannot be described; the rest of the file can.
                    warnings.append("view '\(entry.name)' cannot be read: \(error.message)")
                }
            }
        } catch AmigoError.database(let error) where !error.isBusy {
            // A corrupt schema page fails here rather than when the file was opened.
            throw AmigoError.notADatabase(path: engine.path, message: error.message)
        }
        append(reflected)
        var discovery = RelationshipDiscovery(models: reflected)
        discovery.discover(in: reflected)
        reflectionWarnings = warnings + discovery.warnings
    }
}

extension Session {
    /// The number of rows each relationship of `row` leads to, one COUNT query per relationship
    /// (using the foreign-key indexes that exist), in the model's relationship order.
    public func relatedCounts(of row: AmigoModel) throws -> [(relationship: Relationship, count: Int)] {
        let model = try amigo.model(of: row)
        return try model.relationships.map { relationship in
            let query = Query<Record>(amigo: amigo, model: .success(relationship.target))
            return (relationship, try query.using(row).relationship(relationship.name).count())
        }
    }
}
