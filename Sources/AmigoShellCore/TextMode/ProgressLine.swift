import Foundation

/// Text mode's progress for long work (``WorkMeter``): once the work has run 150 ms, a line on
/// standard error — rows done, percent, rate, time — rewritten in place every 250 ms and erased
/// when the work ends, so that what standard output receives is unchanged. The caller installs
/// it only when standard error is a terminal. Pure: the writer and the clock are injected.
package final class ProgressLine {
    private let meter: WorkMeter
    private let write: (String) -> Void
    private let now: () -> UInt64
    private var shownAt: UInt64?
    /// After how long work shows its progress (150 ms).
    package var showAfterNanoseconds: UInt64 = 150_000_000
    /// How often the line is rewritten (250 ms).
    package var refreshEveryNanoseconds: UInt64 = 250_000_000

    /// Shows `meter`'s progress through `write` (standard error), on the clock `now`.
    package init(meter: WorkMeter, write: @escaping (String) -> Void, now: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.meter = meter
        self.write = write
        self.now = now
        meter.onEnd = { [weak self] in self?.clear() }
    }

    /// Called often while a statement runs (the engine's interrupt check): rewrites the line
    /// when it is due.
    package func tick() {
        guard meter.activity != nil else { return }
        let time = now()
        guard time &- meter.startedAt >= showAfterNanoseconds else { return }
        if let shownAt, time &- shownAt < refreshEveryNanoseconds { return }
        guard let status = meter.status(now: time) else { return }
        shownAt = time
        write("\r\u{1B}[K" + TerminalText.safe(status.replacingOccurrences(of: "Esc stops", with: "Ctrl-C stops")))
    }

    /// Erases the line, if one is shown.
    package func clear() {
        guard shownAt != nil else { return }
        shownAt = nil
        write("\r\u{1B}[K")
    }
}
