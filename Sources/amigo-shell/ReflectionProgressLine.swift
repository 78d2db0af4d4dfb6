import Amigo
import AmigoShellCore
import Foundation

/// While a big schema is read at start (thousands of tables), one line on a terminal's standard
/// error says how far it has come and that Ctrl-C cancels (the terminal is still in its normal
/// mode, so Ctrl-C ends the program as usual); the line is cleared when reading ends. When it
/// shows is ``ReflectionProgressThrottle``'s policy; never when standard error is not a terminal.
final class ReflectionProgressLine {
    private var throttle = ReflectionProgressThrottle(start: DispatchTime.now().uptimeNanoseconds)
    private var shown = false
    private let enabled = isatty(2) != 0

    /// Shows `progress` when it is time to; always goes on.
    func report(_ progress: ReflectionProgress) -> Bool {
        guard enabled, let text = throttle.text(for: progress, at: DispatchTime.now().uptimeNanoseconds) else { return true }
        shown = true
        StandardStreams.writeError("\r\u{1B}[Kamigo-shell: " + text)
        return true
    }

    /// Says that opening waits on the server, when it is time to.
    func waiting() {
        guard enabled, let text = throttle.waitingText(at: DispatchTime.now().uptimeNanoseconds) else { return }
        shown = true
        StandardStreams.writeError("\r\u{1B}[Kamigo-shell: " + text)
    }

    /// Clears the line, if one was shown.
    func finish() {
        if shown { StandardStreams.writeError("\r\u{1B}[K") }
        shown = false
    }
}
