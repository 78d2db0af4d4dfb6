/// One key of a view's sort: a column (or a computed path such as `albums.@count`) and its
/// direction. A view is sorted by its ``BrowseView/order`` and then by ``BrowseView/thenBy``.
package struct SortKey: Sendable, Equatable {
    /// The column or path sorted by.
    package var column: String
    /// Whether larger values come first.
    package var descending: Bool

    /// A key on `column`.
    package init(_ column: String, descending: Bool = false) {
        self.column = column
        self.descending = descending
    }

    /// Whether `column` is a key of a JSON column (`json(body).age`), computed per row.
    package static func isJSONPath(_ column: String) -> Bool { column.lowercased().hasPrefix("json(") }

    /// `Milliseconds desc`, or the column alone when ascending.
    package var text: String { column + (descending ? " desc" : "") }
}
