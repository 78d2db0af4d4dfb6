import Amigo
import Foundation

/// The terminal UI's state on top of an ``Explorer``: which pane has focus, which overlay is
/// open, the status line — and what each key does. Pure: keys in, ``ShellEffect``s out, and
/// ``render(width:height:)`` produces the screen as a ``ScreenGrid``.
public final class ShellApp {
    /// The panes that can have focus.
    package enum Pane: Sendable, Equatable { case tables, grid, echo }
    /// Overlays drawn over the panes (``ShellOverlay``).
    package typealias Overlay = ShellOverlay
    /// The kinds of prompt the adapter opens with readline (``AmigoShellCore/PromptKind``).
    public typealias PromptKind = AmigoShellCore.PromptKind
    /// A request to read a line (``AmigoShellCore/PromptRequest``).
    public typealias PromptRequest = AmigoShellCore.PromptRequest
    /// What the adapter must do after a key (``AmigoShellCore/ShellEffect``).
    public typealias ShellEffect = AmigoShellCore.ShellEffect

    /// Whether the open overlay asks a yes/no question (a write, an edit, quitting, reconnecting).
    package var isConfirming: Bool { overlay.isConfirming }

    /// The explorer.
    public let explorer: Explorer
    /// The focused pane.
    package internal(set) var focus: Pane = .tables
    /// The open overlay.
    package internal(set) var overlay: Overlay = .none
    /// The kind of prompt being read now (set by the run loop; completion offers what fits it).
    package var activePromptKind: PromptKind = .command
    /// Cursor in the tables list.
    package internal(set) var tableCursor = 0
    /// Whether the echo pane is shown.
    package internal(set) var echoVisible = true
    /// Lines scrolled back in the echo pane (0 = newest at the bottom).
    package internal(set) var echoScroll = 0
    /// The status message (the last action's result or error).
    public internal(set) var message = ""
    /// The message before the last key cleared it, for `M` (the status line may have cut it).
    var lastMessage = ""
    /// Whether ``message`` is an error.
    package internal(set) var messageIsError = false
    /// Letters typed in the relations menu to jump by prefix.
    var typeAhead = ""
    /// For the relations menu: the label of the row each to-one relationship points at (by index).
    var relationLabels: [Int: String] = [:]
    /// The current row's links as last read (labels and counts), for the links line under the panes.
    let rowLinks = RowLinksCache()
    /// The last search (`f`, `F`), which `n` and `N` repeat.
    package internal(set) var lastFind: (text: String, column: String?)?
    /// Whether the last render had only room for the "too small" message.
    var screenTooSmall = false
    /// Whether the last render had room for the echo pane: a short, narrow terminal leaves it out
    /// even when ``echoVisible``, and Tab must not move the focus to a pane that is not on screen.
    var echoOnScreen = true

    /// Creates the UI state over `explorer`; if a view is open, the grid has focus.
    public init(explorer: Explorer) {
        self.explorer = explorer
        if explorer.current != nil { focus = .grid }
        // Filters, `=` and sorts are steps that Backspace and Esc pop, one at a time.
        explorer.narrowingPushesSteps = true
        explorer.readsFirstScreenOnOpen = true
        message = "\(explorer.tables.count) tables and views — Enter opens, ? lists every key"
    }

    func setError(_ error: Error) {
        message = ErrorText.line(error)
        messageIsError = true
        messageIsSummary = false
        // A server that went away: offer to connect again (each failed key asks again), unless
        // a box is open with what the user typed in it (a form kept for fixing a value).
        if case .none = overlay, explorer.isConnectionLost { overlay = .confirmReconnect(reason: message) }
    }

    /// Whether the reconnect prompt was answered "stay": idle time does not ask again then.
    var reconnectDeclined = false

    /// Opens the reconnect prompt when idle time found the server connection lost (the check for
    /// other clients' commits failed), unless it was declined or another box is open; true when
    /// it opened.
    package func noticeLostConnection() -> Bool {
        guard explorer.isConnectionLost else {
            reconnectDeclined = false    // connected again (:reconnect): a next loss is news again
            return false
        }
        guard !reconnectDeclined, case .none = overlay else { return false }
        overlay = .confirmReconnect(reason: "the connection to \(explorer.displayPath) was lost")
        return true
    }

    /// Shows what the explorer noticed on its own (another program changed the file) in the
    /// status line, as the message of no key.
    package func showNotices() {
        if let notice = explorer.takeNotice() { setMessage(notice) }
    }

    func setMessage(_ text: String) {
        message = text
        messageIsError = false
        // The summary as it was then: once the count or the row changes, the status line shows
        // the summary as it is now, not both (`row 1 of 1760088 │ row 1 of 10000+`).
        messageIsSummary = text == explorer.statusSummary
    }

    /// Whether ``message`` is only the status summary of the moment it was set.
    var messageIsSummary = false

    /// The row the cursor was on when a find prompt opened: each change of the text searches
    /// from there again, and a cancelled find goes back to it.
    var findOrigin: Int?

    /// While the table prompt previews a table (`Track/snow` typed): where navigation, the tables
    /// cursor and the focus were when it opened, and the table shown now.
    var tablePreview: (snapshot: Navigator.Snapshot, tableCursor: Int, focus: Pane, table: String?)?

    /// Runs `body`, showing any error in the status line instead of letting it escape.
    func attempt(_ body: () throws -> Void) {
        do { try body() } catch { setError(error) }
    }

    /// The age, in seconds, from which the status line shows how long the transaction holding
    /// pending changes has been open (`open 2m05s · tx: 1 uncommitted`).
    package nonisolated(unsafe) static var transactionAgeShownAfter: TimeInterval = 10

    /// Renders the whole screen: prepares the frame (the rows on screen and the labels of their
    /// foreign keys are read through the explorer; any error is shown in the status line), then
    /// draws it, and keeps what drawing found that the keys act on (the echo pane's scroll as far
    /// as it goes, the columns of the schema map).
    public func render(width: Int, height: Int) -> ScreenGrid {
        let drawing = ShellRenderer(app: self).draw(prepareFrame(width: width, height: height))
        if let scroll = drawing.echoScroll { echoScroll = scroll }
        if let columns = drawing.schemaMapColumns, case .schemaMap(var browser) = overlay, browser.columnsDrawn != columns {
            browser.columnsDrawn = columns
            overlay = .schemaMap(browser)
        }
        return drawing.grid
    }
}
