/// The statements a write would run, without running them: what amigo-shell shows before it
/// adds, deletes or links a row.
extension Session {
    /// The INSERT that ``add(_:upsert:)-(AmigoModel...,_)`` would run for `object` (which has no
    /// row yet), with its bound values; nothing is run and nothing is written back to `object`.
    package func previewAdd(_ object: AmigoModel) throws -> (sql: String, arguments: [DatabaseValue]) {
        let model = try amigo.model(of: object)
        let writer = ModelWriter(model: model, dialect: engine.dialect)
        try writer.refusePrefixes(of: object, in: model.table.columns, operation: "add")
        let write = writer.insert(object, replace: false, writeBack: false)
        return (write.sql, write.arguments)
    }

    /// The DELETE that ``delete(_:)-(AmigoModel...)`` would run for `object`, with its bound key.
    package func previewDelete(_ object: AmigoModel) throws -> (sql: String, arguments: [DatabaseValue]) {
        let model = try amigo.model(of: object)
        let write = try ModelWriter(model: model, dialect: engine.dialect).delete(object)
        return (write.sql, write.arguments)
    }
}

extension RelationshipEditor {
    /// The statement ``add(_:)-(AmigoModel...)`` (`link: true`) or ``delete(_:)-(AmigoModel...)``
    /// (`link: false`) would run for `object` on a many-to-many relationship without a through
    /// model: the junction row's INSERT OR IGNORE or DELETE, with its bound keys.
    package func preview(_ object: AmigoModel, link: Bool) throws -> (sql: String, arguments: [DatabaseValue]) {
        let model = try session.amigo.model(of: owner)
        guard let relationship = model.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
        }
        guard relationship.kind == .manyToMany else {
            throw AmigoError.notAJunction(relationship: relationship.name, model: model.name, kind: relationship.kind.rawValue, operation: "preview")
        }
        let (sql, arguments) = try linkStatement(relationship, model: model, object: object, insert: link)
        return (sql, arguments)
    }
}
