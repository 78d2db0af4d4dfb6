import Amigo
import Foundation

/// What a value typed at a prompt means: the column a search by value looks in, a filter typed
/// as a bare value, and the table a typed name means.
enum TypedSearch {
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
        // A number typed on a number column (a key, a count) means that number, not every value
        // whose digits contain it (`/7` is 7, not 17, 27 and 70).
        if view.cursorColumn < view.modelColumns.count, Double(trimmed) != nil {
            let current = view.modelColumns[view.cursorColumn]
            if [.integer, .real, .numeric].contains(current.kind) {
                let filter = ValueText.keyPath(current.label) + " = " + trimmed
                if (try? FilterParser.parse(filter)) != nil { return filter }
            }
        }
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
}
