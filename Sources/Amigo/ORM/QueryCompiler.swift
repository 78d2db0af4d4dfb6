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

    private func unknown(_ segment: String, in model: ORMModel, position: Int, path: [String], index: Int) -> AmigoError {
        let offset = position + path[..<index].reduce(0) { $0 + $1.count + 1 }
        let columns = model.table.columns.map(\.label)
        let relations = model.relationships.map(\.name)
        let hint = index == path.count - 1
            ? "columns: " + columns.joined(separator: ", ")
            : "relationships: " + (relations.isEmpty ? "none" : relations.joined(separator: ", "))
        return error("unknown \(index == path.count - 1 ? "column" : "relationship") '\(segment)' in \(model.name) (\(hint))",
                     position: offset, token: segment)
    }

    // MARK: Filters

    func compile(_ expression: FilterExpression) throws -> String {
        switch expression {
        case .literal(let value): return value ? "1" : "0"
        case .not(let inner): return "NOT (" + (try compile(inner)) + ")"
        case .and(let l, let r): return try group(l, "AND") + " AND " + group(r, "AND")
        case .or(let l, let r): return try group(l, "OR") + " OR " + group(r, "OR")
        case .comparison(let c): return try compile(c)
        }
    }

    private func group(_ e: FilterExpression, _ parent: String) throws -> String {
        switch e {
        case .and where parent == "OR", .or where parent == "AND": return "(" + (try compile(e)) + ")"
        default: return try compile(e)
        }
    }

    private func compile(_ comparison: FilterComparison) throws -> String {
        var c = comparison
        // Constant on the left, key path on the right: flip so the column is on the left.
        if case .keyPath = c.rhs, !isKeyPath(c.lhs) {
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
            let junctionTable = dialect.quote(junction.name) + " AS " + dialect.quote(junctionAlias)
            if junction.isUnique(over: pair) {
                // Each pair is linked once: count the links (by the junction's index on the owner).
                sub.joins.append(.init(kind: "JOIN", table: junction.name, alias: junctionAlias, condition: toTarget.joined(separator: " AND ")))
                sub.conditions = owned
            } else if let targetColumn = relationship.targetColumns.first, let junctionColumn = relationship.junctionTargetColumns.first,
                      relationship.targetColumns.count == 1 {
                // Pairs may repeat: count the distinct related rows, as the relationship lists them.
                sub.conditions = [sub.qualified(targetAlias, targetColumn.label) + " IN (SELECT " + sub.qualified(junctionAlias, junctionColumn.label)
                                  + " FROM \(junctionTable) WHERE " + owned.joined(separator: " AND ") + ")"]
            } else {
                sub.conditions = ["EXISTS (SELECT 1 FROM \(junctionTable) WHERE " + (toTarget + owned).joined(separator: " AND ") + ")"]
            }
        case .toOne:
            throw error("@count follows a to-many relationship, as in albums.@count", position: position, token: token)
        }
        joinAliases["#count." + targetAlias] = (targetAlias, relationship.target)
        return "(" + sub.sql + ")"
    }

    /// `EXISTS (SELECT 1 FROM child … WHERE <link> AND <condition>)` for a to-many hop.
    private func existsSubquery(_ relationship: Relationship, fromAlias: String, prefix: String,
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
    private func isNumeric(_ operand: FilterOperand) -> Bool {
        switch operand {
        case .constant(.integer), .constant(.real), .argument: return true
        case .list(let items): return items.allSatisfy(isNumeric)
        default: return false
        }
    }

    /// Whether `operand` is the constant `nil` or a `%@` argument holding NULL.
    private func isNull(_ operand: FilterOperand) -> Bool {
        switch operand {
        case .constant(let v): return v.isNull
        case .argument(let index, _): return index < filterArguments.count && filterArguments[index] == .value(.null)
        default: return false
        }
    }

    private func isKeyPath(_ operand: FilterOperand) -> Bool {
        if case .keyPath = operand { return true }
        return false
    }

    /// The values of the right-hand operand, converted for `column`.
    private func values(_ operand: FilterOperand, for column: Column, comparison c: FilterComparison) throws -> [DatabaseValue] {
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
        case .keyPath(_, let position):
            throw error("expected a value", position: position, token: "")
        }
    }

    private func single(_ operand: FilterOperand, for column: Column, comparison c: FilterComparison) throws -> DatabaseValue {
        let vs = try values(operand, for: column, comparison: c)
        guard vs.count == 1 else {
            throw error("\(c.op.rawValue) needs a single value", position: c.position, token: c.op.rawValue)
        }
        return vs[0]
    }

    private func compile(_ c: FilterComparison, lhsSQL column: String, column model: Column) throws -> String {
        let ci = c.options.contains(.caseInsensitive)
        // `[c]` and `[d]` either fold both sides with `amigo_fold` (Unicode case folding, diacritics
        // removed) or, for ASCII-only values under `[c]`, use SQLite's own NOCASE and LIKE.
        let fold = try foldFlags(for: c, column: model)
        let lhsSQL = fold.map { dialect.folded(column, flags: $0) } ?? column
        let placeholder = fold.map { dialect.folded(dialect.placeholder, flags: $0) } ?? dialect.placeholder
        let collate = ci && fold == nil ? dialect.asciiCaseInsensitiveCollation : ""
        // Column compared with column.
        if case .keyPath(let path, let position) = c.rhs {
            guard case .column(let rhsSQL, _) = try resolve(path, position: position, allowToMany: false) else {
                throw error("cannot compare with a to-many path", position: position, token: path.joined(separator: "."))
            }
            guard let sqlOp = comparisonOperator(c.op) else {
                throw error("\(c.op.rawValue) needs a value on its right", position: c.position, token: c.op.rawValue)
            }
            return "\(lhsSQL) \(sqlOp) " + (fold.map { dialect.folded(rhsSQL, flags: $0) } ?? rhsSQL) + collate
        }
        switch c.op {
        case .equal, .notEqual:
            let value = try single(c.rhs, for: model, comparison: c)
            if value.isNull { return column + (c.op == .equal ? " IS NULL" : " IS NOT NULL") }
            arguments.append(value)
            if ci && fold == nil, let text = value.textValue, Self.foldsBeyondASCII(text) {
                // As for patterns: NOCASE for ASCII rows, full folding for the others (Straße = strasse).
                arguments += [.text(dialect.globArgument(Self.nonASCIIGlob)), .text(TextFolding.fold(text, flags: TextFolding.caseFlag))]
                let equal = "(\(column) = \(placeholder)\(collate) OR (\(dialect.caseSensitiveGlob(column)) AND "
                    + "\(dialect.folded(column, flags: TextFolding.caseFlag)) = \(dialect.placeholder)))"
                return c.op == .equal ? equal : "NOT " + equal
            }
            return "\(lhsSQL) \(c.op == .equal ? "=" : "<>") \(placeholder)\(collate)"
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let value = try single(c.rhs, for: model, comparison: c)
            if value.isNull { return "0" }
            arguments.append(value)
            return "\(lhsSQL) \(comparisonOperator(c.op)!) \(placeholder)\(collate)"
        case .like, .beginsWith, .endsWith, .contains:
            let value = try single(c.rhs, for: model, comparison: c)
            guard let text = value.textValue else {
                if value.isNull { return "0" }
                throw error("\(c.op.rawValue) needs text", position: c.position, token: c.op.rawValue)
            }
            // SQLite's LIKE and GLOB stop reading a pattern at U+0000, which would match more than asked.
            if text.unicodeScalars.contains("\u{0}") {
                throw error("a \(c.op.rawValue) pattern cannot contain the NUL character", position: c.position, token: c.op.rawValue)
            }
            let pattern = PatternTranslation(op: c.op, text: text)
            if ci && fold == nil {
                arguments.append(.text(pattern.likePattern))
                let like = dialect.asciiCaseInsensitiveLike(lhsSQL)
                guard Self.foldsBeyondASCII(text) else { return like }
                // SQLite's LIKE folds ASCII letters only: rows holding other text are also
                // compared folded (Straße contains 'ss', ﬁle begins with 'fi'), and only they
                // pay for it.
                arguments += [.text(dialect.globArgument(Self.nonASCIIGlob)),
                              .text(dialect.globArgument(TextFolding.fold(pattern.globPattern, flags: TextFolding.caseFlag)))]
                return "(\(like) OR (\(dialect.caseSensitiveGlob(column)) AND \(dialect.caseSensitiveGlob(dialect.folded(column, flags: TextFolding.caseFlag)))))"
            }
            // Case-sensitive GLOB, over folded text when folding: `*`, `?` and `[x]` survive folding.
            arguments.append(.text(dialect.globArgument(TextFolding.fold(pattern.globPattern, flags: fold ?? 0))))
            return dialect.caseSensitiveGlob(lhsSQL)
        case .in:
            let vs = try values(c.rhs, for: model, comparison: c)
            if vs.isEmpty { return "0" }
            arguments += vs
            return "\(lhsSQL)\(collate) IN (" + Array(repeating: placeholder, count: vs.count).joined(separator: ", ") + ")"
        case .between:
            let vs = try values(c.rhs, for: model, comparison: c)
            guard vs.count == 2 else {
                throw error("BETWEEN needs two values, as in {1, 5}", position: c.position, token: c.op.rawValue)
            }
            arguments += vs
            return "\(lhsSQL)\(collate) BETWEEN \(placeholder) AND \(placeholder)"
        case .matches:
            let value = try single(c.rhs, for: model, comparison: c)
            guard let text = value.textValue else {
                throw error("MATCHES needs a regular expression", position: c.position, token: c.op.rawValue)
            }
            // The pattern must stand on its own, or `a)|(b` would escape the whole-string anchors.
            guard (try? NSRegularExpression(pattern: text)) != nil else {
                throw error("invalid regular expression '\(text)'", position: c.position, token: c.op.rawValue)
            }
            // Case is ignored by the expression's own (?i); only diacritics are folded.
            arguments.append(.text((ci ? "(?i)" : "") + "^(?:" + TextFolding.fold(text, flags: fold ?? 0) + ")$"))
            return dialect.regularExpressionMatch(lhsSQL)
        }
    }

    /// The `amigo_fold` flags a comparison needs, or nil when SQLite's own `NOCASE` and `LIKE`
    /// do: `[d]` always folds (SQLite has no diacritic folding); `[c]` folds when a value compared
    /// with is not plain ASCII (SQLite folds the case of ASCII letters only).
    private func foldFlags(for c: FilterComparison, column: Column) throws -> Int? {
        var flags = 0
        if c.options.contains(.caseInsensitive) { flags |= TextFolding.caseFlag }
        if c.options.contains(.diacriticInsensitive) { flags |= TextFolding.diacriticFlag }
        if c.op == .matches { flags &= TextFolding.diacriticFlag }   // MATCHES ignores case with (?i)
        guard flags != 0 else { return nil }
        if flags & TextFolding.diacriticFlag != 0 { return flags }
        // Without a case-insensitive collation (PostgreSQL), comparisons fold; patterns use the dialect's LIKE.
        if !dialect.hasASCIICaseInsensitiveCollation && ![.like, .beginsWith, .endsWith, .contains].contains(c.op) { return flags }
        if case .keyPath = c.rhs { return nil }
        let texts = try values(c.rhs, for: column, comparison: c).compactMap(\.textValue)
        return texts.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } } ? nil : flags
    }

    /// A GLOB pattern matching text with at least one character outside ASCII.
    static let nonASCIIGlob = "*[^\u{01}-\u{7f}]*"

    /// Whether an ASCII constant compared under `[c]` could also match non-ASCII text once both
    /// are fully case-folded: it has a letter that such a folding produces — ß → ss, the
    /// ligatures ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ, the Kelvin sign → k, ſ → s, İ → i̇. (Seven rare letters with a
    /// combining mark that fold to an ASCII letter plus the mark — ŉ ǰ ẖ ẗ ẘ ẙ ẚ — are left out:
    /// a constant without these six letters keeps SQLite's faster NOCASE and LIKE.)
    static func foldsBeyondASCII(_ text: String) -> Bool {
        text.lowercased().contains { "sfilkt".contains($0) }
    }

    private func comparisonOperator(_ op: FilterOperator) -> String? {
        switch op {
        case .equal: return "="
        case .notEqual: return "<>"
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        default: return nil
        }
    }

    // MARK: Orderings

    /// `"alias"."column" ASC` for an ordering key path (`label`, `dog.label`, `-label`).
    ///
    /// Error positions count from the start of `key` as given (the scope's `input` should be `key`).
    func ordering(_ key: String, ascending: Bool) throws -> String {
        var start = key.prefix(while: { $0 == " " || $0 == "\t" }).count
        var key = key.trimmingCharacters(in: .whitespaces)
        var ascending = ascending
        if key.hasPrefix("-") { key.removeFirst(); ascending.toggle(); start += 1 }
        let path = key.split(separator: ".").map(String.init)
        guard !path.isEmpty else { throw error("empty ordering", position: start, token: key) }
        if path.count > 1, path.last!.hasPrefix("@") {
            return try countExpression(Array(path.dropLast()), operator: path.last!, position: start) + (ascending ? " ASC" : " DESC")
        }
        guard case .column(let sql, _) = try resolve(path, position: start, allowToMany: false) else {
            throw error("cannot order by a to-many path", position: start, token: key)
        }
        return sql + (ascending ? " ASC" : " DESC")
    }
}

