// Navigator: the views rebuilt on newly reflected models, and the current view read again.

import Amigo

extension Navigator {
    /// Rebuilds `stacks` (the earlier ones, then the current one last) on the newly reflected
    /// models, each view keeping its filter, order and row where they still apply; a view whose
    /// table or relationship is gone ends its stack there. Returns what was lost, for a notice.
    func rebuild(_ stacks: [[BrowseView]]) -> [String] {
        failedGet = nil
        var lost: [String] = []
        var rebuiltStacks: [[BrowseView]] = []
        for old in stacks {
            var views: [BrowseView] = []
            for view in old {
                guard let next = rebuilt(view, lost: &lost) else { break }
                views.append(next)
            }
            rebuiltStacks.append(views)
        }
        stack = rebuiltStacks.removeLast()
        earlierStacks = rebuiltStacks.filter { !$0.isEmpty }
        return lost
    }

    /// `view` on the newly reflected models, or nil when its table or relationship is gone.
    func rebuilt(_ view: BrowseView, lost: inout [String]) -> BrowseView? {
        let next: BrowseView
        switch view.source {
        case .sql:
            return view
        case .table(let model):
            guard let fresh = try? amigo.model(named: model.name) else {
                lost.append("\(model.name) is gone")
                return nil
            }
            next = BrowseView(source: .table(fresh), title: view.title)
        case .relation(let owner, let relationship):
            guard let ownerModel = try? amigo.model(named: owner.model.name),
                  let freshRelationship = ownerModel.relationship(named: relationship.name),
                  let freshOwner = (try? session.query(ownerModel.name).get(owner.primaryKey)) ?? nil else {
                lost.append("\(relationship.name) of \(rowCaption(owner)) is gone")
                return nil
            }
            next = BrowseView(source: .relation(owner: freshOwner, relationship: freshRelationship), title: view.title)
        }
        next.followedFrom = view.followedFrom
        next.step = view.step
        next.filter = view.filter
        next.order = view.order
        next.thenBy = view.thenBy
        if (try? loader.load(next)) == nil {
            // The filter or the order names something that is gone: dropped, and said so.
            if let filter = view.filter { lost.append("filter \(filter) dropped from \(view.title)") }
            if let order = view.order { lost.append("order \(order.column) dropped from \(view.title)") }
            next.filter = nil
            next.order = nil
            next.thenBy = []
            guard (try? loader.load(next)) != nil else {
                lost.append("\(view.title) cannot be read")
                return nil
            }
        }
        // The cursor on the same row (by its key) if it is still there, else at the same place.
        let record = view.window?.loadedRow(at: view.cursorRow)
        let row = record.flatMap { try? places.index(of: $0, in: next) } ?? view.cursorRow
        next.place(row: row, top: row - (view.cursorRow - view.topRow))
        next.cursorColumn = min(view.cursorColumn, max(0, next.columns.count - 1))
        return next
    }

    /// Loads the current view again, keeping the cursor on the same row when it is still there
    /// (rows added or removed before it move it), else at the same position (clamped). A row on
    /// screen that went away is news when another program removed it (a notice); after the
    /// session's own rollback (`undoneHere`), or a connection lost with its transaction, it is not.
    func reloadCurrentView(undoneHere: Bool = false) throws {
        loader.noteDataChanged()
        guard let view = current, view.isModelView else { return }
        let (row, top) = (view.cursorRow, view.topRow)
        // The row as it was read (fetching it now would read the file as it is after the change).
        let record = view.model?.table.primaryKey.isEmpty == false ? view.window?.loadedRow(at: row) : nil
        let moved: Int?
        do { moved = try load(view, keeping: record, row: row, top: top) } catch where view.loadedGeneration != nil {
            // Read again, but its row not found (a count cancelled): where it was, as before.
            view.place(row: row, top: top)
            moved = nil
        }
        if let record, moved == nil, view.totalCount > 0 {
            // The row on screen went away: what the cursor is on now was not chosen, so
            // set, relations and follow wait for a get or a move.
            let caption = rowCaption(record)
            if undoneHere {
                failedGet = (ObjectIdentifier(view), view.cursorRow, "\(caption) was undone with the transaction")
            } else {
                failedGet = (ObjectIdentifier(view), view.cursorRow, "\(caption) was deleted (or left the view) elsewhere")
                watcher.notice = "\(caption) was deleted (or left the view) by another program"
            }
        }
    }
}
