import Amigo

/// Overlays drawn over the panes.
package enum ShellOverlay {
    case none
    case relations(rows: [(relationship: Relationship, count: Int)], cursor: Int)
    case detail(text: String, scroll: Int)
    /// The row's detail holding indented JSON (`v`), a cursor on a line, its nodes foldable.
    case foldingDetail(DetailBrowser)
    case help(scroll: Int)
    case output(title: String, text: String, scroll: Int)
    case confirmEdit(PendingEdit)
    /// A write (insert, delete, link, unlink, writing sql) waiting for y.
    case confirmWrite(PendingWrite)
    /// The form of a new row.
    case insertForm(RowInsertForm)
    case confirmQuit
    /// The connection to the server was lost (`reason`): y connects again.
    case confirmReconnect(reason: String)
    /// A column's value frequencies (`F`), the cursor on one value.
    case frequencies(ValueProfile, cursor: Int)
    /// The map of the whole file (`m`), the cursor on one table.
    case schemaMap(SchemaMapBrowser)
    /// The current row as a page (`p`), the cursor on a line Enter follows.
    case entityPage(EntityPageBrowser)
    /// What ran this session (`H`), the cursor on an entry Enter runs again.
    case history(HistoryBrowser)

    /// Whether the overlay asks a yes/no question (a write, an edit, quitting, reconnecting).
    package var isConfirming: Bool {
        switch self {
        case .confirmEdit, .confirmWrite, .confirmQuit, .confirmReconnect: return true
        default: return false
        }
    }
}
