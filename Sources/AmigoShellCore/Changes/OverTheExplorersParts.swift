import Amigo

/// A part with no state of its own that works over the explorer's stateful parts (``Editor``,
/// ``TransactionEnding``): it holds them, and reaches the session, the models, the change log
/// and a ``Refresher`` through them, declared here once.
protocol OverTheExplorersParts {
    /// The database: models, engine and session, replaced together.
    var database: BrowsedDatabase { get }
    /// The session's pending changes and their log.
    var pending: PendingTransaction { get }
    /// Says what changed and takes notices.
    var watcher: ChangeWatcher { get }
    /// The tables list, counted again.
    var tableList: TableList { get }
    /// The views, read again.
    var navigator: Navigator { get }
}

extension OverTheExplorersParts {
    /// The session every read and write goes through.
    var session: Session { database.session }
    /// The reflected models.
    var amigo: AmigoDatabase { database.amigo }
    /// The log of the pending writes.
    var changeLog: PendingChangeLog { pending.changeLog }
    /// What reads again and reflects the models again.
    var refresher: Refresher {
        Refresher(database: database, pending: pending, watcher: watcher, tableList: tableList, navigator: navigator)
    }
}
