/// The current row's links as last read (the label of each to-one's row, the count of each
/// to-many's rows), for the links line under the panes. Read as idle work; stale once the cursor
/// moves to another row, forgotten by any key that may change data.
final class RowLinksCache {
    /// The links as last read, complete or not.
    private(set) var read: RowLinks?

    /// Reads the labels and counts of `explorer`'s current row's links, unless they were read
    /// already; true when there is something new to draw. The next key interrupts it.
    func complete(_ explorer: Explorer) -> Bool {
        guard let anchor = explorer.rowLinksAnchor(), explorer.current?.model?.relationships.isEmpty == false else { return false }
        if let read, read.anchor == anchor, read.isComplete { return false }
        guard let links = try? explorer.echoLog.unrecorded({ try explorer.rowLinks() }) else { return false }
        read = links
        return true
    }

    /// The current row's links to show: as read, if they are this row's, else their names alone.
    func current(_ explorer: Explorer) -> RowLinks? {
        guard let anchor = explorer.rowLinksAnchor() else { return nil }
        if let read, read.anchor == anchor { return read }
        return explorer.rowLinkNames()
    }

    /// Forgets what was read (data may have changed).
    func forget() { read = nil }
}
