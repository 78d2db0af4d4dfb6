import Amigo

/// Keeps the UI answering while a query runs: the engine calls ``shouldInterrupt(_:)`` often
/// during any statement, and while it waits for another program's lock
/// (``Engine/setWaitCheck(_:)``), and the watchdog decides.
///
/// - Work started by a key: after ``slowAfterNanoseconds`` the status line says the query is
///   working (or waiting for a lock held by another program) and that Esc cancels — metered
///   work shown again every ``refreshEveryNanoseconds`` while it works (its progress moves); Esc or
///   Ctrl-C then stops the query (it fails with "interrupted" and changes nothing). Other keys
///   typed meanwhile are kept, in order, for later.
/// - Idle work (a deferred count, the check for changes made elsewhere): any key stops it at
///   once, so that the keyboard never waits for housekeeping; the key is kept — except Esc during
///   a count (``begin(_:escapeOnlyStops:)``), which only stops it (``stoppedIdleWorkWithEscape``),
///   so that it does not also go back a view.
///   Metered idle work (a count: ``WorkMeter``) shows its progress as key work does.
///
/// Pure: the clock, the key poll and the status display are injected, so it is tested without
/// a terminal or a slow query.
public final class QueryWatchdog {
    /// What kind of work is running.
    public enum Work: Sendable { case key, idle }

    /// After how long key-started work says it is working (150 ms).
    package var slowAfterNanoseconds: UInt64 = 150_000_000
    /// How often, at most, the keyboard is polled while work runs.
    package var pollEveryNanoseconds: UInt64 = 20_000_000
    /// How often the status line is shown again while work goes on, so that its progress
    /// (rows done, rate, time) moves.
    package var refreshEveryNanoseconds: UInt64 = 250_000_000
    /// Whether the running work has progress to show again (metered work: ``WorkMeter``);
    /// other work is announced once.
    package var refreshes: () -> Bool = { false }

    private let now: () -> UInt64
    private let pollKey: () -> Key?
    /// Whether the program was asked to end (``ShellTerminal/endRequested``).
    private let endRequested: () -> Bool
    private let showWorking: () -> Void
    private let showWaitingForLock: () -> Void
    private var started: UInt64?
    private var lastPoll: UInt64 = 0
    private var work: Work = .key
    /// What the status line says about the running work, once said.
    private var announced: EngineWait?
    /// When the status line was last shown.
    private var shownAt: UInt64 = 0
    private var keys: [Key] = []

    /// Whether the current (or last) work was stopped.
    public private(set) var cancelled = false
    /// Whether the current (or last) work was idle work stopped with Esc (the key is not kept).
    public private(set) var stoppedIdleWorkWithEscape = false
    /// Whether the idle work running is stopped by Esc without the Esc being kept.
    private var escapeOnlyStops = false

    /// - Parameters:
    ///   - now: a monotonic clock in nanoseconds.
    ///   - pollKey: the next key if one was typed, without waiting.
    ///   - showWorking: shows that a query is running and that Esc cancels it.
    ///   - showWaitingForLock: shows that a query waits for a lock another program holds and
    ///     that Esc cancels it (by default, as ``showWorking``).
    ///   - endRequested: whether the program was asked to end: every statement then stops.
    public init(now: @escaping () -> UInt64, pollKey: @escaping () -> Key?, showWorking: @escaping () -> Void,
                showWaitingForLock: (() -> Void)? = nil, endRequested: @escaping () -> Bool = { false }) {
        self.now = now
        self.pollKey = pollKey
        self.endRequested = endRequested
        self.showWorking = showWorking
        self.showWaitingForLock = showWaitingForLock ?? showWorking
    }

    /// Work begins (before a key is handled, or before idle work).
    /// `escapeOnlyStops`: idle work Esc stops without being kept as a key (a count, whose Esc
    /// must not also go back a view); other idle work keeps every key, Esc included.
    public func begin(_ work: Work, escapeOnlyStops: Bool = false) {
        self.escapeOnlyStops = escapeOnlyStops
        started = now()
        lastPoll = 0
        self.work = work
        announced = nil
        cancelled = false
        stoppedIdleWorkWithEscape = false
    }

    /// The work ended; checks made outside work never interrupt.
    public func end() { started = nil }

    /// Keys typed while work ran (not the Esc that cancelled it), oldest first; taking them empties the list.
    public func takeKeys() -> [Key] {
        defer { keys.removeAll() }
        return keys
    }

    /// Whether the running statement should stop now. Called by the engine, inside SQLite, with
    /// what the statement is doing: a lock wait is announced as such (and again as work when the
    /// statement goes on working after it).
    public func shouldInterrupt(_ wait: EngineWait = .working) -> Bool {
        guard let started else { return false }
        if cancelled { return true }
        // The program was asked to end: the statement stops at once, whatever it is.
        if endRequested() {
            cancelled = true
            return true
        }
        let time = now()
        if work == .key && time - started < slowAfterNanoseconds { return false }
        if time - lastPoll < pollEveryNanoseconds { return false }
        lastPoll = time
        if work == .key && (announced != wait || (wait == .working && time - shownAt >= refreshEveryNanoseconds && refreshes())) {
            announced = wait
            shownAt = time
            wait == .lockHeldElsewhere ? showWaitingForLock() : showWorking()
        } else if work == .idle, time - started >= slowAfterNanoseconds, refreshes(),
                  announced == nil || time - shownAt >= refreshEveryNanoseconds {
            // A count running while idle says how far it has come, as key work does.
            announced = wait
            shownAt = time
            showWorking()
        }
        while let key = pollKey() {
            if work == .idle {
                if key == .escape && escapeOnlyStops { stoppedIdleWorkWithEscape = true } else { keys.append(key) }
                cancelled = true
            } else if key == .escape || key == .control("c") {
                cancelled = true
            } else {
                keys.append(key)
            }
            if cancelled { return true }
        }
        return false
    }
}
