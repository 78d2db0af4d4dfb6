// ShellApp: a frame's layout, decided from the app's state and the terminal's size alone.

/// How one frame of the UI is laid out for a terminal's size, and what that decides for the
/// keys: whether the screen only says it is too small, whether the echo pane is on screen,
/// which pane is drawn with focus, how many rows the grid shows, how far the echo pane can
/// scroll back and how many boxes a row of the schema map holds.
///
/// A pure function of the app's state and the size (``init(_:width:height:)``): making one
/// reads no database and writes nothing, so making it twice gives the same value. The run loop
/// keeps the layout of the frame it last drew and hands it to key handling
/// (``ShellApp/handle(_:in:)``); it also sizes the explorer's reads from it
/// (``Explorer/viewportRows``), in that one place.
public struct FrameLayout: Sendable, Equatable {
    /// The terminal's width.
    public let width: Int
    /// The terminal's height.
    public let height: Int
    /// Where each part of the screen goes; nil when the terminal is too small and the screen
    /// only says so.
    package let panes: ShellLayout?
    /// The pane drawn with focus: the app's, except that when the echo pane is not on screen
    /// (hidden by a short, narrow terminal) its focus shows on the grid, or on the tables list
    /// without a view. Keys move the app's focus there (``ShellApp/handle(_:in:)``).
    package let focus: ShellApp.Pane
    /// The echo pane's scroll: the app's, clamped to the lines the pane has beyond one screen
    /// (Home scrolls back "all the way"); nil when the pane is not on screen.
    package let echoScroll: Int?
    /// How many boxes a row of the schema map holds at this size (↑ and ↓ move by a row); nil
    /// when the map is not open or the screen is too small.
    package let schemaMapColumns: Int?

    /// The layout of `app`'s next frame on a `width` × `height` terminal.
    public init(_ app: ShellApp, width: Int, height: Int) {
        self.width = width
        self.height = height
        panes = ShellLayout(width: width, height: height, echoVisible: app.echoVisible)
        if let panes, panes.echo == nil, app.focus == .echo {
            focus = app.explorer.current == nil ? .tables : .grid
        } else {
            focus = app.focus
        }
        if let box = panes?.echo {
            echoScroll = EchoPaneLines.scroll(app.echoScroll, log: app.explorer.echoLog, inside: box.inset(by: 1))
        } else {
            echoScroll = nil
        }
        if panes != nil, case .schemaMap(let browser) = app.overlay {
            schemaMapColumns = browser.columns(in: SchemaMapBrowser.rect(width: width, height: height))
        } else {
            schemaMapColumns = nil
        }
    }

    /// Whether the terminal is too small for the panes: the screen only says so, and keys that
    /// act on what cannot be seen are ignored.
    public var isTooSmall: Bool { panes == nil }
    /// Whether the echo pane is on screen (Tab cycles through it only then).
    public var echoOnScreen: Bool { panes?.echo != nil }
    /// Data rows the grid shows; nil when the terminal is too small.
    public var gridRows: Int? { panes?.gridRows }
}
