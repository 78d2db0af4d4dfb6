import Amigo

/// A table or view of the database, as listed by `tables`.
package struct TableSummary: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Whether it is a view.
    package var isView: Bool
    /// The partitioned table it is a partition of (PostgreSQL), or nil.
    package var partitionOf: String? = nil
    /// Its row count, or nil when it could not be counted (a broken view).
    package var rowCount: Int?
    /// Whether ``rowCount`` is not the exact count yet: the table has more rows than
    /// ``TableList/countLimit``, or (``rowCount`` nil) a view not counted yet.
    package var isLowerBound: Bool = false
    /// Why the table or view cannot be read (an unknown tokenizer, module or collation), or nil.
    package var unreadableReason: String? = nil
    /// Whether it is in a file attached read-only (`attach FILE` without `rw`).
    package var isReadOnly: Bool = false
    /// While ``isLowerBound``: the engine's estimate of the row count (PostgreSQL's
    /// `reltuples`), when it has one above the bound.
    package var estimate: Int? = nil

    /// What the tables list writes before the name: `✗ ` unreadable, `◦ ` a view, `└ ` a
    /// partition (listed under its parent), `⊘ ` a table of a file attached read-only.
    package var listMark: String {
        unreadableReason != nil ? "✗ " : isView ? "◦ " : partitionOf != nil ? "└ " : isReadOnly ? "⊘ " : ""
    }

    /// `table`, `view` or `partition of PARENT`, and `, unreadable` or `, read-only`, as
    /// `tables` writes it.
    package var kindText: String {
        (isView ? "view" : partitionOf.map { "partition of " + $0 } ?? "table") + (unreadableReason == nil ? "" : ", unreadable")
            + (isReadOnly && !isView ? ", read-only" : "")
    }

    /// Whether the count waits for idle time (a view, whose query may run for minutes).
    package var isCountPending: Bool { isLowerBound && rowCount == nil }

    /// `3503`, `100000+`, `~5000000` (an estimate, until the exact count comes), `…` (a view
    /// not counted yet, with no estimate), or `?` (could not be counted).
    package var countText: String {
        guard let rowCount else { return isCountPending ? estimate.map { "~\($0)" } ?? "…" : "?" }
        if isLowerBound, let estimate, estimate > rowCount { return "~\(estimate)" }
        return isLowerBound ? "\(rowCount)+" : String(rowCount)
    }
}
