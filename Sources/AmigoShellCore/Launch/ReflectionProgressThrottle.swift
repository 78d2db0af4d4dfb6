import Amigo

/// When the line saying how far reading a big schema has come is shown, and what it says:
/// nothing for the first 150 ms (small schemas never show it), then at most ten table counts
/// a second; the start of link inference is always said.
///
/// Times are in nanoseconds of a monotonic clock the caller reads, so the policy is tested
/// with made-up times.
package struct ReflectionProgressThrottle: Sendable {
    /// How long reading goes on before the line is first shown.
    package static let delay: UInt64 = 150_000_000
    /// The shortest time between two table counts shown.
    package static let interval: UInt64 = 100_000_000

    private let start: UInt64
    private var lastShown: UInt64?

    /// A throttle for reading that started at `start`.
    package init(start: UInt64) {
        self.start = start
    }

    /// The text to show for `progress` reported at `now`, or nil when it is not time to.
    public mutating func text(for progress: ReflectionProgress, at now: UInt64) -> String? {
        guard now >= start && now - start >= Self.delay else { return nil }
        let text: String
        switch progress {
        case .readingTables(let done, let total):
            if let lastShown, now - lastShown < Self.interval { return nil }
            text = "reading the schema: \(done) of \(total) tables… Ctrl-C cancels"
        case .inferringLinks(let tables):
            text = "inferring links between \(tables) tables… Ctrl-C cancels"
        }
        lastShown = now
        return text
    }

    /// The text to show at `now` while opening waits on the server (a statement that does not
    /// come back: a lock another session holds on a table being read), or nil when it is not
    /// time to: after a second, then at most every ``interval``.
    package mutating func waitingText(at now: UInt64) -> String? {
        guard now >= start && now - start >= Self.waitingDelay else { return nil }
        if let lastShown, now - lastShown < Self.interval { return nil }
        lastShown = now
        return "opening: waiting for the server for \((now - start) / 1_000_000_000) s (a table locked by another session?)… Ctrl-C cancels"
    }

    /// How long opening waits on the server before the line says so.
    package static let waitingDelay: UInt64 = 1_000_000_000
}
