// Explorer: noticing changes other programs made to the file, refreshing, and reflecting the schema again.

import Amigo
import Foundation

extension Explorer {
    // MARK: Changes made by other programs

    /// The connection's data version (see ``readVersion``), as the engine's dialect reads it
    /// (SQLite's `PRAGMA data_version`, a hash of PostgreSQL's current snapshot), without echo:
    /// housekeeping, not the user's SQL. nil when the dialect has none.
    ///
    /// - Throws: when it cannot be read (the file locked by another program): not knowing is
    ///   not the same as "changed", and what was read before is not current either.
    func dataVersion() throws -> Int64? {
        guard let query = amigo.engine.dialect.dataVersionQuery else { return nil }
        return try amigo.engine.unechoed { try amigo.engine.fetchScalar(query).integerValue }
    }

    /// Whether another program committed changes to the file since the counts were read.
    ///
    /// - Throws: when the data version cannot be read (the file locked by another program), so
    ///   that counts and rows read before are never shown as current.
    public func fileChangedElsewhere() throws -> Bool { try dataVersion() != readVersion }

    /// The schema's version (see ``reflectedSchemaVersion``) as the engine's catalog reads it
    /// (SQLite's `PRAGMA schema_version`, a hash of PostgreSQL's catalog for the schemas
    /// reflected), plus ``catalogGeneration``; nil when it cannot be read.
    func schemaVersion() -> Int64? {
        do {
            return (try amigo.engine.unechoed { try amigo.engine.schemaCatalog.schemaVersion() } ?? 0) &+ catalogGeneration
        } catch {
            return nil
        }
    }

    /// Whether the schema is known to have changed since the models were reflected. A version
    /// that cannot be read now (the file locked by another program) is no change: busy is not
    /// "changed", and reflecting again would only fail or wait.
    var schemaChangedSinceReflection: Bool {
        guard let version = schemaVersion() else { return false }
        return version != reflectedSchemaVersion
    }

    /// Reads the table counts and the current view again (keeping its filter, order and
    /// position): after another program changed the file, or on request. When the schema itself
    /// changed (a table added, altered or dropped), the models are reflected again first.
    public func refresh() throws {
        if pendingChanges == 0, schemaChangedSinceReflection { try reflectAgain() }
        try reloadTables()
        try reloadCurrentView()
    }

    /// Reflects the file's models again on the same engine, with a new session, and rebuilds the
    /// navigation on the new models: each view keeps its filter, order and row where they still
    /// apply; a view whose table or relationship is gone ends its stack there. What was lost is
    /// said in a notice.
    ///
    /// With `keepingChanges` (after DDL the user ran inside the session), the open transaction
    /// and its pending changes are handed to the new models' session instead of being closed.
    func reflectAgain(keepingChanges: Bool = false) throws {
        let fresh = try AmigoDatabase(reflecting: amigo.engine, reflection: reflectionOptions)
        let oldStacks = earlierStacks + [stack]
        if keepingChanges {
            session = try session.handOver(to: fresh)
            amigo = fresh
        } else {
            try? session.close()
            amigo = fresh
            session = try fresh.openSession()
        }
        reflectedSchemaVersion = schemaVersion()
        failedGet = nil
        try reloadTables()
        var lost: [String] = []
        var rebuiltStacks: [[BrowseView]] = []
        for old in oldStacks {
            var views: [BrowseView] = []
            for view in old {
                guard let next = rebuilt(view, lost: &lost) else { break }
                views.append(next)
            }
            rebuiltStacks.append(views)
        }
        stack = rebuiltStacks.removeLast()
        earlierStacks = rebuiltStacks.filter { !$0.isEmpty }
        if keepingChanges {
            // The user's own DDL: only what it took away is worth a notice.
            if !lost.isEmpty { notice = lost.joined(separator: "; ") }
            return
        }
        let note = "the schema was changed by another program" + (lost.isEmpty ? "" : ": " + lost.joined(separator: "; "))
        notice = notice.map { note + "; " + $0 } ?? note
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
        if (try? load(next)) == nil {
            // The filter or the order names something that is gone: dropped, and said so.
            if let filter = view.filter { lost.append("filter \(filter) dropped from \(view.title)") }
            if let order = view.order { lost.append("order \(order.column) dropped from \(view.title)") }
            next.filter = nil
            next.order = nil
            guard (try? load(next)) != nil else {
                lost.append("\(view.title) cannot be read")
                return nil
            }
        }
        // The cursor on the same row (by its key) if it is still there, else at the same place.
        let record = view.window?.loadedRow(at: view.cursorRow)
        let row = record.flatMap { try? position(of: $0, in: next) } ?? view.cursorRow
        next.place(row: row, top: row - (view.cursorRow - view.topRow))
        next.cursorColumn = min(view.cursorColumn, max(0, next.columns.count - 1))
        return next
    }

    /// ``refresh()`` when another program committed changes since the last read (and this
    /// session has none pending). Returns whether it refreshed; false also when the file could
    /// not be read (see ``refreshIfChangedElsewhereOrFail()``).
    @discardableResult
    public func refreshIfChangedElsewhere() -> Bool {
        (try? refreshIfChangedElsewhereOrFail()) ?? false
    }

    /// ``refreshIfChangedElsewhere()``, throwing when the check or the refresh cannot read the
    /// file (locked by another program), so that a caller never shows what it read before as
    /// current.
    @discardableResult
    public func refreshIfChangedElsewhereOrFail() throws -> Bool {
        if !replacementNoticed, fileReplacedElsewhere {
            replacementNoticed = true
            notice = "\(displayPath) was moved, replaced or deleted by another program: what is shown is the file as it was opened; open it again to see what is there now"
            return true
        }
        guard pendingChanges == 0, try fileChangedElsewhere() else { return false }
        try refresh()
        return true
    }

    /// Loads the current view again, keeping the cursor on the same row when it is still there
    /// (rows added or removed before it move it), else at the same position (clamped). A row on
    /// screen that went away is news when another program removed it (a notice); after the
    /// session's own rollback (`undoneHere`), or a connection lost with its transaction, it is not.
    func reloadCurrentView(undoneHere: Bool = false) throws {
        guard let view = current, view.isModelView else { return }
        let (row, top) = (view.cursorRow, view.topRow)
        // The row as it was read (fetching it now would read the file as it is after the change).
        let record = view.model?.table.primaryKey.isEmpty == false ? view.window?.loadedRow(at: row) : nil
        try load(view)
        let moved = record.flatMap { try? position(of: $0, in: view) }
        if let moved, moved != row {
            view.place(row: moved, top: top + moved - row)
        } else {
            view.place(row: row, top: top)
        }
        if let record, moved == nil, view.totalCount > 0 {
            // The row on screen went away: what the cursor is on now was not chosen, so
            // set, relations and follow wait for a get or a move.
            let caption = rowCaption(record)
            if undoneHere {
                failedGet = (ObjectIdentifier(view), view.cursorRow, "\(caption) was undone with the transaction")
            } else {
                failedGet = (ObjectIdentifier(view), view.cursorRow, "\(caption) was deleted (or left the view) elsewhere")
                notice = "\(caption) was deleted (or left the view) by another program"
            }
        }
    }
}
