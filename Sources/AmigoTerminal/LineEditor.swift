@preconcurrency import CReadline
@preconcurrency import Glibc
import AmigoShellCore

/// What the completion provider is asked for when Tab is pressed.
public struct CompletionRequest: Sendable, Hashable {
    /// The whole line being edited.
    public var line: String
    /// Where the word being completed starts in `line`, in `Character`s.
    public var wordStart: Int
    /// The word being completed: from `wordStart` up to the cursor.
    public var word: String

    /// Creates a request.
    public init(line: String, wordStart: Int, word: String) {
        self.line = line
        self.wordStart = wordStart
        self.word = word
    }
}

/// A one-line editor on a screen row, backed by GNU readline (emacs keys, history, completion).
///
/// Readline runs in callback mode inside curses, so the full-screen view stays visible while
/// typing. Readline's history is process-wide: create one editor per process and share it across
/// prompt kinds.
///
/// For example:
///
///     let editor = LineEditor(historyPath: nil)
///     editor.completionProvider = { request in tableNames.filter { $0.hasPrefix(request.word) } }
///     if let filter = editor.readLine(prompt: "filter> ", row: { screen.size.height - 1 },
///                                     screen: screen, redraw: { render(state, screen.size) },
///                                     onMatches: { state.status = $0.joined(separator: " ") }) { … }
public final class LineEditor {
    /// Lines kept in memory and in the history file.
    public static let historyLimit: Int32 = 1000

    /// The history file: `$AMIGO_HISTFILE` if set, else the path given to ``init(historyPath:)``,
    /// else `~/.amigo_shell_history`.
    public let historyPath: String

    /// Candidates for the word being completed when Tab is pressed. A unique candidate completes
    /// the word (followed by a space); several are passed to `onMatches` after their common prefix
    /// is inserted. Candidates that do not start with the word (ignoring case) are ignored.
    public var completionProvider: (@Sendable (CompletionRequest) -> [String])?

    /// The coloured runs of a line as typed (SQL's colours at the `:` prompt), drawn over it;
    /// nil draws the line plain. Set before ``readLine(prompt:initialText:row:screen:redraw:onMatches:onChange:history:)``.
    package var colouring: ((String) -> [SQLHighlighter.Run])?

    /// The history readline holds now (``use(_:)``).
    private var historyInUse: History = .commands

    /// Creates the editor and loads the history file, if it exists.
    public init(historyPath: String?) {
        let environment = getenv("AMIGO_HISTFILE").map { String(cString: $0) }
        let home = getenv("HOME").map { String(cString: $0) } ?? "."
        if let environment, !environment.isEmpty {
            self.historyPath = environment
        } else {
            self.historyPath = historyPath ?? "\(home)/.amigo_shell_history"
        }
        ReadlineGlue.configure()
        clear_history()
        stifle_history(Self.historyLimit)
        ReadlineHistory.load(self.historyPath)
    }

    /// Shows `prompt` on screen row `row()` (0-based) of `screen` and edits a line there with
    /// readline: Left/Right/Home/End, Backspace/Delete, Ctrl-A/E/K/U/W, Up/Down history, Tab
    /// completion; UTF-8 and wide characters keep the cursor in the right column.
    ///
    /// - Parameters:
    ///   - initialText: text the line starts with, cursor at its end.
    ///   - row: the row for the prompt, asked at every redraw (it may move on resize).
    ///   - redraw: renders the background screen at the current `screen.size`; called before each
    ///     drawing of the prompt row (which is then drawn over it) and so after every resize.
    ///   - onMatches: receives the candidates of an ambiguous completion, before `redraw` is
    ///     called, so the caller can show them (in a status line, say).
    ///   - onChange: called with the line each time a key changes it (a search as you type),
    ///     before the screen is drawn again.
    /// - Returns: the line on Enter (added to the history and the history file unless it is blank
    ///   or repeats the previous entry); nil on Ctrl-G, Ctrl-C or Escape, or when input ends.
    ///   - history: which history Up recalls and the line is added to (``History``).
    public func readLine(prompt: String, initialText: String = "", row: @escaping () -> Int,
                         screen: TerminalScreen, redraw: @escaping () -> ScreenGrid,
                         onMatches: @escaping ([String]) -> Void, onChange: ((String) -> Void)? = nil,
                         history: History = .commands) -> String? {
        precondition(ReadlineGlue.session == nil, "LineEditor.readLine is not reentrant")
        use(history)
        let session = PromptSession(screen: screen, row: row, redraw: redraw, onMatches: onMatches,
                                    completionProvider: completionProvider)
        session.colouring = colouring
        ReadlineGlue.session = session
        defer { ReadlineGlue.session = nil }

        using_history()   // Up starts from the newest entry
        rl_callback_handler_install(prompt) { line in ReadlineGlue.accept(line) }
        if !initialText.isEmpty {
            rl_insert_text(initialText)
            ReadlineGlue.redisplay()
        }
        while !session.done {
            guard let key = screen.readKey() else {
                ReadlineGlue.cancel()   // input ended
                break
            }
            switch key {
            case .resize:
                ReadlineGlue.redisplay()
            case .escape, .control("g"), .control("c"):
                ReadlineGlue.cancel()
            case .paste(let text):
                let before = ReadlineGlue.currentLine
                ReadlineGlue.insert(text)
                if let onChange, ReadlineGlue.currentLine != before {
                    onChange(ReadlineGlue.currentLine)
                    ReadlineGlue.redisplay()
                }
            default:
                if let bytes = KeyDecoding.readlineBytes(for: key) {
                    let before = ReadlineGlue.currentLine
                    ReadlineGlue.feed(bytes)
                    if let onChange, !session.done, ReadlineGlue.currentLine != before {
                        onChange(ReadlineGlue.currentLine)
                        ReadlineGlue.redisplay()
                    }
                }
            }
        }
        if let line = session.result { remember(line) }
        return session.result
    }

    /// Adds `line` to the history in use and its file (see ``ReadlineHistory/remember(_:path:)``).
    private func remember(_ line: String) { ReadlineHistory.remember(line, path: path(of: historyInUse)) }

    /// A history of its own per kind of prompt, each in a file: the commands' in ``historyPath``
    /// (shared with text mode's `amigo>` prompt), another kind's beside it (`historyPath` + `-filter`).
    public enum History: Hashable, Sendable {
        /// The commands and SQL typed at `:`.
        case commands
        /// Another kind of prompt's lines (filters, finds, table names …), by name.
        case named(String)
    }

    /// The file of `history`.
    public func path(of history: History) -> String {
        switch history {
        case .commands: return historyPath
        case .named(let name): return historyPath + "-" + name
        }
    }

    /// Makes `history` readline's: its file read in place of the one in use (readline keeps one
    /// history list per process), when another was in use.
    private func use(_ history: History) {
        guard history != historyInUse else { return }
        clear_history()
        ReadlineHistory.load(path(of: history))
        historyInUse = history
    }
}
