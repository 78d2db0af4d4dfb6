import Amigo
import AmigoShellCore
import Foundation

/// While a big schema is read at start (thousands of tables), one line on a terminal's standard
/// error says how far it has come and that Ctrl-C cancels (the terminal is still in its normal
/// mode, so Ctrl-C ends the program as usual); the line is cleared when reading ends. Shown only
/// after 150 ms, at most ten times a second, and never when standard error is not a terminal.
final class ReflectionProgressLine {
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastShown: UInt64 = 0
    private var shown = false
    private let enabled = isatty(2) != 0

    /// Shows `progress` when it is time to; always goes on.
    func report(_ progress: ReflectionProgress) -> Bool {
        guard enabled else { return true }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - start >= 150_000_000 else { return true }
        let text: String
        switch progress {
        case .readingTables(let done, let total):
            guard now - lastShown >= 100_000_000 else { return true }
            text = "reading the schema: \(done) of \(total) tables… Ctrl-C cancels"
        case .inferringLinks(let tables):
            text = "inferring links between \(tables) tables… Ctrl-C cancels"
        }
        lastShown = now
        shown = true
        StandardStreams.writeError("\r\u{1B}[Kamigo-shell: " + text)
        return true
    }

    /// Clears the line, if one was shown.
    func finish() {
        if shown { StandardStreams.writeError("\r\u{1B}[K") }
        shown = false
    }
}
