// QueryScope: compiling filter expressions — logic, counts through relationships, EXISTS subqueries, operands.

import Foundation

extension QueryScope {
    // MARK: Filters

    func compile(_ expression: FilterExpression) throws -> String {
        switch expression {
        case .literal(let value): return value ? dialect.trueCondition : dialect.falseCondition
        case .not(let inner): return "NOT (" + (try compile(inner)) + ")"
        case .and(let l, let r): return try group(l, "AND") + " AND " + group(r, "AND")
        case .or(let l, let r): return try group(l, "OR") + " OR " + group(r, "OR")
        case .comparison(let c): return try compile(c)
        }
    }

    func group(_ e: FilterExpression, _ parent: String) throws -> String {
        switch e {
        case .and where parent == "OR", .or where parent == "AND": return "(" + (try compile(e)) + ")"
        default: return try compile(e)
        }
    }

    func compile(_ comparison: FilterComparison) throws -> String {
        var c = comparison
        // Constant on the left, key path on the right: flip so the column is on the left.
        if isKeyPath(c.rhs), !isKeyPath(c.lhs) {
            switch c.op {
            case .equal, .notEqual: break
            case .less: c.op = .greater
            case .lessOrEqual: c.op = .greaterOrEqual
            case .greater: c.op = .less
            case .greaterOrEqual: c.op = .lessOrEqual
            default:
                throw error("the left side of \(c.op.rawValue) must be a column", position: c.position, token: c.op.rawValue)
            }
            swap(&c.lhs, &c.rhs)
        }
        if case .jsonPath(let path, let steps, let position) = c.lhs {
            return try compileJSON(c, column: path, steps: steps, position: position)
        }
        guard case .keyPath(let path, let position) = c.lhs else {
            throw error("a comparison needs a column on one side", position: c.position, token: c.op.rawValue)
        }
        if path.count > 1, path.last!.hasPrefix("@") {
            // `albums.@count > 3`: a correlated COUNT compared as an integer column.
            let count = try countExpression(Array(path.dropLast()), operator: path.last!, position: position)
            if !isNumeric(c.rhs) {
                throw error("\(path.joined(separator: ".")) is a number: compare it with numbers", position: c.position, token: c.op.rawValue)
            }
            return try compile(c, lhsSQL: count, column: Column("@count", type: Int.self))
        }
        switch try resolve(path, position: position, allowToMany: true) {
        case .column(let sql, let column):
            return try compile(c, lhsSQL: sql, column: column)
        case .toMany(let relationship, let fromAlias, let rest, let prefix):
            if rest.isEmpty, c.op == .equal || c.op == .notEqual, isNull(c.rhs) {
                // `albums = nil`: no related row at all; `albums != nil`: at least one.
                let exists = try existsSubquery(relationship, fromAlias: fromAlias, prefix: prefix) { _ in "1" }
                return c.op == .equal ? "NOT " + exists : exists
            }
            return try existsSubquery(relationship, fromAlias: fromAlias, prefix: prefix) { inner in
                var innerComparison = c
                innerComparison.lhs = .keyPath(rest.isEmpty ? relationship.target.table.primaryKey.map(\.label).prefix(1).map { $0 } : rest, position: position)
                return try inner.compile(innerComparison)
            }
        }
    }

    /// `(SELECT COUNT(*) …)`: how many rows the to-many relationship at `path` leads to, for
    /// `path.@count`. Each related row counts once, as the relationship's own query lists it
    /// (a junction that links the same pair twice does not count it twice).
    func countExpression(_ path: [String], operator name: String, position: Int) throws -> String {
        let token = (path + [name]).joined(separator: ".")
        guard name.lowercased() == "@count" else {
            throw error("unknown collection operator '\(name)' (only @count is supported)", position: position, token: token)
        }
        guard case .toMany(let relationship, let fromAlias, let rest, let prefix) = try resolve(path, position: position, allowToMany: true) else {
            throw error("@count follows a to-many relationship, as in albums.@count", position: position, token: token)
        }
        guard rest.isEmpty else {
            throw error("@count counts the rows of one to-many relationship (\(relationship.name).@count); a count across several (\(token)) is not supported", position: position, token: token)
        }
        let targetAlias = uniqueAlias(prefix + "#count")
        var sub = SelectStatement(dialect: dialect, table: relationship.target.table.name, alias: targetAlias)
        sub.columns = ["COUNT(*)"]
        switch relationship.kind {
        case .oneToMany:
            sub.conditions = zip(relationship.targetColumns, relationship.sourceColumns).map {
                sub.qualified(targetAlias, $0.label) + " = " + sub.qualified(fromAlias, $1.label)
            }
        case .manyToMany:
            guard let junction = relationship.junction else { throw AmigoError.mapping("\(relationship.name) has no junction table") }
            let junctionAlias = uniqueAlias(prefix + "#countlink")
            joinAliases["#count." + junctionAlias] = (junctionAlias, relationship.target)
            let toTarget = zip(relationship.junctionTargetColumns, relationship.targetColumns).map {
                sub.qualified(junctionAlias, $0.label) + " = " + sub.qualified(targetAlias, $1.label)
            }
            let owned = zip(relationship.junctionSourceColumns, relationship.sourceColumns).map {
                sub.qualified(junctionAlias, $0.label) + " = " + sub.qualified(fromAlias, $1.label)
            }
            let pair = (relationship.junctionSourceColumns + relationship.junctionTargetColumns).map(\.label)
            if junction.isUnique(over: pair) {
                // Each pair is linked once: count the links (by the junction's index on the owner).
                sub.joins.append(.init(kind: "JOIN", table: junction.name, alias: junctionAlias, condition: toTarget.joined(separator: " AND ")))
                sub.conditions = owned
            } else if let targetColumn = relationship.targetColumns.first, let junctionColumn = relationship.junctionTargetColumns.first,
                      relationship.targetColumns.count == 1 {
                // Pairs may repeat: count the distinct related rows, as the relationship lists them.
                sub.conditions = [dialect.inSubquery(sub.qualified(targetAlias, targetColumn.label),
                                                     selecting: sub.qualified(junctionAlias, junctionColumn.label),
                                                     from: junction.name, alias: junctionAlias, where: owned.joined(separator: " AND "))]
            } else {
                sub.conditions = [dialect.existsSubquery(from: junction.name, alias: junctionAlias,
                                                         where: (toTarget + owned).joined(separator: " AND "))]
            }
        case .toOne:
            throw error("@count follows a to-many relationship, as in albums.@count", position: position, token: token)
        }
        joinAliases["#count." + targetAlias] = (targetAlias, relationship.target)
        return "(" + sub.sql + ")"
    }

