import AmigoShellCore

/// The open prompt: what readline's callbacks need to draw it and to report back.
final class PromptSession {
    let screen: TerminalScreen
    let row: () -> Int
    let redraw: () -> ScreenGrid
    let onMatches: ([String]) -> Void
    let completionProvider: (@Sendable (CompletionRequest) -> [String])?
    /// The coloured runs of the line being edited (SQL's colours), or nil for none.
    var colouring: ((String) -> [SQLHighlighter.Run])?
    /// Set when readline hands over the line (or cancellation finished).
    var done = false
    /// The accepted line; nil when cancelled.
    var result: String?
    /// True while readline is being driven to the end of a cancelled line.
    var cancelling = false

    init(screen: TerminalScreen, row: @escaping () -> Int, redraw: @escaping () -> ScreenGrid,
         onMatches: @escaping ([String]) -> Void,
         completionProvider: (@Sendable (CompletionRequest) -> [String])?) {
        self.screen = screen
        self.row = row
        self.redraw = redraw
        self.onMatches = onMatches
        self.completionProvider = completionProvider
    }
}
