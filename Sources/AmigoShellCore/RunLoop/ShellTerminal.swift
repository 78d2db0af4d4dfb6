/// What the run loop needs from a terminal: the curses screen and readline in the program
/// (``AmigoTerminal``), a scripted fake in the tests.
package protocol ShellTerminal: AnyObject {
    /// The size in columns and rows.
    var size: (width: Int, height: Int) { get }
    /// Shows a frame.
    func draw(_ grid: ScreenGrid)
    /// Makes the next ``draw(_:)`` repaint every cell (after ^L).
    func repaintAll()
    /// Waits for a key at most `milliseconds`, so that idle work can run between keys.
    func waitForKey(idleAfterMilliseconds milliseconds: Int) -> ShellKeyWait
    /// The next key if one was typed, without waiting (polled while a query runs).
    func pollKey() -> Key?
    /// Puts keys back to be read next, in this order: keys typed while work ran that belong to
    /// the prompt that is open (or opening), not to the screen behind it.
    func unread(_ keys: [Key])
    /// Drops every key typed but not read yet: a confirmation that just appeared is answered only
    /// by keys typed after it was shown (never by typed-ahead or pasted ones).
    func discardTypeahead()
    /// Writes `text` over the status line at once, without a frame (while a query runs).
    func showStatus(_ text: String)
    /// Reads a line at a prompt on the bottom row; nil when cancelled. `redraw` renders the
    /// screen behind the prompt; `onMatches` receives completion candidates to show; `onChange`,
    /// when given, receives the text after every edit (find as you type).
    func readLine(_ request: ShellApp.PromptRequest, redraw: @escaping () -> ScreenGrid,
                  onMatches: @escaping ([String]) -> Void, onChange: ((String) -> Void)?) -> String?
    /// Puts `text` on the clipboard of the terminal (and of tmux, and over SSH): the adapter
    /// writes it as an OSC 52 sequence, base64-encoded, so no byte of the data reaches the terminal as is.
    func copyToClipboard(_ text: String)
    /// Gives the terminal back and stops the process until it is continued (Ctrl-Z).
    func suspend()
    /// Takes the terminal again after a stop from outside; true when the screen must be repainted.
    func resumeIfSuspended() -> Bool
    /// Whether the program was asked to end (SIGHUP, SIGTERM) and the terminal is given back:
    /// a running query stops, and the loop ends as when input ends.
    var endRequested: Bool { get }
}

extension ShellTerminal {
    /// A terminal that is never asked to end from outside.
    package var endRequested: Bool { false }
}

/// What waiting for a key saw.
package enum ShellKeyWait: Equatable, Sendable {
    /// A key (or `.resize`).
    case key(Key)
    /// No key for the whole wait: time for idle work.
    case idle
    /// Input has ended.
    case closed
}