/// Translates a filter pattern (LIKE with `*`/`?` wildcards and `\` escapes) or a literal
/// (BEGINSWITH/ENDSWITH/CONTAINS) into SQLite GLOB and LIKE patterns.
struct PatternTranslation {
    /// Pattern pieces: literal characters or wildcards.
    enum Piece: Equatable { case literal(Character), anyString, anyCharacter }
    let pieces: [Piece]

    init(op: FilterOperator, text: String) {
        var pieces: [Piece] = []
        if op == .like {
            var escaped = false
            for ch in text {
                if escaped { pieces.append(.literal(ch)); escaped = false; continue }
                switch ch {
                case "\\": escaped = true
                case "*": pieces.append(.anyString)
                case "?": pieces.append(.anyCharacter)
                default: pieces.append(.literal(ch))
                }
            }
            if escaped { pieces.append(.literal("\\")) }
        } else {
            let literal = text.map(Piece.literal)
            switch op {
            case .beginsWith: pieces = literal + [.anyString]
            case .endsWith: pieces = [.anyString] + literal
            default: pieces = [.anyString] + literal + [.anyString]
            }
        }
        self.pieces = pieces
    }

    /// For `GLOB` (case-sensitive): `*`, `?`, and `[x]` to make a special character literal.
    var globPattern: String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .anyString: out += "*"
            case .anyCharacter: out += "?"
            case .literal(let ch):
                if ch == "*" || ch == "?" || ch == "[" { out += "[\(ch)]" } else { out.append(ch) }
            }
        }
        return out
    }

    /// For `LIKE … ESCAPE '\'` (case-insensitive for ASCII): `%`, `_`, and `\` before literal `%`, `_`, `\`.
    var likePattern: String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .anyString: out += "%"
            case .anyCharacter: out += "_"
            case .literal(let ch):
                if ch == "%" || ch == "_" || ch == "\\" { out += "\\\(ch)" } else { out.append(ch) }
            }
        }
        return out
    }
}
