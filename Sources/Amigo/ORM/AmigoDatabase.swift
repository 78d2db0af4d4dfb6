import Foundation

/// The entry point: a set of models bound to an engine.
///
///     let amigo = try AmigoDatabase([dog, person], factory: SQLiteEngineFactory(":memory:", echo: true))
///     try amigo.createAll()
///     let session = try amigo.session
///
/// Creating an `AmigoDatabase` resolves the declared relationships (foreign keys, `OneToMany`,
/// `ManyToMany`) between its models and creates the junction tables many-to-many needs.
///
/// `@unchecked Sendable`: its models are fixed by the time init returns; its engine serializes its own use.
public final class AmigoDatabase: @unchecked Sendable {
    /// The engine every statement goes through.
    public let engine: any Engine
    /// The models, in the order given.
    public private(set) var models: [ORMModel]
    /// Junction tables created for many-to-many relationships without a through model.
    public private(set) var junctionTables: [Table] = []
    /// Problems found while reflecting a file that did not stop it, such as foreign keys that
    /// reference missing tables or columns.
    public internal(set) var reflectionWarnings: [String] = []
    private var byType: [ObjectIdentifier: ORMModel] = [:]
    private var byName: [String: ORMModel] = [:]

    /// Binds `models` to a new engine from `factory` (``SQLiteEngineFactory``, or another engine's).
    public convenience init(_ models: [ORMModel], factory: some EngineFactory) throws {
        try self.init(models, engine: factory.connect())
    }

    /// Binds `models` to `engine`.
    ///
    /// - Throws: ``AmigoError/mapping(_:)`` when a relationship names a model or foreign key that
    ///   does not exist among `models`.
    public init(_ models: [ORMModel], engine: any Engine) throws {
        self.engine = engine
        self.models = models
        for model in models { register(model) }
        try checkPropertyRoots()
        try resolveRelationships()
    }

    /// Every column of a compiled model must map a property of that model's class: a key path of
    /// another class (`ORMModel(Dog.self, Column("x", \Cat.x))`) would read and write the wrong object.
    private func checkPropertyRoots() throws {
        for model in models where !model.isDynamic {
            for column in model.table.columns {
                if let property = column.property, !property.rootAccepts(model.modelType) {
                    throw AmigoError.mapping("\(model.name).\(column.declaredLabel) maps a property of another class than \(model.name)")
                }
            }
        }
    }

    func register(_ model: ORMModel) {
        if !model.isDynamic { byType[ObjectIdentifier(model.modelType)] = model }
        byName[model.name.lowercased()] = model
        if byName[model.table.name.lowercased()] == nil { byName[model.table.name.lowercased()] = model }
    }

    /// Adds models to an existing instance (used by reflection).
    func append(_ newModels: [ORMModel]) {
        models += newModels
        for model in newModels { register(model) }
    }

    /// The model named `name` (its model name or table name, case-insensitive).
    public func model(named name: String) throws -> ORMModel {
        if let m = byName[name.lowercased()] { return m }
        throw AmigoError.unknownModel(name)
    }

    /// The model mapped to the compiled type `type`.
    public func model<M: AmigoModel>(for type: M.Type) throws -> ORMModel {
        try model(forType: type)
    }

    /// ``model(for:)`` without generics (for a class known only at run time).
    func model(forType type: AmigoModel.Type) throws -> ORMModel {
        if let m = byType[ObjectIdentifier(type)] { return m }
        throw AmigoError.unknownModel(String(describing: type))
    }

    /// The model of an object: its record's model, or its class's mapping.
    public func model(of object: AmigoModel) throws -> ORMModel {
        let objectType = type(of: object)
        if let record = Record.cast(object) { return record.model }
        if let m = byType[ObjectIdentifier(objectType)] { return m }
        throw AmigoError.unknownModel(String(describing: type(of: object)))
    }

    private func model(for reference: ModelReference) -> ORMModel? {
        switch reference {
        case .type(let id, _): return byType[id]
        case .name(let name): return byName[name.lowercased()]
        }
    }

