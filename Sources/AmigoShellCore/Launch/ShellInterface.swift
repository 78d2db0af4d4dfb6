/// Whether the process's terminal can run the full-screen UI, as the terminal adapter found
/// (AmigoTerminal's `TerminalCapabilities.detect()`, told to the core in its own words).
package enum TerminalAvailability: Equatable, Sendable {
    /// Standard input and output are a terminal curses can drive.
    case fullScreen
    /// Only lines: `reason` says why (`stdout is not a terminal`), for a one-line notice.
    case plainOnly(reason: String)
}

/// How a launch talks to the person or script that started it.
package enum ShellInterface: Equatable, Sendable {
    /// `-c` commands (or SQL after the file name) run in text mode, then the program exits.
    case commands
    /// Lines of standard input run in text mode; `reason` says why not full-screen.
    case standardInput(reason: String)
    /// The full-screen UI.
    case fullScreen

    /// The interface for a launch: commands when any were given (the terminal is then not even
    /// probed), otherwise full-screen when `terminal()` says it can, else standard input.
    package static func choose(hasCommands: Bool, terminal: () -> TerminalAvailability) -> ShellInterface {
        if hasCommands { return .commands }
        switch terminal() {
        case .fullScreen: return .fullScreen
        case .plainOnly(let reason): return .standardInput(reason: reason)
        }
    }

    /// Whether the interface runs lines in text mode.
    package var isText: Bool { self != .fullScreen }
}
