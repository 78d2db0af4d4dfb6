// Navigator: showing a view again (back) on the row it was left at, found by its key.

import Amigo

extension Navigator {
    /// Makes `view` ready to be shown again by `back`. Read at the loader's current
    /// ``ViewLoader/dataGeneration``, nothing committed elsewhere since, it is shown as it was left
    /// (pages, count, cursor, scroll; no query). Otherwise it is read again (``load(_:keeping:row:top:)``),
    /// the cursor on its row found by key, not at its old place (a count bounded again cuts it short).
    func showAgain(_ view: BrowseView) throws {
        guard view.isModelView else { return }
        let changedElsewhere = (try? watcher.changedElsewhereWhileIdle()) ?? true
        if view.window != nil, view.loadedGeneration == loader.dataGeneration, !changedElsewhere { return }
        let record = view.model?.table.primaryKey.isEmpty == false ? view.window?.loadedRow(at: view.cursorRow) : nil
        let before = (window: view.window, total: view.totalCount, exact: view.countIsExact, row: view.cursorRow, top: view.topRow)
        do {
            _ = try load(view, keeping: record, row: view.cursorRow, top: view.topRow)
        } catch {
            // Cancelled (Esc) or failed: as it was left, to be read again (its row looked for) next time.
            (view.window, view.totalCount, view.countIsExact, view.cursorRow, view.topRow) = before
            view.loadedGeneration = nil
            throw error
        }
    }

    /// Loads `view` again with the cursor on `record` (its row, as read) when still in the view,
    /// else at `row` (clamped), the cursor where it was on screen; returns the row's place, or nil.
    /// The place is one count by keyset of the rows before it (the exact count finished when it
    /// lies past the bounded one); the window starts at the row, its pages read by keyset, no OFFSET.
    @discardableResult
    func load(_ view: BrowseView, keeping record: Record?, row: Int, top: Int) throws -> Int? {
        try loader.load(view)
        guard let record, let found = try places.locate(record, in: view) else {
            view.place(row: row, top: top)
            return nil
        }
        if !view.countIsExact && found.index >= view.totalCount - viewportRows { try loader.completeCount(of: view) }
        if let fresh = found.row { view.window?.anchor(fresh, at: found.index) }
        view.place(row: found.index, top: top + found.index - row)
        view.scrollToShowCursor(rows: viewportRows)
        return found.index
    }
}
