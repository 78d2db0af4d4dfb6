import Foundation

/// How far the long work running now has come — an export, a profile, a count: what it is,
/// the rows done, of how many when that is known, since when. The work says when it begins and
/// ends (``measure(_:total:rows:_:)``); whoever shows progress (the status line of the terminal
/// UI, standard error in text mode) asks for ``status(now:)`` while it runs.
package final class WorkMeter {
    /// What runs (`exporting Track`, `profiling genre.Name`), nil between pieces of work.
    package private(set) var activity: String?
    /// The rows the work will go through, when known.
    package private(set) var total: Int?
    /// When it began (monotonic nanoseconds).
    package private(set) var startedAt: UInt64 = 0
    private var rows: () -> Int? = { nil }
    /// Called when a piece of work ends (text mode clears its progress line).
    package var onEnd: (() -> Void)?
    private let now: () -> UInt64

    /// A meter over the monotonic clock `now` (nanoseconds).
    package init(now: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.now = now
    }

    /// Runs `work`, described as `activity`, whose progress `rows` reads (rows done, nil when
    /// unknown) out of `total`. Work inside other metered work is the outer work's.
    package func measure<T>(_ activity: String, total: Int? = nil, rows: @escaping () -> Int?, _ work: () throws -> T) rethrows -> T {
        guard self.activity == nil else { return try work() }
        self.activity = activity
        self.total = total
        self.rows = rows
        startedAt = now()
        defer {
            self.activity = nil
            self.rows = { nil }
            onEnd?()
        }
        return try work()
    }

    /// The progress line of the running work, nil when none runs: `exporting Track: 1,234,567 of
    /// 5,000,000 rows (24%) · 2.1 M rows/s · Esc stops`.
    package func status(now time: UInt64? = nil) -> String? {
        guard let activity else { return nil }
        let elapsed = (time ?? now()) &- startedAt
        return WorkMeter.line(activity: activity, rows: rows(), total: total, elapsedNanoseconds: elapsed)
    }

    /// The progress line for `rows` of `total` done in `elapsedNanoseconds` (pure, for tests):
    /// the rows, the percentage when the total is known, the rate once there is one, how to stop.
    package static func line(activity: String, rows: Int?, total: Int?, elapsedNanoseconds: UInt64) -> String {
        let seconds = Double(elapsedNanoseconds) / 1e9
        var text = DisplayWidth.sanitize(activity) + ": "   // a table name is data: no control sequence reaches the terminal
        if let rows {
            text += grouped(rows)
            if let total, total > 0 {
                text += " of \(grouped(total)) rows (\(min(100, rows * 100 / total))%)"
            } else {
                text += rows == 1 ? " row" : " rows"
            }
            if seconds >= 0.1, rows > 0 { text += " · " + rate(Double(rows) / seconds) }
        } else {
            text += "working"
        }
        return text + " · \(String(format: "%.1f", seconds)) s · Esc stops"
    }

    /// `1,234,567`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// `2.1 M rows/s`, `850 k rows/s`, `120 rows/s`.
    static func rate(_ perSecond: Double) -> String {
        if perSecond >= 1e6 { return String(format: "%.1f M rows/s", perSecond / 1e6) }
        if perSecond >= 1e4 { return String(format: "%.0f k rows/s", perSecond / 1e3) }
        return String(format: "%.0f rows/s", perSecond)
    }
}
