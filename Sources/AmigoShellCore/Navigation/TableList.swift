import Amigo
import Foundation

/// The tables and views of the database with their row counts, as the tables list shows them:
/// counted up to a bound so that a file of huge tables opens at once, the rest counted when idle
/// (``countNextDeferred()``), partitions under their parents.
package final class TableList {
    /// The database listed.
    let database: BrowsedDatabase
    /// Notes when the counts were read, and says when another program made them stale.
    let watcher: ChangeWatcher

    /// Tables and views with their row counts.
    public internal(set) var tables: [TableSummary] = []
    /// Counting stops at this many rows (shown as `100000+`); nil counts exactly. The terminal UI
    /// sets it (and amigo-shell on a server, in text mode too); text mode's `tables` on a file
    /// counts exactly. Opening a table counts it exactly.
    package var countLimit: Int?
    /// Whether ``tables`` holds counts from before a script's writes (read again when listed).
    var countsAreStale = false

    /// The list of `database`'s tables, empty until ``reload()``.
    init(database: BrowsedDatabase, watcher: ChangeWatcher, countLimit: Int?) {
        self.database = database
        self.watcher = watcher
        self.countLimit = countLimit
    }

    /// Re-reads the table list and counts.
    package func reload() throws {
        try reload(within: nil)
    }

    /// Re-reads the table list and counts; with `budget` (seconds, and a ``countLimit``), the
    /// bounded counts stop when it is spent — a table another session has locked, a slow disk —
    /// and the tables not counted by then wait for idle time (``countNextDeferred()``), shown as
    /// `…` meanwhile, so that the first screen never waits on one table. The budget is kept by
    /// the engine's interrupt check, installed for the time of the counts: only for a caller
    /// that has none installed (the explorer as it opens, before the UI's run loop installs its own).
    func reload(within budget: TimeInterval?) throws {
        watcher.noteRead()
        countsAreStale = false
        let counted = Dictionary(tables.filter { $0.isView && !$0.isLowerBound && $0.rowCount != nil }.map { ($0.name, $0) },
                                 uniquingKeysWith: { first, _ in first })
        let engine = database.amigo.engine
        let deadline = budget.map { Date().addingTimeInterval($0) }
        if let deadline, countLimit != nil { engine.setInterruptCheck { Date() >= deadline } }
        defer { if deadline != nil, countLimit != nil { engine.setInterruptCheck(nil) } }
        tables = Self.partitionsUnderTheirParents(database.amigo.models.filter { !$0.name.isEmpty }.map { model in
            var summary = summary(of: model, counted: counted, deadline: deadline)
            summary.partitionOf = model.table.partitionOf
            summary.isReadOnly = database.readOnlyAttachment(of: model) != nil
            return summary
        })
    }

    /// Reads the list again when a script's writes or another program made its counts stale
    /// (exact counts finished in idle time are kept otherwise).
    func reloadIfStale() throws {
        if try countsAreStale || watcher.changedElsewhereWhileIdle() { try reload() }
    }

    /// `tables` with each partition moved to just after its parent (in name order), where the
    /// parent is listed.
    static func partitionsUnderTheirParents(_ tables: [TableSummary]) -> [TableSummary] {
        let names = Set(tables.map(\.name))
        let partitions = Dictionary(grouping: tables.filter { $0.partitionOf.map(names.contains) == true }, by: { $0.partitionOf! })
        guard !partitions.isEmpty else { return tables }
        func withPartitions(_ table: TableSummary) -> [TableSummary] {
            [table] + (partitions[table.name] ?? []).sorted { $0.name < $1.name }.flatMap(withPartitions)
        }
        return tables.filter { $0.partitionOf.map(names.contains) != true }.flatMap(withPartitions)
    }

    /// The summary of `model` for the tables list: counted up to ``countLimit`` (a view waits
    /// for idle time, unless already in `counted`; so does a table whose count `deadline`
    /// stopped, or that comes after it).
    private func summary(of model: ORMModel, counted: [String: TableSummary], deadline: Date?) -> TableSummary {
        if let reason = model.table.unreadableReason {
            return TableSummary(name: model.name, isView: model.table.isView, rowCount: nil, unreadableReason: reason)
        }
        let engine = database.amigo.engine
        let query = database.session.query(model.name)
        guard let limit = countLimit else {
            return TableSummary(name: model.name, isView: model.table.isView, rowCount: try? query.count())
        }
        // A view can take any time to count (it runs its query): never waited for here. It
        // shows the engine's estimate until it is counted as idle work (``countNextDeferred()``),
        // or when it is opened; that count is kept (a server's busy view is not run again
        // after every commit anywhere) until the view is opened again.
        if model.table.isView, let known = counted[model.name] { return known }
        if model.table.isView {
            return TableSummary(name: model.name, isView: true, rowCount: nil, isLowerBound: true,
                                estimate: engine.estimatedRowCount(of: model.name))
        }
        // Counting stops after `limit` rows, so a list of huge tables opens at once; the
        // engine's estimate (if it keeps one) says how huge until the exact count comes.
        let deferred = TableSummary(name: model.name, isView: false, rowCount: nil, isLowerBound: true)
        if let deadline, Date() >= deadline { return deferred }
        let count: Int?
        do {
            count = try query.limit(limit + 1).count()
        } catch AmigoError.database(let error) where error.kind == .interrupted && deadline != nil {
            return deferred
        } catch {
            count = nil
        }
        var summary = TableSummary(name: model.name, isView: model.table.isView, rowCount: count.map { Swift.min($0, limit) },
                                   isLowerBound: (count ?? 0) > limit)
        if summary.isLowerBound { summary.estimate = engine.estimatedRowCount(of: model.name) }
        return summary
    }

    /// The count the list holds for table or view `name`, and whether it is exact (false: the
    /// table has more rows than that); nil when it holds none.
    func knownCount(of name: String) -> (count: Int, isExact: Bool)? {
        if let known = tables.first(where: { $0.name == name && !$0.isLowerBound })?.rowCount { return (known, true) }
        if let known = tables.first(where: { $0.name == name && $0.isLowerBound })?.rowCount { return (known, false) }
        return nil
    }

    /// Notes the exact count of table or view `name`, counted when it was opened.
    func noteExactCount(of name: String, _ total: Int) {
        guard let i = tables.firstIndex(where: { $0.name == name }) else { return }
        tables[i].rowCount = total
        tables[i].isLowerBound = false
    }

    /// Counts exactly the first table of the list whose count was deferred (one per call, so that
    /// a file of many huge tables never holds up the keyboard for long). Returns whether a count
    /// changed: false when none was deferred, or a key press interrupted it (counted again when idle).
    func countNextDeferred() -> Bool {
        guard let i = tables.firstIndex(where: \.isLowerBound) else { return false }
        do {
            // Counted row by row through a LIMIT subquery, not by SQLite's single COUNT(*) step,
            // so that the interrupt check runs during it and a key press stops it.
            // Metered: the status line says how far it has come while it runs (Esc stops it).
            let name = tables[i].name
            tables[i].rowCount = try database.scanning("counting \(name)", total: nil) {
                try database.session.query(name).limit(Int.max - 1).count()
            }
        } catch AmigoError.database(let error) where error.kind == .interrupted {
            return false   // interrupted (a key was pressed): counted again when idle
        } catch {
            tables[i].rowCount = nil
        }
        tables[i].isLowerBound = false
        return true
    }
}
