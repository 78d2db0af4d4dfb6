import Amigo
import AmigoShellCore
import AmigoTerminal

/// The curses UI, wired: the pure app and run loop on the real screen and readline prompt.
struct TerminalMode {
    let explorer: Explorer
    /// What opening the database told its reader, shown as the status line's first message.
    var openingNotes: [String] = []

    func run() throws {
        let app = ShellApp(explorer: explorer, openingNotes: openingNotes)
        let screen = try TerminalScreen()
        defer { screen.stop() }
        let editor = LineEditor(historyPath: nil)
        let completionState = UncheckedBox(app)
        editor.completionProvider = { request in
            Completion.candidates(line: request.line, wordStart: request.wordStart, word: request.word,
                                  kind: completionState.value.activePromptKind, explorer: completionState.value.explorer)
        }
        ShellRunLoop(app: app, terminal: CursesTerminal(screen: screen, editor: editor)).run()
    }
}

/// Lets the single-threaded UI hand non-Sendable state to readline's `@Sendable` callback.
///
/// `@unchecked Sendable`: carries a value across a `@Sendable` boundary for code that runs on one thread at a time.
struct UncheckedBox<V>: @unchecked Sendable {
    let value: V
    init(_ value: V) { self.value = value }
}