    /// `EXISTS (SELECT 1 FROM child … WHERE <link> AND <condition>)` for a to-many hop.
    func existsSubquery(_ relationship: Relationship, fromAlias: String, prefix: String,
                                _ condition: (QueryScope) throws -> String) throws -> String {
        let targetAlias = uniqueAlias(prefix)
        var sub = SelectStatement(dialect: dialect, table: relationship.target.table.name, alias: targetAlias)
        sub.columns = ["1"]
        var links: [String] = []
        switch relationship.kind {
        case .oneToMany:
            links = zip(relationship.targetColumns, relationship.sourceColumns).map {
                sub.qualified(targetAlias, $0.label) + " = " + sub.qualified(fromAlias, $1.label)
            }
        case .manyToMany:
            guard let junction = relationship.junction else { throw AmigoError.mapping("\(relationship.name) has no junction table") }
            let junctionAlias = uniqueAlias(prefix + "#link")
            sub.joins.append(.init(kind: "JOIN", table: junction.name, alias: junctionAlias,
                                   condition: zip(relationship.junctionTargetColumns, relationship.targetColumns).map {
                                       sub.qualified(junctionAlias, $0.label) + " = " + sub.qualified(targetAlias, $1.label)
                                   }.joined(separator: " AND ")))
            links = zip(relationship.junctionSourceColumns, relationship.sourceColumns).map {
                sub.qualified(junctionAlias, $0.label) + " = " + sub.qualified(fromAlias, $1.label)
            }
        case .toOne:
            break
        }
        let inner = QueryScope(model: relationship.target, alias: targetAlias, statement: sub, input: input, filterArguments: filterArguments)
        // Aliases of the outer query stay reserved inside the subquery.
        for (key, value) in joinAliases { inner.joinAliases["#outer." + key] = value }
        inner.joinAliases["#outer"] = (statement.alias, model)
        let conditionSQL = try condition(inner)
        inner.statement.conditions = links + [conditionSQL]
        // Inner joins' arguments come before the WHERE arguments within the subquery text.
        arguments += inner.statement.joinArguments + inner.arguments
        return "EXISTS (" + inner.statement.sql + ")"
    }

    /// Whether `operand` is a number, a list of numbers, or a `%@` argument (checked when bound).
    func isNumeric(_ operand: FilterOperand) -> Bool {
        switch operand {
        case .constant(.integer), .constant(.real), .argument: return true
        case .list(let items): return items.allSatisfy(isNumeric)
        default: return false
        }
    }

    /// Whether `operand` is the constant `nil` or a `%@` argument holding NULL.
    func isNull(_ operand: FilterOperand) -> Bool {
        switch operand {
        case .constant(let v): return v.isNull
        case .argument(let index, _): return index < filterArguments.count && filterArguments[index] == .value(.null)
        default: return false
        }
    }

    func isKeyPath(_ operand: FilterOperand) -> Bool {
        switch operand {
        case .keyPath, .jsonPath: return true
        default: return false
        }
    }

    /// The values of the right-hand operand, converted for `column`.
    func values(_ operand: FilterOperand, for column: Column, comparison c: FilterComparison) throws -> [DatabaseValue] {
        switch operand {
        case .constant(let v): return [column.kind.toDatabase(v)]
        case .list(let items): return try items.flatMap { try values($0, for: column, comparison: c) }
        case .argument(let index, let position):
            guard index < filterArguments.count else {
                throw error("missing argument for placeholder \(index + 1)", position: position, token: "%@")
            }
            switch filterArguments[index] {
            case .value(let v): return [column.kind.toDatabase(v)]
            case .list(let vs): return vs.map(column.kind.toDatabase)
            }
        case .keyPath(_, let position), .jsonPath(_, _, let position):
            throw error("expected a value", position: position, token: "")
        }
    }

    func single(_ operand: FilterOperand, for column: Column, comparison c: FilterComparison) throws -> DatabaseValue {
        let vs = try values(operand, for: column, comparison: c)
        guard vs.count == 1 else {
            throw error("\(c.op.rawValue) needs a single value", position: c.position, token: c.op.rawValue)
        }
        return vs[0]
    }
}
