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
    /// Creates the UI state over `explorer`; if a view is open, the grid has focus. The status
    /// line's first message is `openingNotes` (what opening the database told its reader, such
    /// as a data file's short rows; text mode writes them to standard error instead), or else
    /// how many tables there are.
    public init(explorer: Explorer, openingNotes: [String] = []) {
        self.explorer = explorer
        tablePreview = TablePromptPreview(explorer: explorer)
        if explorer.current != nil { focus = .grid }
        // Filters, `=` and sorts are steps that Backspace and Esc pop, one at a time.
        explorer.narrowingPushesSteps = true
        explorer.readsFirstScreenOnOpen = true
        message = openingNotes.isEmpty ? "\(explorer.tables.count) tables and views — Enter opens, ? lists every key"
            : openingNotes.joined(separator: "; ")
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

    /// The table prompt's preview (`Track/snow` typed): the table shown, and where the UI was.
    let tablePreview: TablePromptPreview

    /// Runs `body`, showing any error in the status line instead of letting it escape.
    func attempt(_ body: () throws -> Void) {
        do { try body() } catch { setError(error) }
    }

    /// The age, in seconds, from which the status line shows how long the transaction holding
    /// pending changes has been open (`open 2m05s · tx: 1 uncommitted`).
    package nonisolated(unsafe) static var transactionAgeShownAfter: TimeInterval = 10

    /// Renders the whole screen laid out as `layout` (``FrameLayout``): prepares the frame (the
    /// rows on screen and the labels of their foreign keys are read through the explorer; any
    /// error is shown in the status line), keeps what the layout decides that the keys act on
    /// (the echo pane's scroll as far as it goes, the boxes in a row of the schema map), then
    /// draws it — drawing keeps nothing.
    public func render(_ layout: FrameLayout) -> ScreenGrid {
        let frame = ShellFrame(layout, of: self)
        // The statements preparing the frame ran are in the echo pane too: its scroll is
        // decided over them, by the same layout made again.
        adopt(FrameLayout(self, width: layout.width, height: layout.height))
        return ShellRenderer(app: self, focus: layout.focus).draw(frame)
    }

    /// Keeps what `layout` decided that the keys act on: the echo pane's scroll clamped to its
    /// lines, and how many boxes a row of the schema map holds.
    private func adopt(_ layout: FrameLayout) {
        if let scroll = layout.echoScroll { echoScroll = scroll }
        if let columns = layout.schemaMapColumns, case .schemaMap(var browser) = overlay, browser.columnsDrawn != columns {
            browser.columnsDrawn = columns
            overlay = .schemaMap(browser)
        }
    }

    /// Renders the whole screen for a `width` × `height` terminal (``render(_:)`` of its
    /// ``FrameLayout``). It does not size the explorer's reads: the run loop does.
    public func render(width: Int, height: Int) -> ScreenGrid {
        render(FrameLayout(self, width: width, height: height))
    }
}
