/// What the table prompt (`t`) was asked for: a table or view, and optionally where in it to go —
/// `Album:4` opens Album at the row whose key is 4 (`PlaylistTrack:1,3402` for a composite key),
/// `Track/snow` opens Track at the first row whose name contains "snow" (as `f` finds).
///
/// The name part matches as the prompt always did (exact, prefix, part, letters in order; tables
/// before views). A name that itself contains `:` or `/` is still found when typed whole.
package struct TableTarget: Sendable, Equatable {
    /// Where to go in the table once it is open.
    package enum Position: Sendable, Equatable {
        /// The first row.
        case top
        /// The row with this key (as `#` takes it).
        case key(String)
        /// The first row that contains this text in its naming column (as `f` finds).
        case find(String)
    }

    /// The table or view's exact name.
    public var table: String
    /// Where to go in it.
    package var position: Position

    /// The target `text` names among `tables`; nil when no table or view matches.
    public static func parse(_ text: String, in tables: [TableSummary]) -> TableTarget? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if let exact = tables.first(where: { $0.name.lowercased() == text.lowercased() }) {
            return TableTarget(table: exact.name, position: .top)
        }
        guard let separator = text.firstIndex(where: { $0 == ":" || $0 == "/" }), separator != text.startIndex else {
            return TypedSearch.tableMatch(text, in: tables).map { TableTarget(table: $0, position: .top) }
        }
        let name = String(text[..<separator])
        let rest = String(text[text.index(after: separator)...]).trimmingCharacters(in: .whitespaces)
        guard let table = TypedSearch.tableMatch(name, in: tables) else { return nil }
        if rest.isEmpty { return TableTarget(table: table, position: .top) }
        return TableTarget(table: table, position: text[separator] == ":" ? .key(rest) : .find(rest))
    }
}