    /// Resolves foreign keys declared by table name, then `OneToMany` and `ManyToMany` declarations.
    private func resolveRelationships() throws {
        // Foreign keys whose target was named by table or column rather than by model.
        for model in models {
            for column in model.table.columns {
                guard let fk = column.foreignKey, fk.relatedModel == nil else { continue }
                guard let target = byName[fk.relatedTableName.lowercased()] else {
                    throw AmigoError.mapping("\(model.name).\(column.declaredLabel) references unknown table '\(fk.relatedTableName)'")
                }
                if model.relationship(named: column.declaredLabel) == nil {
                    model.addToOne(for: column, foreignKey: fk, target: target)
                }
            }
        }
        for model in models {
            for item in model.declarations {
                if let decl = item as? OneToMany {
                    try resolve(decl, on: model)
                } else if let decl = item as? ManyToMany {
                    try resolve(decl, on: model)
                }
            }
        }
    }

    private func resolve(_ decl: OneToMany, on model: ORMModel) throws {
        guard let target = self.model(for: decl.target) else {
            throw AmigoError.mapping("OneToMany '\(decl.label)' on \(model.name) uses unknown model \(decl.target.displayName)")
        }
        let candidates = target.relationships.filter { $0.isToOne && $0.target === model }
        let back: Relationship?
        if let on = decl.on {
            back = candidates.first { $0.name == on || $0.sourceColumns.first?.label == on }
        } else {
            back = candidates.last
        }
        guard let back else {
            throw AmigoError.mapping("OneToMany '\(decl.label)' on \(model.name): \(target.name) has no foreign key "
                                     + (decl.on.map { "'\($0)' " } ?? "") + "pointing at \(model.name)")
        }
        model.addRelationship(Relationship(name: decl.label, kind: .oneToMany, source: model, target: target,
                                           sourceColumns: back.targetColumns, targetColumns: back.sourceColumns))
    }

    private func resolve(_ decl: ManyToMany, on model: ORMModel) throws {
        guard let target = self.model(for: decl.target) else {
            throw AmigoError.mapping("ManyToMany '\(decl.label)' on \(model.name) uses unknown model \(decl.target.displayName)")
        }
        guard let sourceKey = model.primaryKey, let targetKey = target.primaryKey else {
            throw AmigoError.mapping("ManyToMany '\(decl.label)' needs a single-column primary key on \(model.name) and \(target.name)")
        }
        if let throughRef = decl.through {
            guard let through = self.model(for: throughRef) else {
                throw AmigoError.mapping("ManyToMany '\(decl.label)' on \(model.name) uses unknown through model \(throughRef.displayName)")
            }
            let toSource = through.relationships.filter { $0.isToOne && $0.target === model }
            let toTarget = through.relationships.filter { $0.isToOne && $0.target === target }
            guard let s = toSource.first, let t = (model === target ? toTarget.dropFirst().first : toTarget.first) else {
                throw AmigoError.mapping("through model \(through.name) needs a foreign key to \(model.name) and one to \(target.name)")
            }
            // Links are rows of the through model: both keys are required.
            for c in s.sourceColumns + t.sourceColumns { c.optional = false }
            model.addRelationship(Relationship(name: decl.label, kind: .manyToMany, source: model, target: target,
                                               sourceColumns: [sourceKey], targetColumns: [targetKey], junction: through.table,
                                               junctionSourceColumns: s.sourceColumns, junctionTargetColumns: t.sourceColumns,
                                               through: through))
            return
        }
        let names = [model.table.name, target.table.name].sorted()
        let junctionName = names.joined(separator: "_")
        let junction: Table
        if let existing = junctionTables.first(where: { $0.name == junctionName }) {
            junction = existing
        } else {
            let selfReferencing = model === target
            let leftModel = model.table.name == names[0] ? model : target
            let rightModel = leftModel === model ? target : model
            func keyColumn(_ m: ORMModel, prefix: String) -> Column {
                Column(prefix + m.name.lowercased(), type: ForeignKey(m, onDelete: "CASCADE"), indexed: true, optional: false)
            }
            let left = keyColumn(leftModel, prefix: selfReferencing ? "from_" : "")
            let right = keyColumn(rightModel, prefix: selfReferencing ? "to_" : "")
            let id = Column("id", type: Int.self, primaryKey: true)
            let helper = ORMModel(name: junctionName, items: [id, left, right])
            junction = helper.table
            junction.indexes.append(Index("\(junctionName)_pair_idx", unique: true,
                                          columns: junction.columns.dropFirst().map(\.label)))
            junctionTables.append(junction)
        }
        let sourceSide = model.table.name == names[0] ? junction.columns[1] : junction.columns[2]
        let targetSide = sourceSide === junction.columns[1] ? junction.columns[2] : junction.columns[1]
        model.addRelationship(Relationship(name: decl.label, kind: .manyToMany, source: model, target: target,
                                           sourceColumns: [sourceKey], targetColumns: [targetKey], junction: junction,
                                           junctionSourceColumns: [sourceSide], junctionTargetColumns: [targetSide]))
    }

