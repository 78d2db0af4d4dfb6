// Query: compiling a query to SQL.

extension Query {
    // MARK: Compilation

    func compile(columns selectColumns: Bool = true, resolving paths: [String] = []) throws -> CompiledQuery {
        if let pendingError { throw pendingError }
        let model = try modelResult.get()
        let dialect = amigo.engine.dialect
        var statement = SelectStatement(dialect: dialect, table: model.table.name)
        let scope = QueryScope(model: model, alias: statement.alias, statement: statement)
        var rowIDIndex: Int?
        var selectedCount = 0
        var relatedLayout: [(Relationship, Int, Int?)] = []
        var prefixSizes: [ValuePrefix.SizeColumn] = []
        // Only records can tell a prefix from a whole value: compiled objects are read whole.
        let readPrefixes = T.self == Record.self ? valuePrefix : nil
        if selectColumns {
            // The root's column list is the same text for every query of the model: built once.
            var sizes: [String] = []
            if let valuePrefix = readPrefixes {
                // Long values cut to a prefix, with their full sizes after the row's columns.
                let (list, sizeExpressions) = valuePrefix.selectList(of: model, alias: scope.alias, dialect: dialect)
                scope.statement.columns = [list]
                sizes = sizeExpressions
            } else {
                scope.statement.columns = [model.selectList(alias: scope.alias, dialect: dialect)]
            }
            selectedCount = model.table.columns.count
            if model.table.primaryKey.isEmpty && model.table.hasRowID {
                rowIDIndex = selectedCount
                scope.statement.columns.append(scope.statement.qualified(scope.alias, "rowid"))
                selectedCount += 1
            }
            if let valuePrefix = readPrefixes, !sizes.isEmpty {
                prefixSizes = zip(valuePrefix.cutColumns(of: model, dialect: dialect), sizes.indices).map {
                    ValuePrefix.SizeColumn(column: $0.index, result: selectedCount + $1)
                }
                scope.statement.columns += sizes
                selectedCount += sizes.count
            }
        }
        try applyRelationshipScope(to: scope, model: model)
        for (expression, arguments, source) in filters {
            let filterScope = QueryScope(model: model, alias: scope.alias, statement: scope.statement, input: source, filterArguments: arguments)
            filterScope.joinAliases = scope.joinAliases
            let sql = try filterScope.compile(expression)
            scope.statement = filterScope.statement
            scope.joinAliases = filterScope.joinAliases
            if case .or = expression { scope.statement.conditions.append("(\(sql))") } else { scope.statement.conditions.append(sql) }
            scope.statement.whereArguments += filterScope.arguments
        }
        for extra in extraConditions {
            scope.pendingArguments = []
            scope.statement.conditions.append(try extra.sql(scope))
            scope.statement.whereArguments += extra.arguments + scope.pendingArguments
        }
        if selectColumns {
            for name in related {
                guard let relationship = model.relationship(named: name) else {
                    throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
                }
                guard relationship.isToOne else {
                    throw AmigoError.toManyNotJoinable(relationship: name, model: model.name, kind: relationship.kind.rawValue)
                }
                let alias = scope.joinToOne(relationship, path: relationship.name, fromAlias: scope.alias)
                let offset = selectedCount
                scope.statement.columns.append(relationship.target.selectList(alias: alias, dialect: dialect))
                selectedCount += relationship.target.table.columns.count
                var relatedRowID: Int?
                if relationship.target.table.primaryKey.isEmpty && relationship.target.table.hasRowID {
                    relatedRowID = selectedCount
                    scope.statement.columns.append(scope.statement.qualified(alias, "rowid"))
                    selectedCount += 1
                }
                relatedLayout.append((relationship, offset, relatedRowID))
            }
        }
        for (key, ascending, isColumn) in orderings {
            if isColumn {
                let sql: String
                if let column = model.table.column(named: key) {
                    sql = scope.statement.qualified(scope.alias, column.label)
                } else if key.lowercased() == "rowid" && model.table.hasRowID {
                    sql = scope.statement.qualified(scope.alias, "rowid")
                } else {
                    throw AmigoError.unknownColumn(column: key, model: model.name)
                }
                scope.statement.orderings.append(sql + (ascending ? " ASC" : " DESC"))
                continue
            }
            // A scope of its own, like a filter's, so that an error quotes the ordering key as its input.
            let orderScope = QueryScope(model: model, alias: scope.alias, statement: scope.statement, input: key)
            orderScope.joinAliases = scope.joinAliases
            let term = try orderScope.ordering(key, ascending: ascending)
            scope.statement = orderScope.statement
            scope.joinAliases = orderScope.joinAliases
            scope.statement.orderings.append(term)
            scope.statement.orderArguments += orderScope.arguments
        }
        var resolved: [String] = []
        var resolvedArguments: [[DatabaseValue]] = []
        for path in paths {
            // A scope of its own too, so that an error quotes the path as its input.
            let pathScope = QueryScope(model: model, alias: scope.alias, statement: scope.statement, input: path)
            pathScope.joinAliases = scope.joinAliases
            let segments = pathScope.segments(of: path)
            let sql: String
            if let json = try pathScope.jsonPathValue(path, position: 0) {
                // `json(body).address.city`: the value at the path, its keys bound.
                sql = json
            } else if segments.count > 1, segments.last!.hasPrefix("@") {
                // `albums.@count`: aggregates over how many rows each row's relationship has.
                sql = try pathScope.countExpression(Array(segments.dropLast()), operator: segments.last!, position: 0)
            } else {
                guard case .column(let columnSQL, _) = try pathScope.resolve(segments, position: 0, allowToMany: false) else {
                    throw AmigoError.notAColumn(path: path, model: model.name)
                }
                sql = columnSQL
            }
            resolvedArguments.append(pathScope.arguments)
            scope.statement = pathScope.statement
            scope.joinAliases = pathScope.joinAliases
            resolved.append(sql)
        }
        statement = scope.statement
        statement.limit = limitCount
        statement.offset = offsetCount
        return CompiledQuery(statement: statement, model: model, rowIDIndex: rowIDIndex, related: relatedLayout,
                             prefixSizes: prefixSizes, resolved: resolved, resolvedArguments: resolvedArguments, sql: selectColumns ? statement.sql : "")
    }

    /// The SQL and arguments this query runs for ``all()``.
    public func sql() throws -> (sql: String, arguments: [DatabaseValue]) {
        let compiled = try compile()
        return (compiled.statement.sql, compiled.statement.arguments)
    }
}
