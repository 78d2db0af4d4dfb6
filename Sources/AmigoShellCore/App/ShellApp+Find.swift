// ShellApp: find, jump to a key and open a table by name — searches started from prompts.

import Amigo

extension ShellApp {
    /// Runs a search and shows where it landed (or why it did not) in the status line.
    func runFind(_ text: String, column: String?, backward: Bool, includingCurrent: Bool) {
        guard let view = explorer.current else { setMessage("open a table first"); return }
        let index = column.flatMap { name in view.columns.firstIndex(of: name) }
        attempt {
            let found: String
            do {
                found = try explorer.find(text, column: index, backward: backward, includingCurrent: includingCurrent)
            } catch ShellError.noMatch where index != nil {
                // Not in this column (a last name typed in the first name's): every column.
                found = try explorer.find(text, column: nil, backward: backward, includingCurrent: includingCurrent)
            }
            focus = .grid
            setMessage(found)
        }
    }

    /// The column a search by value looks in: the current column when it holds text, else (a
    /// key or a number, where text is never found) the column that names the rows (`Name`).
    static func searchColumn(of view: BrowseView) -> String? {
        guard view.cursorColumn < view.modelColumns.count, let model = view.model else { return nil }
        let current = view.modelColumns[view.cursorColumn]
        let foreign = model.relationships.contains { $0.kind == .toOne && $0.sourceColumns.contains { $0 === current } }
        if (current.kind == .text || current.declaredType.isEmpty) && !foreign { return current.label }
        return LabelColumn.columns(of: model)?.first?.label ?? current.label
    }

    /// A filter typed as a value alone (`ACADEMY DINOSAUR`, `'Grunge'`): a search on the current
    /// column, `Column CONTAINS[c] 'value'`; nil when `text` is a filter (or not a bare value).
    static func bareValueFilter(_ text: String, view: BrowseView) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let name = searchColumn(of: view), let column = view.model?.table.column(named: name) else { return nil }
        if (try? FilterParser.parse(trimmed)) != nil { return nil }
        var value = trimmed
        if value.count >= 2, let first = value.first, first == value.last, first == "'" || first == "\"" {
            value = String(value.dropFirst().dropLast())
        } else {
            // An operator or a keyword of the language means a filter with a mistake, not a value.
            if value.contains(where: { "=<>!(){}%".contains($0) }) { return nil }
            let keywords: Set<String> = ["AND", "OR", "NOT", "IN", "LIKE", "BEGINSWITH", "ENDSWITH", "CONTAINS", "MATCHES", "BETWEEN", "IS", "NULL"]
            if value.split(separator: " ").contains(where: { keywords.contains(String($0)) || $0.hasPrefix("CONTAINS[") }) { return nil }
        }
        guard let literal = ValueText.filterLiteral(.text(value)) else { return nil }
        let filter = ValueText.keyPath(column.label) + " CONTAINS[c] " + literal
        return (try? FilterParser.parse(filter)) != nil ? filter : nil
    }

    /// The table or view `name` means: an exact name, else the first starting with it, else
    /// containing it, else whose letters it has in order (fuzzy) — tables before views.
    static func tableMatch(_ name: String, in tables: [TableSummary]) -> String? {
        TableNameMatch.best(name, tables: tables.filter { !$0.isView }.map(\.name), views: tables.filter(\.isView).map(\.name))
    }

    /// Shows ambiguous completion candidates in the status line.
    public func showMatches(_ matches: [String]) {
        // At the table prompt, views are marked (they come after the tables).
        let views = activePromptKind == .table ? Set(explorer.tables.filter(\.isView).map(\.name)) : []
        let shown = matches.prefix(12).map { views.contains($0) ? $0 + " (view)" : $0 }
        setMessage("completions: " + shown.joined(separator: "  ") + (matches.count > 12 ? "  …" : ""))
    }
}
