@preconcurrency import CNcursesw
@preconcurrency import Glibc

/// Whether the shell can run full-screen, or must fall back to plain line mode.
public enum TerminalSupport: Sendable, Equatable {
    /// stdin and stdout are a terminal that curses can drive.
    case curses
    /// Use plain line-by-line mode; `reason` says why, for a one-line notice.
    case plain(reason: String)
}

/// Probes the process's terminal before any curses initialization.
public enum TerminalCapabilities {
    /// Decides between curses and plain mode.
    ///
    /// Plain mode is chosen when stdout or stdin is not a terminal (piped or redirected), when
    /// `TERM` is unset or empty, when terminfo does not know `TERM`, or when the terminal cannot
    /// position the cursor (`TERM=dumb`: `newterm` would succeed there but overdraw one line).
    /// The terminfo probe is released again, so curses is left uninitialized.
    public static func detect() -> TerminalSupport {
        if isatty(STDOUT_FILENO) == 0 { return .plain(reason: "stdout is not a terminal") }
        if isatty(STDIN_FILENO) == 0 { return .plain(reason: "stdin is not a terminal") }
        guard let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty else {
            return .plain(reason: "TERM is not set")
        }
        var status: Int32 = 0
        guard setupterm(term, STDOUT_FILENO, &status) == OK else {
            return .plain(reason: "terminal '\(term)' is unknown to terminfo")
        }
        let canAddressCursor = amigo_terminal_can_address_cursor() != 0
        // Release the probe's TERMINAL so nothing of curses stays initialized.
        if let probe = set_curterm(nil) { del_curterm(probe) }
        guard canAddressCursor else {
            return .plain(reason: "terminal '\(term)' cannot position the cursor")
        }
        return .curses
    }
}
