import Amigo

/// The table prompt's preview as it is typed (`Track/snow`): the named table is shown with the
/// cursor on its top row, for the app to find the text from there as `f` does; taking the text
/// away, or a name that matches nothing, puts back what was there, and so does Esc. Owns where
/// the UI was when the preview began and which table it shows.
final class TablePromptPreview {
    /// Where the UI was when a preview began, put back when it ends without keeping the table.
    struct Origin {
        /// Navigation: the view stack, the views' cursors.
        let snapshot: Navigator.Snapshot
        /// The tables list's cursor.
        let tableCursor: Int
        /// The focused pane.
        let focus: ShellApp.Pane
    }

    /// The text to find in a previewed table, and the column to search first.
    struct Find {
        /// The text typed after the name.
        let text: String
        /// The column searched first (``TypedSearch/searchColumn(of:)``).
        let column: String?
    }

    private let explorer: Explorer
    /// Where the UI was; nil while no preview is under way.
    private var origin: Origin?
    /// The table the preview shows now; nil when it shows what was there before.
    private(set) var table: String?

    /// A preview over `explorer`'s navigation, showing nothing yet.
    init(explorer: Explorer) {
        self.explorer = explorer
    }

    /// Shows what the table prompt's `text` names once a text to find follows the name: opens
    /// the table (unless it is shown already) with the cursor on its top row, and says what to
    /// find there. Otherwise puts back what was there and returns nil. `origin` is asked where
    /// the UI is when a preview begins.
    ///
    /// - Throws: what opening the table throws (what was there stays put back).
    func show(_ text: String, origin: () -> Origin) throws -> Find? {
        guard let target = TableTarget.parse(text, in: explorer.tables), case .find(let find) = target.position else {
            if let origin = self.origin, table != nil {
                explorer.restoreNavigation(origin.snapshot)
                table = nil
            }
            return nil
        }
        let began = self.origin ?? origin()
        self.origin = began
        if table != target.table {
            explorer.restoreNavigation(began.snapshot)
            try explorer.open(target.table)
            table = target.table
        }
        guard let view = explorer.current else { return nil }
        explorer.moveCursor(to: 0)
        return Find(text: find, column: TypedSearch.searchColumn(of: view))
    }

    /// Ends a preview. `keeping` leaves the previewed table open (Enter); else navigation is put
    /// back, and the origin is returned for the caller to put back the tables cursor and the
    /// focus (Esc). Nil when no preview was under way or its table is kept.
    func end(keeping: Bool) -> Origin? {
        guard let origin else { return nil }
        self.origin = nil
        table = nil
        guard !keeping else { return nil }
        explorer.restoreNavigation(origin.snapshot)
        return origin
    }
}
