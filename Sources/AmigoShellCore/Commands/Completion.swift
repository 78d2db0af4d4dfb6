import Amigo

/// Tab-completion candidates for the prompts: commands, table names, relationship names and
/// paths, column names and filter keywords.
package enum Completion {
    /// Words of the filter language offered after a column.
    package static let filterKeywords = ["AND", "OR", "NOT", "IN", "LIKE", "BEGINSWITH", "ENDSWITH", "CONTAINS", "CONTAINS[c]",
                                        "BEGINSWITH[c]", "MATCHES", "BETWEEN", "IS NULL", "IS NOT NULL", "nil", "TRUE", "FALSE"]

    /// Candidates for `word` (which starts at `wordStart` in `line`) at a prompt of `kind`.
    public static func candidates(line: String, wordStart: Int, word: String, kind: ShellApp.PromptKind, explorer: Explorer) -> [String] {
        let before = String(line.prefix(wordStart)).trimmingCharacters(in: .whitespaces)
        switch kind {
        case .filter:
            return pathCandidates(word, model: explorer.current?.model) + keywordCandidates(word)
        case .edit, .find, .key:
            return []
        case .saveName:
            // The names saved already (to replace one).
            return matching(word, (try? explorer.savedQueries.load().map(\.name)) ?? [])
        case .table:
            // Tables first, then views; by prefix, else by the letters in order.
            let ranked = explorer.tables.filter { !$0.isView }.map(\.name) + explorer.tables.filter(\.isView).map(\.name)
            let prefixed = matching(line, ranked)
            return prefixed.isEmpty ? ranked.filter { TableNameMatch.isSubsequence(line.lowercased(), of: $0.lowercased()) } : prefixed
        case .command:
            let words = CommandParser.splitWords(before.hasPrefix(":") ? String(before.dropFirst()) : before)
            guard let command = words.first?.lowercased() else { return matching(word, CommandParser.names) }
            switch command {
            case "open", "o", "schema":
                return matching(word, explorer.tables.map(\.name))
            case "follow", "fo":
                return matching(word, explorer.current?.model?.relationships.map(\.name) ?? [])
            case "set":
                // `set COLUMN`, or `set all COLUMN` over every row of the view.
                let columns = explorer.current?.columns ?? []
                if words.count == 1 { return matching(word, columns + ["all"]) }
                return words.count == 2 && words[1].lowercased() == "all" ? matching(word, columns) : []
            case "run", "save":
                // The names saved for this database (none when the file cannot be read).
                return words.count == 1 ? matching(word, explorer.savedQueries.names) : []
            case "order", "sort", "stats":
                if words.count >= 2 && (command == "order" || command == "sort") { return matching(word, ["desc", "asc"]) }
                return matching(word, explorer.current?.columns ?? [])
            case "filter", "f", "where":
                return pathCandidates(word, model: explorer.current?.model) + keywordCandidates(word)
            case "insert", "add":
                // Column names where a new assignment starts (after `insert ` or a comma).
                let last = before.split(separator: ",").last.map(String.init) ?? before
                if last.contains("=") { return [] }
                return matching(word, explorer.current?.model?.table.columns.filter { !$0.isGenerated }.map(\.label) ?? [])
            case "delete", "del":
                return words.count == 1 ? matching(word, ["all"]) : []
            case "link", "unlink":
                guard words.count == 1 else { return [] }
                return matching(word, explorer.current?.model?.relationships.filter { $0.kind == .manyToMany }.map(\.name) ?? [])
            case "echo":
                return matching(word, ["on", "off"])
            case "export":
                return words.count == 1 ? matching(word, ["csv", "json"]) : FilePaths.completions(of: word)
            case "attach":
                // `attach FILE AS NAME`: the file, then AS.
                return words.count == 1 ? FilePaths.completions(of: word) : words.count == 2 ? matching(word, ["AS"]) : []
            case "detach":
                return words.count == 1 ? matching(word, (try? explorer.session.attachedNames()) ?? []) : []
            case "help":
                return matching(word, CommandParser.names)
            case "sql":
                let text = before.drop { $0 == ":" }.drop { $0.isWhitespace }.dropFirst(3)
                return SQLCompletion.candidates(text: String(text), word: word, models: explorer.amigo.models,
                                                values: { fewValues(of: $1, in: $0, explorer: explorer) })
            case _ where words.count >= 1 && CommandParser.isSQLStatement(word: command, rest: words.dropFirst().joined(separator: " ")):
                return SQLCompletion.candidates(text: String(before.drop { $0 == ":" }), word: word, models: explorer.amigo.models,
                                                values: { fewValues(of: $1, in: $0, explorer: explorer) })
            default:
                return []
            }
        }
    }

    /// Rows read at most to find a column's values for completion: a Tab never waits on a scan.
    static let valueSampleRows = 10_000
    /// Most distinct values a column may have for them to be offered.
    static let fewValuesLimit = 20

    /// The distinct values of `column` of `model` among its first ``valueSampleRows`` rows, most
    /// frequent first, when there are at most ``fewValuesLimit`` of them (NULL left out); nil
    /// otherwise or when they cannot be read. Not echoed: it is the completion's, not the user's.
    static func fewValues(of column: Column, in model: ORMModel, explorer: Explorer) -> [DatabaseValue]? {
        explorer.amigo.engine.echo.unechoed {
            guard let profile = try? explorer.session.query(model.name).limit(valueSampleRows)
                    .valueProfile(of: column.label, limit: fewValuesLimit + 1),
                  profile.distinctCount <= fewValuesLimit else { return nil }
            return profile.values.map(\.value).filter { !$0.isNull }
        }
    }

    static func matching(_ prefix: String, _ options: [String]) -> [String] {
        let lower = prefix.lowercased()
        return options.filter { $0.lowercased().hasPrefix(lower) }
    }

    static func keywordCandidates(_ word: String) -> [String] {
        word.isEmpty ? [] : matching(word, filterKeywords)
    }

    /// Columns and relationships of `model`, following dotted relationship paths: `artist.` → `artist.Name`, ….
    static func pathCandidates(_ word: String, model: ORMModel?) -> [String] {
        guard var model else { return [] }
        var parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let last = parts.removeLast()
        var previous = model
        for part in parts {
            guard let relationship = model.relationship(named: part) else { return [] }
            previous = model
            model = relationship.target
        }
        let prefix = parts.isEmpty ? "" : parts.joined(separator: ".") + "."
        let columns = model.table.columns.map { ValueText.keyPath($0.label) }
        let relationships = model.relationships.map { $0.name + "." }
        // After a to-many relationship, `@count` counts its rows (`albums.@count`).
        let endsInToMany = parts.last.flatMap { previous.relationship(named: $0) }.map { $0.kind != .toOne } ?? false
        return matching(last, columns + relationships + (endsInToMany ? ["@count"] : [])).map { prefix + $0 }
    }

    /// The status line's listing of ambiguous completion `matches`: the first 12, `…` for more;
    /// those in `views` marked ` (view)` (at the table prompt, views come after the tables).
    static func matchesLine(_ matches: [String], views: Set<String>) -> String {
        let shown = matches.prefix(12).map { views.contains($0) ? $0 + " (view)" : $0 }
        return "completions: " + shown.joined(separator: "  ") + (matches.count > 12 ? "  …" : "")
    }
}
