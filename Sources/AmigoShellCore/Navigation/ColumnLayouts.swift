/// The ``ColumnLayout`` of each table, remembered for the session: a column hidden, pinned or
/// resized in one view of `Track` stays so in every later view of `Track` (a filter, a sort,
/// the tracks of an album), until changed again.
package final class ColumnLayouts {
    private var byTable: [String: ColumnLayout] = [:]

    /// An empty book: every table shows its columns as they are.
    package init() {}

    /// The layout of the table (or view) named `table`.
    package subscript(table: String) -> ColumnLayout {
        get { byTable[table] ?? ColumnLayout() }
        set { byTable[table] = newValue.isDefault ? nil : newValue }
    }
}
