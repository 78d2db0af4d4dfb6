import Foundation

/// One command or SQL statement run this session, as `history` lists it.
package struct HistoryEntry: Sendable, Equatable {
    /// The line as typed (`filter GenreId = 1`, `sql SELECT …`).
    public let line: String
    /// When it started.
    public let started: Date
    /// How long it took, in seconds.
    package let duration: TimeInterval
    /// The rows it showed or changed, when it has a count.
    public let rows: Int?
    /// Why it failed (the error's first line), or nil when it succeeded.
    package let failure: String?

    /// Whether it failed.
    public var failed: Bool { failure != nil }
}

/// The commands and SQL statements run this session, oldest first, with when each ran, how long
/// it took, its rows and whether it failed. Kept in memory only; `save NAME` keeps one for good.
package final class CommandHistory {
    /// The entries, oldest first.
    package private(set) var entries: [HistoryEntry] = []
    /// The clock (a fixed one in tests).
    let now: () -> Date
    /// Most entries kept; older ones are dropped.
    public static let capacity = 1000

    /// An empty history reading time from `now`.
    package init(now: @escaping () -> Date = Date.init) {
        self.now = now
    }

    /// Runs `body` for the command `line` and records it: its start, duration, the rows `rows`
    /// reads afterwards, and its error, which is rethrown.
    func recording<T>(_ line: String, rows: () -> Int?, _ body: () throws -> T) rethrows -> T {
        let started = now()
        do {
            let result = try body()
            add(HistoryEntry(line: line, started: started, duration: now().timeIntervalSince(started), rows: rows(), failure: nil))
            return result
        } catch {
            add(HistoryEntry(line: line, started: started, duration: now().timeIntervalSince(started), rows: nil, failure: ErrorText.line(error)))
            throw error
        }
    }

    /// Records `line`, which failed at once with `error` (a line that did not parse).
    func recordFailure(_ line: String, _ error: Error) {
        let at = now()
        add(HistoryEntry(line: line.trimmingCharacters(in: .whitespacesAndNewlines), started: at, duration: 0, rows: nil, failure: ErrorText.line(error)))
    }

    /// Adds an entry (dropping the oldest beyond ``capacity``).
    func add(_ entry: HistoryEntry) {
        entries.append(entry)
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    /// The last line that ran without failing and is not itself about history (`history`, `save`,
    /// `run`), which `save NAME` keeps.
    package var lastSavable: String? {
        entries.last { entry in
            guard !entry.failed else { return false }
            let word = entry.line.drop { $0 == ":" || $0.isWhitespace }.prefix { !$0.isWhitespace }.lowercased()
            return !["history", "save", "run", "changes", "undo"].contains(word)
        }?.line
    }

    /// The listing `history` prints: number, time of day, duration, rows, ok or the error, the line.
    package func listing(timeZone: TimeZone = .current) -> String {
        guard !entries.isEmpty else { return "(nothing ran yet this session)" }
        let clock = DateFormatter()
        clock.dateFormat = "HH:mm:ss"
        clock.timeZone = timeZone
        clock.locale = Locale(identifier: "en_US_POSIX")
        let rows = entries.enumerated().map { index, entry in
            [String(index + 1), clock.string(from: entry.started), CommandHistory.durationText(entry.duration),
             entry.rows.map(String.init) ?? "", entry.failure.map { "failed: " + $0 } ?? "ok", entry.line]
        }
        return TextTable.render(header: ["#", "at", "took", "rows", "result", "command"], rows: rows)
    }

    /// `0.003s`, `1.20s`, `75s`.
    static func durationText(_ seconds: TimeInterval) -> String {
        if seconds < 1 { return String(format: "%.3fs", max(0, seconds)) }
        if seconds < 60 { return String(format: "%.2fs", seconds) }
        return String(format: "%.0fs", seconds)
    }
}
