import Amigo

/// Tab completion inside SQL text (`sql SELECT …` at the `:` prompt): keywords, tables, the
/// columns of the tables in scope (by name and by alias), functions — and, after `JOIN`, whole
/// join clauses built from the relationships the file declares or that were inferred, through a
/// junction table where a many-to-many goes (`JOIN Playlist` from Track brings its PlaylistTrack).
///
/// Pure: it reads the text before the cursor and the reflected models, never the database, so
/// it never blocks typing — but for the values of a column after `=` (`WHERE Name = 'Ro` ⇥
/// `'Rock'`), which it asks of a ``ColumnValues`` source, whose reads are bounded.
///
/// For example, with `SELECT * FROM Track t JOIN Pla` and Tab, the candidates include
/// `PlaylistTrack ON PlaylistTrack.TrackId = t.TrackId` and
/// `Playlist ON … JOIN Playlist ON Playlist.PlaylistId = PlaylistTrack.PlaylistId`.
enum SQLCompletion {
    /// Keywords offered where a clause may start or go on.
    static let keywords = ["SELECT", "FROM", "WHERE", "JOIN", "LEFT JOIN", "INNER JOIN", "ON", "GROUP BY", "ORDER BY",
                           "HAVING", "LIMIT", "OFFSET", "AND", "OR", "NOT", "IN", "LIKE", "IS NULL", "IS NOT NULL",
                           "AS", "DISTINCT", "DESC", "ASC", "BETWEEN", "UNION", "WITH", "CASE", "WHEN", "THEN", "ELSE", "END"]
    /// Functions offered where a value may stand.
    static let functions = ["count(", "sum(", "avg(", "min(", "max(", "group_concat(", "coalesce(", "length(", "lower(",
                            "upper(", "substr(", "round(", "abs(", "date(", "datetime(", "strftime("]

    /// A table in the statement's scope: its model and the name it goes by (its alias, if any).
    struct ScopeEntry: Equatable {
        let model: ORMModel
        let name: String

        static func == (a: ScopeEntry, b: ScopeEntry) -> Bool { a.model === b.model && a.name == b.name }
    }

    /// The few distinct values of a column of a model, or nil when it has many (or they cannot be
    /// read at once): offered after `column =`.
    typealias ColumnValues = (ORMModel, Column) -> [DatabaseValue]?

    /// Candidates for `word` at the end of `text` (the SQL before the word), over `models`; after
    /// `column =` (`<>`, `!=`, `<=`, `>=`), the column's values from `values`.
    static func candidates(text: String, word: String, models: [ORMModel], values: ColumnValues? = nil) -> [String] {
        let models = models.filter { !$0.name.isEmpty }
        let tokens = tokenize(text)
        let scope = self.scope(tokens, models: models)
        let previous = tokens.last?.uppercased() ?? ""
        if let values, let column = comparedColumn(tokens, scope: scope, models: models) {
            let lower = word.lowercased()
            return (values(column.model, column.column) ?? []).compactMap(literal).filter {
                $0.lowercased().hasPrefix(lower) || $0.dropFirst().lowercased().hasPrefix(lower)
            }
        }
        // `alias.` or `table.`: that table's columns.
        if let dot = word.firstIndex(of: ".") {
            let qualifier = String(word[..<dot])
            let table = scope.first { $0.name.lowercased() == qualifier.lowercased() }?.model
                ?? models.first { $0.name.lowercased() == qualifier.lowercased() }
            guard let table else { return [] }
            return Completion.matching(word, table.table.columns.map { qualifier + "." + quoted($0.label) })
        }
        switch previous {
        case "FROM", "INTO", "UPDATE", "TABLE":
            return Completion.matching(word, models.map { quoted($0.name) })
        case "JOIN":
            let tables = Completion.matching(word, models.map { quoted($0.name) })
            return joinClauses(word: word, scope: scope, models: models) + tables
        default:
            break
        }
        // After `JOIN t [alias]`: the ON conditions that join it to what is already in scope.
        if let joined = joinedTable(tokens, scope: scope), "ON".hasPrefix(word.uppercased()) || word.isEmpty {
            let conditions = onConditions(joining: joined, to: scope.filter { $0 != joined }).map { "ON " + $0 }
            if !conditions.isEmpty { return Completion.matching(word, conditions) }
        }
        let columns = scope.flatMap { entry in entry.model.table.columns.map { quoted($0.label) } }
        let qualified = scope.count > 1 ? scope.flatMap { entry in entry.model.table.columns.map { entry.name + "." + quoted($0.label) } } : []
        guard !word.isEmpty else { return [] }
        return unique(Completion.matching(word, columns + qualified + functions + keywords + models.map { quoted($0.name) }))
    }

