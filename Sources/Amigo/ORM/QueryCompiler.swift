import Foundation

/// Compiles a query's filters and orderings against its model: resolves dotted key paths through
/// relationships (to-one paths add a LEFT JOIN; to-many paths become `EXISTS (…)` subqueries),
/// maps each filter operator to SQL, and binds every constant as a `?` argument.
///
/// Operator table (`[c]` = case-insensitive):
///
/// | filter | SQL |
/// |---|---|
/// | `a = 1`, `a == 1` | `a = ?` (`COLLATE NOCASE` with `[c]`) |
/// | `a = nil` / `a != nil` | `a IS NULL` / `a IS NOT NULL` |
/// | `a != 1`, `a <> 1` | `a <> ?` |
/// | `<  <=  >  >=` | the same, with `?` |
/// | `a LIKE 'x*y?'` | `a GLOB ?` (case-sensitive), `a LIKE ? ESCAPE '\'` with `[c]` |
/// | `BEGINSWITH` / `ENDSWITH` / `CONTAINS` | the same, with the constant escaped and wrapped in wildcards |
/// | `a IN {1, 2}` | `a IN (?, ?)` |
/// | `a BETWEEN {1, 5}` | `a BETWEEN ? AND ?` |
/// | `a MATCHES 're'` | `a REGEXP ?` (whole-string match) |
final class QueryScope {
    let dialect: any SQLDialect
    let model: ORMModel
    let alias: String
    var statement: SelectStatement
    /// Joins already added, by relationship path (`dog`, `dog.owner`).
    var joinAliases: [String: (alias: String, model: ORMModel)] = [:]
    /// Arguments of the WHERE clause being compiled.
    var arguments: [DatabaseValue] = []
    /// Arguments produced by a library-generated condition while it was compiled.
    var pendingArguments: [DatabaseValue] = []
    let input: String
    let filterArguments: [FilterArgument]
    /// Whether `[c]` folds both sides whatever the constant: set while a JSON value is compared,
    /// whose SQL (holding its bound path) must appear only once in the comparison.
    var foldsEveryCaseInsensitiveComparison = false

    init(model: ORMModel, alias: String, statement: SelectStatement, input: String = "", filterArguments: [FilterArgument] = []) {
        self.dialect = statement.dialect
        self.model = model
        self.alias = alias
        self.statement = statement
        self.input = input
        self.filterArguments = filterArguments
    }

    func error(_ message: String, position: Int, token: String) -> AmigoError {
        .invalidFilter(message: message, input: input, position: position, token: token)
    }

    /// The alias for a join at `path`, unique among the statement's aliases (case-insensitively).
    func uniqueAlias(_ wanted: String) -> String {
        var used = Set([statement.alias.lowercased()] + statement.joins.map { $0.alias.lowercased() })
        used.formUnion(joinAliases.values.map { $0.alias.lowercased() })
        var candidate = wanted
        var n = 2
        while used.contains(candidate.lowercased()) { candidate = "\(wanted)_\(n)"; n += 1 }
        return candidate
    }

    /// Adds (once) the LEFT JOIN for the to-one relationship at `path` from `fromAlias`.
    func joinToOne(_ relationship: Relationship, path: String, fromAlias: String) -> String {
        if let existing = joinAliases[path] { return existing.alias }
        let alias = uniqueAlias(path)
        let condition = zip(relationship.targetColumns, relationship.sourceColumns).map {
            statement.qualified(alias, $0.label) + " = " + statement.qualified(fromAlias, $1.label)
        }.joined(separator: " AND ")
        statement.joins.append(.init(kind: "LEFT JOIN", table: relationship.target.table.name, alias: alias, condition: condition))
        joinAliases[path] = (alias, relationship.target)
        return alias
    }

    enum ResolvedPath {
        case column(sql: String, column: Column)
        case toMany(relationship: Relationship, fromAlias: String, rest: [String], prefix: String)
    }

    /// Resolves a key path to a column reference, adding joins for to-one hops.
    func resolve(_ path: [String], position: Int, allowToMany: Bool) throws -> ResolvedPath {
        var currentModel = model
        var currentAlias = alias
        var walked: [String] = []
        for (i, segment) in path.enumerated() {
            let isLast = i == path.count - 1
            if isLast {
                if let column = currentModel.table.column(named: segment) {
                    return .column(sql: statement.qualified(currentAlias, column.label), column: column)
                }
                if let r = currentModel.relationship(named: segment), r.isToOne, let c = r.sourceColumns.first, r.sourceColumns.count == 1 {
                    // `dog = 3` compares the foreign key itself.
                    return .column(sql: statement.qualified(currentAlias, c.label), column: c)
                }
                if allowToMany, let r = currentModel.relationship(named: segment), !r.isToOne {
                    // `albums != nil`: the to-many relationship itself, compiled to EXISTS (…).
                    walked.append(r.name)
                    return .toMany(relationship: r, fromAlias: currentAlias, rest: [], prefix: walked.joined(separator: "."))
                }
                if segment.lowercased() == "rowid" && currentModel.table.hasRowID {
                    let c = Column("rowid", type: Int.self)
                    return .column(sql: statement.qualified(currentAlias, "rowid"), column: c)
                }
                throw unknown(segment, in: currentModel, position: position, path: path, index: i)
            }
            guard let relationship = currentModel.relationship(named: segment) else {
                if currentModel.table.column(named: segment) != nil {
                    throw error("'\(segment)' is a column of \(currentModel.name), not a relationship", position: position, token: path.joined(separator: "."))
                }
                throw unknown(segment, in: currentModel, position: position, path: path, index: i)
            }
            walked.append(relationship.name)
            // A one-to-one (a key that is also the child's key or UNIQUE) leads to one row at most:
            // joined like a to-one where a single value is needed (an ordering, an aggregate).
            if relationship.isToOne || (!allowToMany && relationship.isOneToOne) {
                currentAlias = joinToOne(relationship, path: walked.joined(separator: "."), fromAlias: currentAlias)
                currentModel = relationship.target
            } else {
                guard allowToMany else {
                    throw error("'\(segment)' is a \(relationship.kindDescription) relationship: a path through it can lead to several rows, so it cannot give one value here", position: position, token: path.joined(separator: "."))
                }
                return .toMany(relationship: relationship, fromAlias: currentAlias, rest: Array(path[(i + 1)...]), prefix: walked.joined(separator: "."))
            }
        }
        throw error("empty key path", position: position, token: "")
    }

    func unknown(_ segment: String, in model: ORMModel, position: Int, path: [String], index: Int) -> AmigoError {
        let offset = position + path[..<index].reduce(0) { $0 + $1.count + 1 }
        let columns = model.table.columns.map(\.label)
        let relations = model.relationships.map(\.name)
        let hint = index == path.count - 1
            ? "columns: " + columns.joined(separator: ", ")
            : "relationships: " + (relations.isEmpty ? "none" : relations.joined(separator: ", "))
        return error("unknown \(index == path.count - 1 ? "column" : "relationship") '\(segment)' in \(model.name) (\(hint))",
                     position: offset, token: segment)
    }
}

