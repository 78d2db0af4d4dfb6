import AmigoShellCore

/// The real terminal for ``ShellRunLoop``: the curses ``TerminalScreen`` and a readline ``LineEditor``.
public final class CursesTerminal: ShellTerminal {
    /// The screen.
    public let screen: TerminalScreen
    /// The prompt's line editor (history, completion).
    public let editor: LineEditor

    /// Wraps a started screen and a line editor.
    public init(screen: TerminalScreen, editor: LineEditor) {
        self.screen = screen
        self.editor = editor
    }

    public var size: (width: Int, height: Int) { screen.size }
    public func draw(_ grid: ScreenGrid) { screen.draw(grid) }
    public func repaintAll() { screen.repaintAll() }
    public func pollKey() -> Key? { screen.readKey(timeoutMilliseconds: 0) }
    public func unread(_ keys: [Key]) { screen.unread(keys) }
    public func showStatus(_ text: String) { screen.showStatus(text) }
    public func discardTypeahead() { screen.discardTypeahead() }
    public func suspend() { screen.suspend() }
    public func resumeIfSuspended() -> Bool { screen.resumeIfSuspended() }
    /// Whether a SIGHUP or SIGTERM asked the program to end (``TerminalScreen/endRequestedBySignal``).
    package var endRequested: Bool { TerminalScreen.endRequestedBySignal != nil }
    public func copyToClipboard(_ text: String) { screen.writeDirectly(ClipboardSequence.osc52(text)) }

    package func waitForKey(idleAfterMilliseconds milliseconds: Int) -> ShellKeyWait {
        switch screen.waitForKey(idleAfterMilliseconds: milliseconds) {
        case .key(let key): return .key(key)
        case .idle: return .idle
        case .closed: return .closed
        }
    }

    public func readLine(_ request: ShellApp.PromptRequest, redraw: @escaping () -> ScreenGrid,
                         onMatches: @escaping ([String]) -> Void, onChange: ((String) -> Void)?) -> String? {
        // SQL typed at `:` in SQL's colours (drawn without colour under NO_COLOR).
        editor.colouring = request.kind == .command ? { SQLHighlighter.promptRuns(commandLine: $0) } : nil
        return editor.readLine(prompt: request.prompt, initialText: request.initialText,
                        row: { [screen] in screen.size.height - 1 }, screen: screen, redraw: redraw, onMatches: onMatches,
                        onChange: onChange, history: Self.history(of: request.kind))
    }

    /// The history a prompt of `kind` recalls with Up (one per kind, as psql and shells keep one
    /// per purpose): commands and SQL at `:`, filters, finds, table names, keys, edited values.
    static func history(of kind: PromptKind) -> LineEditor.History {
        switch kind {
        case .command: return .commands
        case .filter: return .named("filter")
        case .find: return .named("find")
        case .table: return .named("table")
        case .key: return .named("key")
        case .edit: return .named("value")
        case .saveName: return .named("saved-name")
        }
    }
}