    /// Creates every model's table and indexes, and the junction tables, if they do not exist yet,
    /// in one transaction.
    ///
    /// Called on the thread whose session owns the engine, it runs inside that session's
    /// transaction (as a SAVEPOINT: the session's rollback undoes it); otherwise it waits, like a
    /// new session, until no other thread's session owns the engine (see ``TransactionGate``).
    public func createAll() throws {
        let compiler = SchemaCompiler(dialect: engine.dialect)
        let script = (models.map(\.table) + junctionTables).filter { !$0.isView }.map(compiler.createAll).joined(separator: "\n")
        try engine.transactionGate.withoutOtherSessions(path: engine.path) {
          try engine.atomically(savepointName: "amigo_create_all") { try engine.executeScript(script) }
        }
    }

    /// A new session, which begins a transaction and owns the engine until it is closed.
    ///
    /// An engine runs one session at a time (see ``Session`` and ``TransactionGate``): while
    /// another thread's session is open, this waits for it to close, up to
    /// ``Engine/sessionWaitTimeout``. Sessions never nest; use ``Session/savepoint(_:)``.
    ///
    /// - Throws: ``AmigoError/sessionAlreadyOpen(path:)`` when a session is open on the engine on
    ///   this thread; ``AmigoError/sessionBusy(path:waited:)`` when another thread's session did
    ///   not close in time.
    public func openSession() throws -> Session {
        try Session(amigo: self)
    }

    /// Runs `body` in a new session and commits what it did; if `body` throws, everything it did
    /// is rolled back and the error rethrown. The session is closed either way.
    ///
    ///     let id = try db.write { session in
    ///         let rex = Dog(); rex.label = "Rex"
    ///         try session.add(rex)                   // BEGIN … INSERT …
    ///         return rex.id!
    ///     }                                          // COMMIT
    public func write<T>(_ body: (Session) throws -> T) throws -> T {
        let session = try openSession()
        defer { try? session.close() }
        let result = try body(session)
        try session.commit()
        return result
    }

    /// Runs `body` in a new session that reads and is rolled back at the end, whatever it did.
    public func read<T>(_ body: (Session) throws -> T) throws -> T {
        let session = try openSession()
        defer { try? session.close() }
        return try body(session)
    }

    /// The 0.2 spelling of ``openSession()``: a property that opened a transaction on every read.
    @available(*, deprecated, renamed: "openSession()")
    public var session: Session {
        get throws { try openSession() }
    }

    /// A query outside any explicit session. It runs in autocommit mode, after waiting (like a
    /// new session) for another thread's open session to close; on the thread whose session owns
    /// the engine, it runs inside that session's transaction and sees its uncommitted rows.
    @inlinable
    public func query<M: AmigoModel>(_ type: M.Type) -> Query<M> {
        Query(amigo: self, compiled: type, session: nil)
    }

    /// A query over the run-time or reflected model named `name`.
    public func query(_ name: String) -> Query<Record> {
        Query(amigo: self, model: Result { try model(named: name) })
    }
}
