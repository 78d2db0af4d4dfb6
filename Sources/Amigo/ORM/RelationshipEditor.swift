/// Links and unlinks related objects through a relationship of an owner.
///
///     try session.using(parent).relationship("children").add(c1, c2)
///     // INSERT OR IGNORE INTO "child_parent" ("parent_id", "child_id") VALUES (?, ?)   (twice)
///     try session.using(child).relationship("parents").delete(parent)
///     // DELETE FROM "child_parent" WHERE "child_id" = ? AND "parent_id" = ?
///
/// - many-to-many: inserts or deletes junction rows. With a through model this throws
///   ``AmigoError/relationshipManagedThroughModel(relationship:throughModel:)``: add or delete
///   through-model rows instead.
/// - one-to-many: `add` points the children's foreign key at the owner and saves them; `delete`
///   sets it to NULL.
/// - to-one: `add` points the owner's foreign key at the (single) object and saves the owner.
public struct RelationshipEditor {
    /// The first half of `session.using(owner).relationship(name)`.
    public struct Builder {
        let session: Session
        let owner: AmigoModel

        /// Names the relationship to edit.
        public func relationship(_ name: String) -> RelationshipEditor {
            RelationshipEditor(session: session, owner: owner, name: name)
        }
    }

    let session: Session
    let owner: AmigoModel
    let name: String

    private func resolve() throws -> (ORMModel, Relationship) {
        let model = try session.amigo.model(of: owner)
        guard let relationship = model.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
        }
        return (model, relationship)
    }

    /// Links `objects` to the owner.
    public func add(_ objects: AmigoModel...) throws { try add(objects) }

    /// Links an array of objects to the owner.
    public func add(_ objects: [AmigoModel]) throws {
        try session.checkWritable("link rows")
        let (model, relationship) = try resolve()
        try validate(objects, relationship)
        let engine = session.engine
        try engine.serialized {
            if !owner.isPersisted { try session.add(owner) }
            for object in objects {
                switch relationship.kind {
                case .manyToMany:
                    if !object.isPersisted { try session.add(object) }
                    let (sql, arguments) = try linkStatement(relationship, model: model, object: object, insert: true)
                    session.recordChanges(try engine.execute(sql, arguments).changes)
                case .oneToMany:
                    try point(object, at: owner, relationship: relationship, ownerModel: model)
                    try session.add(object)
                case .toOne:
                    // The row pointed at must exist first, so that its key can be pointed at (a
                    // compiled model would insert it through its property; a Record has none).
                    if !object.isPersisted { try session.add(object) }
                    try point(owner, at: object, relationship: relationship, ownerModel: model)
                    try session.add(owner)
                }
            }
        }
    }

    /// Unlinks `objects` from the owner (the objects themselves are kept).
    public func delete(_ objects: AmigoModel...) throws { try delete(objects) }

    /// Unlinks an array of objects from the owner.
    public func delete(_ objects: [AmigoModel]) throws {
        try session.checkWritable("unlink rows")
        let (model, relationship) = try resolve()
        try validate(objects, relationship)
        let engine = session.engine
        try engine.serialized {
            for object in objects {
                switch relationship.kind {
                case .manyToMany:
                    let (sql, arguments) = try linkStatement(relationship, model: model, object: object, insert: false)
                    session.recordChanges(try engine.execute(sql, arguments).changes)
                case .oneToMany:
                    // Only a child that points at this owner is unlinked; another owner's child is left alone.
                    guard try isPointing(object, at: owner, relationship: relationship, ownerModel: model) else { continue }
                    try point(object, at: nil, relationship: relationship, ownerModel: model)
                    try session.add(object)
                case .toOne:
                    guard try isPointing(owner, at: object, relationship: relationship, ownerModel: model) else { continue }
                    try point(owner, at: nil, relationship: relationship, ownerModel: model)
                    try session.add(owner)
                }
            }
        }
    }

    /// Checks everything a caller can get wrong before anything is written, so that a rejected
    /// `add`/`delete` leaves the database untouched (an unsaved owner is not inserted either):
    /// a relationship managed through a model throws
    /// ``AmigoError/relationshipManagedThroughModel(relationship:throughModel:)``, an object of
    /// the wrong model ``AmigoError/typeMismatch(expected:actual:)``.
    private func validate(_ objects: [AmigoModel], _ relationship: Relationship) throws {
        if relationship.kind == .manyToMany, let through = relationship.through {
            throw AmigoError.relationshipManagedThroughModel(relationship: relationship.name, throughModel: through.name)
        }
        for object in objects {
            let objectModel = try session.amigo.model(of: object)
            guard objectModel.table === relationship.target.table else {
                throw AmigoError.typeMismatch(expected: relationship.target.name, actual: objectModel.name)
            }
        }
    }

    func linkStatement(_ relationship: Relationship, model: ORMModel, object: AmigoModel, insert: Bool) throws -> (String, [DatabaseValue]) {
        guard let junction = relationship.junction else { throw AmigoError.mapping("\(relationship.name) has no junction table") }
        let dialect = session.engine.dialect
        let sourceKeys = relationship.sourceColumns.map { model.storedValue(of: $0, in: owner) }
        let target = relationship.target
        let targetKeys = relationship.targetColumns.map { target.storedValue(of: $0, in: object) }
        let columns = relationship.junctionSourceColumns + relationship.junctionTargetColumns
        let labels = columns.map(\.label)
        let sql = insert ? dialect.insert(into: junction.name, columns: labels, onConflict: .ignore)
            : dialect.delete(from: junction.name, where: dialect.equalityCondition(labels))
        return (sql, sourceKeys + targetKeys)
    }

    /// Whether the foreign key of `child` (for a one-to-many) or of the owner (to-one) holds `parent`'s key.
    private func isPointing(_ child: AmigoModel, at parent: AmigoModel, relationship: Relationship, ownerModel: ORMModel) throws -> Bool {
        let childModel = try session.amigo.model(of: child)
        let fkColumns = relationship.isToOne ? relationship.sourceColumns : relationship.targetColumns
        let keyColumns = relationship.isToOne ? relationship.targetColumns : relationship.sourceColumns
        let parentModel = relationship.isToOne ? relationship.target : ownerModel
        let key = keyColumns.map { parentModel.storedValue(of: $0, in: parent) }
        guard !key.isEmpty, !key.contains(where: \.isNull) else { return false }
        return fkColumns.map { childModel.storedValue(of: $0, in: child) } == key
    }

    /// Sets the foreign key of `child` (for a one-to-many) or of the owner (to-one) to `parent`'s key.
    private func point(_ child: AmigoModel, at parent: AmigoModel?, relationship: Relationship, ownerModel: ORMModel) throws {
        let childModel = try session.amigo.model(of: child)
        // The to-one relationship on the child side: for one-to-many, the one pointing back at the owner.
        let fkColumns = relationship.isToOne ? relationship.sourceColumns : relationship.targetColumns
        let keyColumns = relationship.isToOne ? relationship.targetColumns : relationship.sourceColumns
        let parentModel = relationship.isToOne ? relationship.target : ownerModel
        if let backReference = childModel.relationships.first(where: { $0.isToOne && $0.sourceColumns.map(\.label) == fkColumns.map(\.label) }),
           let setter = backReference.accessor?.object?.1 {
            setter(child, parent)
        }
        for (fk, key) in zip(fkColumns, keyColumns) {
            let value = parent.map { parentModel.storedValue(of: key, in: $0) } ?? .null
            childModel.setStoredValue(value, of: fk, in: child)
        }
    }
}
