// ShellRenderer: one frame, prepared (read and decided) before it is drawn.

import Amigo

/// What one screen shows, prepared before anything is drawn: the layout for the terminal's size
/// (``FrameLayout``), and everything read from the database for it — the grid's rows with their
/// foreign keys' labels and computed sort values, the columns that fit, the current row's links,
/// the caption of the relations pop-up. Drawing (``ShellRenderer/draw(_:)``) reads only this and
/// the app's state and runs no query.
struct ShellFrame {
    /// The layout the frame is prepared for.
    let frameLayout: FrameLayout
    /// The grid's content; nil without a view.
    var grid: ShellRenderer.GridContent?
    /// The current row's links, for the line under the panes.
    var rowLinks: RowLinks?
    /// The row the relations pop-up is about (`Album 1 "For Those About To Rock…"`).
    var relationsCaption: String?

    /// The terminal's width.
    var width: Int { frameLayout.width }
    /// The terminal's height.
    var height: Int { frameLayout.height }
    /// Where everything goes; nil when the terminal is too small.
    var layout: ShellLayout? { frameLayout.panes }
}

extension ShellFrame {
    /// Prepares `app`'s frame laid out as `frameLayout`: the viewport scrolled to the cursor, and
    /// every read (a read that fails is shown in `app`'s status line).
    init(_ frameLayout: FrameLayout, of app: ShellApp) {
        self.frameLayout = frameLayout
        guard let layout = frameLayout.panes else { return }
        grid = Self.prepareGrid(layout, of: app)
        rowLinks = app.currentRowLinks()
        if case .relations = app.overlay {
            let explorer = app.explorer
            relationsCaption = (try? explorer.currentRecord()).flatMap { $0 }.map(explorer.rowCaption)
        }
    }

    /// Prepares the grid of `app`'s current view for a frame: scrolls the viewport to the cursor,
    /// reads the rows on screen (and their foreign keys' labels, and the computed sort values),
    /// and decides which columns fit. Nil without a view; a read that fails is shown in the
    /// status line and leaves the grid empty.
    static func prepareGrid(_ layout: ShellLayout, of app: ShellApp) -> ShellRenderer.GridContent? {
        let explorer = app.explorer
        guard let view = explorer.current else { return nil }
        let rows = layout.gridRows
        view.scrollToShowCursor(rows: rows)
        let values: [[DatabaseValue]]
        do {
            values = try explorer.values(in: view.topRow..<(view.topRow + rows))
        } catch {
            app.setError(error)
            values = []
        }
        // Sorted by a computed value (`albums.@count`): shown as a column of its own, after the key.
        let computed = explorer.computedOrderPath
        var shown = values
        if computed != nil {
            let extra = explorer.computedOrderValues(rows: view.topRow..<(view.topRow + values.count))
            shown = zip(values, extra).map { $0 + [$1] }
        }
        var content = ShellRenderer(app: app).columnLayout(view: view, values: shown, width: layout.grid.inset(by: 1).width, computed: computed)
        content.computed = computed
        return content
    }
}
