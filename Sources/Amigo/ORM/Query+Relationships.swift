// Query: relationship refinements (selectRelated, using, relationship) and the scope that restricts a query to an owner's related rows.

extension Query {
    /// Loads the objects of these to-one relationships in the same query (one LEFT JOIN each)
    /// and sets them on each result. Results pointing at the same related row by an integer key
    /// share one related object, built once per query (up to 65,536 of them are remembered).
    public func selectRelated(_ relationships: String...) -> Query {
        var copy = self
        copy.related += relationships
        return copy
    }

    /// Scopes the query to the objects related to `owner`; name the relationship with
    /// ``relationship(_:)``: `query(Post.self).using(author).relationship("posts")`.
    public func using(_ owner: AmigoModel) -> Query {
        var copy = self
        copy.owner = owner
        return copy
    }

    /// Names the relationship of the ``using(_:)`` owner whose related objects are queried.
    /// An unknown name is an error (thrown when the query runs), never "all rows".
    public func relationship(_ name: String) -> Query {
        var copy = self
        copy.relationshipName = name
        return copy
    }

    /// Adds the WHERE terms (and junction join) that restrict the query to `owner`'s related rows.
    func applyRelationshipScope(to scope: QueryScope, model: ORMModel) throws {
        guard let owner else {
            if let relationshipName { throw AmigoError.relationshipNeedsOwner(relationship: relationshipName) }
            return
        }
        guard let name = relationshipName else {
            throw AmigoError.ownerNeedsRelationship(owner: (try? amigo.model(of: owner))?.name ?? "\(type(of: owner))")
        }
        let ownerModel = try amigo.model(of: owner)
        guard let relationship = ownerModel.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: ownerModel.name, available: ownerModel.relationships.map(\.name))
        }
        let keys = relationship.sourceColumns.map { ownerModel.storedValue(of: $0, in: owner) }
        if keys.contains(where: \.isNull) || keys.isEmpty {
            // An unsaved owner (or a null foreign key) has no related rows.
            scope.statement.conditions.append(scope.statement.dialect.falseCondition)
            return
        }
        let s = scope.statement
        switch relationship.kind {
        case .toOne, .oneToMany:
            guard relationship.target.table === model.table else {
                throw AmigoError.typeMismatch(expected: relationship.target.name, actual: model.name)
            }
            for (column, key) in zip(relationship.targetColumns, keys) {
                scope.statement.conditions.append(s.qualified(scope.alias, column.label) + " = ?")
                scope.statement.whereArguments.append(key)
            }
        case .manyToMany:
            guard let junction = relationship.junction else { throw AmigoError.mapping("\(name) has no junction table") }
            if let through = relationship.through, through.table === model.table {
                for (column, key) in zip(relationship.junctionSourceColumns, keys) {
                    scope.statement.conditions.append(s.qualified(scope.alias, column.label) + " = ?")
                    scope.statement.whereArguments.append(key)
                }
                return
            }
            guard relationship.target.table === model.table else {
                throw AmigoError.typeMismatch(expected: relationship.target.name, actual: model.name)
            }
            let alias = scope.uniqueAlias(junction.name)
            let pair = (relationship.junctionSourceColumns + relationship.junctionTargetColumns).map(\.label)
            if junction.isUnique(over: pair) {
                // Each pair is linked once (a key or UNIQUE index says so): a plain JOIN.
                let condition = zip(relationship.junctionTargetColumns, relationship.targetColumns).map {
                    s.qualified(alias, $0.label) + " = " + s.qualified(scope.alias, $1.label)
                }.joined(separator: " AND ")
                scope.statement.joins.append(.init(kind: "JOIN", table: junction.name, alias: alias, condition: condition))
                for (column, key) in zip(relationship.junctionSourceColumns, keys) {
                    scope.statement.conditions.append(s.qualified(alias, column.label) + " = ?")
                    scope.statement.whereArguments.append(key)
                }
                return
            }
            // Otherwise a semi-join, not a JOIN: each related row comes once even when the junction
            // links the same pair several times (a junction with its own key and a payload, such
            // as attendance per day).
            let owned = relationship.junctionSourceColumns.map { s.qualified(alias, $0.label) + " = ?" }
            // The junction under its own name needs no alias.
            let junctionAlias = s.dialect.quoteTable(junction.name) == s.dialect.quote(alias) ? nil : alias
            if relationship.targetColumns.count == 1, let targetColumn = relationship.targetColumns.first,
               let junctionColumn = relationship.junctionTargetColumns.first {
                scope.statement.conditions.append(s.dialect.inSubquery(
                    s.qualified(scope.alias, targetColumn.label), selecting: s.qualified(alias, junctionColumn.label),
                    from: junction.name, alias: junctionAlias, where: owned.joined(separator: " AND ")))
            } else {
                let linked = zip(relationship.junctionTargetColumns, relationship.targetColumns).map {
                    s.qualified(alias, $0.label) + " = " + s.qualified(scope.alias, $1.label)
                }
                scope.statement.conditions.append(s.dialect.existsSubquery(from: junction.name, alias: junctionAlias,
                                                                           where: (linked + owned).joined(separator: " AND ")))
            }
            scope.statement.whereArguments.append(contentsOf: keys)
        }
    }
}
