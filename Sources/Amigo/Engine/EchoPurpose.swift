/// Why a statement ran, as ``EchoEvent/purpose`` says: the statement a program's own action
/// asked for, or the bookkeeping around it that a reader of the echo may pass over — a count
/// of a view (bounded or exact), a probe of a row's links, a read of the catalog.
///
/// The library marks its own bookkeeping (``Query/count()``, ``Query/exists()``,
/// ``Session/relatedCounts(of:)``, reflection), so that a program showing the echo (amigo-shell's
/// echo pane dims it) never takes SQL text apart to tell one from the other.
public enum EchoPurpose: Sendable, Equatable {
    /// What was asked for: rows read, a row written, the user's own SQL.
    case statement
    /// A count of a query's rows; `bounded` when it stops at a limit (`10000+`).
    case count(bounded: Bool)
    /// Whether a row's relationships lead anywhere, or how many rows they lead to.
    case linkProbe
    /// The schema read from the catalog (reflection, the attached files).
    case catalog

    /// Whether it is bookkeeping around the statement asked for (anything but ``statement``).
    public var isBookkeeping: Bool { self != .statement }
}

extension EchoStream {
    /// The purpose marked on the current thread (or task) by ``marking(_:_:)``.
    @TaskLocal static var markedPurpose: EchoPurpose = .statement

    /// Runs `body`, marking the statements it runs on this thread with `purpose`. An outer
    /// marking wins over an inner one: the counts a link probe runs are the probe's.
    package func marking<T>(_ purpose: EchoPurpose, _ body: () throws -> T) rethrows -> T {
        if Self.markedPurpose != .statement { return try body() }
        return try Self.$markedPurpose.withValue(purpose, operation: body)
    }
}

extension Engine {
    /// Runs `body`, its statements echoed with `purpose` (``EchoStream/marking(_:_:)``).
    package func marking<T>(_ purpose: EchoPurpose, _ body: () throws -> T) rethrows -> T {
        try echo.marking(purpose, body)
    }
}