    /// The column the text ends comparing (`Name =`, `g.Name <>`, `"Name" !=`): its model (by
    /// the qualifier's alias or name, else the first table in scope that has such a column).
    static func comparedColumn(_ tokens: [String], scope: [ScopeEntry], models: [ORMModel]) -> (model: ORMModel, column: Column)? {
        var end = tokens.count
        guard end >= 2, ["=", ">"].contains(tokens[end - 1]) else { return nil }
        end -= 1
        if tokens[end - 1] == "<" || tokens[end - 1] == "!" || (tokens[end] == "=" && tokens[end - 1] == ">") { end -= 1 }
        guard end >= 1 else { return nil }
        let name = tokens[end - 1]
        if let dot = name.lastIndex(of: ".") {
            let qualifier = name[..<dot].lowercased(), label = String(name[name.index(after: dot)...])
            let model = scope.first { $0.name.lowercased() == qualifier }?.model ?? models.first { $0.name.lowercased() == qualifier }
            guard let model, let column = model.table.columns.first(where: { $0.label.lowercased() == label.lowercased() }) else { return nil }
            return (model, column)
        }
        for entry in scope {
            if let column = entry.model.table.columns.first(where: { $0.label.lowercased() == name.lowercased() }) {
                return (entry.model, column)
            }
        }
        return nil
    }

    /// `value` as an SQL literal (`'Rock'`, `'O''Brien'`, `42`, `0.99`); nil for NULL (compared
    /// with `IS NULL`), a blob, or text with a control character (a completion is one line).
    static func literal(_ value: DatabaseValue) -> String? {
        switch value {
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text):
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        default: return nil
        }
    }

    /// The words of `text`: names (quotes removed), and single punctuation characters; string
    /// literals and comments left out.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var chars = Array(text)[...]
        while let ch = chars.first {
            if ch.isWhitespace { chars = chars.dropFirst(); continue }
            if ch == "'" {
                chars = chars.dropFirst()
                while let c = chars.popFirst(), c != "'" {}
                tokens.append("''")
                continue
            }
            if ch == "-", chars.dropFirst().first == "-" {
                while let c = chars.popFirst(), c != "\n" {}
                continue
            }
            if ch == "\"" || ch == "[" || ch == "`" {
                let close: Character = ch == "[" ? "]" : ch
                chars = chars.dropFirst()
                var name = ""
                while let c = chars.popFirst(), c != close { name.append(c) }
                tokens.append(name)
                continue
            }
            if ch.isLetter || ch == "_" || ch.isNumber {
                var name = ""
                while let c = chars.first, c.isLetter || c.isNumber || c == "_" || c == "$" || c == "." {
                    name.append(c)
                    chars = chars.dropFirst()
                }
                tokens.append(name)
                continue
            }
            tokens.append(String(ch))
            chars = chars.dropFirst()
        }
        return tokens
    }

    /// The tables after `FROM` and `JOIN` (and in `FROM a, b`), with their aliases.
    static func scope(_ tokens: [String], models: [ORMModel]) -> [ScopeEntry] {
        var entries: [ScopeEntry] = []
        var index = 0
        var inFrom = false
        while index < tokens.count {
            let upper = tokens[index].uppercased()
            if upper == "FROM" || upper == "JOIN" || (inFrom && tokens[index] == ",") {
                inFrom = upper == "FROM" || (inFrom && tokens[index] == ",")
                if index + 1 < tokens.count, let model = model(named: tokens[index + 1], in: models) {
                    var name = model.name
                    var next = index + 2
                    if next < tokens.count, tokens[next].uppercased() == "AS" { next += 1 }
                    if next < tokens.count, isAlias(tokens[next]) { name = tokens[next] }
                    entries.append(ScopeEntry(model: model, name: name))
                }
            } else if ["WHERE", "GROUP", "ORDER", "ON", "LIMIT", "HAVING", "SELECT"].contains(upper) {
                inFrom = false
            }
            index += 1
        }
        return entries
    }

    /// The table the text ends in joining (`… JOIN Playlist p` or `… JOIN Playlist`), if any.
    static func joinedTable(_ tokens: [String], scope: [ScopeEntry]) -> ScopeEntry? {
        guard let join = tokens.lastIndex(where: { $0.uppercased() == "JOIN" }), join + 1 < tokens.count else { return nil }
        let rest = tokens[(join + 1)...]
        // Only the table, `AS`, and an alias may follow: nothing after the join has started.
        guard rest.count <= 3, rest.dropFirst().allSatisfy({ $0.uppercased() == "AS" || isAlias($0) }) else { return nil }
        let name = rest.last.map { isAlias($0) && rest.count > 1 ? $0 : rest.first ?? $0 } ?? ""
        return scope.last { $0.name.lowercased() == name.lowercased() || $0.model.name.lowercased() == name.lowercased() }
    }

    /// Whole join clauses for a table starting with `word`, joined to the tables in scope along
    /// the relationships: directly, or through the junction of a many-to-many.
    static func joinClauses(word: String, scope: [ScopeEntry], models: [ORMModel]) -> [String] {
        var clauses: [String] = []
        for entry in scope {
            for relationship in entry.model.relationships where quoted(relationship.target.name).lowercased().hasPrefix(word.lowercased())
                || (junctionName(relationship).map { quoted($0).lowercased().hasPrefix(word.lowercased()) } ?? false) {
                let target = relationship.target
                let targetName = quoted(target.name)
                switch relationship.kind {
                case .toOne, .oneToMany:
                    guard quoted(target.name).lowercased().hasPrefix(word.lowercased()) else { continue }
                    clauses.append("\(targetName) ON " + equalities(targetName, relationship.targetColumns, entry.name, relationship.sourceColumns))
                case .manyToMany:
                    guard let name = junctionName(relationship) else { continue }
                    let junction = quoted(name)
                    let first = "\(junction) ON " + equalities(junction, relationship.junctionSourceColumns, entry.name, relationship.sourceColumns)
                    if junction.lowercased().hasPrefix(word.lowercased()) { clauses.append(first) }
                    if targetName.lowercased().hasPrefix(word.lowercased()) {
                        // Typed as the far table's name: the junction is joined first, then it.
                        clauses.append(first + " JOIN \(targetName) ON " + equalities(targetName, relationship.targetColumns, junction, relationship.junctionTargetColumns))
                    }
                }
            }
        }
        return unique(clauses)
    }

    /// The junction table a many-to-many goes through.
    static func junctionName(_ relationship: Relationship) -> String? {
        relationship.through?.name ?? relationship.junction?.name
    }

    /// `ON` conditions joining `joined` to one of `others` along a relationship of either side.
    static func onConditions(joining joined: ScopeEntry, to others: [ScopeEntry]) -> [String] {
        var conditions: [String] = []
        for other in others {
            for relationship in other.model.relationships where relationship.kind != .manyToMany && relationship.target === joined.model {
                conditions.append(equalities(joined.name, relationship.targetColumns, other.name, relationship.sourceColumns))
            }
            for relationship in joined.model.relationships where relationship.kind != .manyToMany && relationship.target === other.model {
                conditions.append(equalities(joined.name, relationship.sourceColumns, other.name, relationship.targetColumns))
            }
        }
        return unique(conditions)
    }

    /// `a.x = b.y AND …` for paired columns.
    static func equalities(_ left: String, _ leftColumns: [Column], _ right: String, _ rightColumns: [Column]) -> String {
        zip(leftColumns, rightColumns).map { "\(left).\(quoted($0.label)) = \(right).\(quoted($1.label))" }.joined(separator: " AND ")
    }

    /// A name as SQL takes it: as it is when it is a plain word, else in double quotes.
    static func quoted(_ name: String) -> String {
        let plain = name.first.map { $0.isLetter || $0 == "_" } == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return plain && !reserved.contains(name.uppercased()) ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Words that cannot be a bare name (or an alias).
    static let reserved: Set<String> = ["SELECT", "FROM", "WHERE", "JOIN", "LEFT", "INNER", "OUTER", "CROSS", "ON", "GROUP", "ORDER",
                                        "BY", "HAVING", "LIMIT", "OFFSET", "AND", "OR", "NOT", "IN", "AS", "USING", "NATURAL",
                                        "UNION", "ORDER", "TABLE", "INDEX", "VALUES", "SET", "INTO", "CASE", "WHEN", "END"]

    static func isAlias(_ token: String) -> Bool {
        token.first.map { $0.isLetter || $0 == "_" } == true && !reserved.contains(token.uppercased())
    }

    static func model(named name: String, in models: [ORMModel]) -> ORMModel? {
        models.first { $0.name.lowercased() == name.lowercased() }
    }

    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
