// ShellRenderer: one frame, prepared (read and decided) before it is drawn.

import Amigo

/// What one screen shows, prepared before anything is drawn: the layout for the terminal's size,
/// and everything read from the database for it — the grid's rows with their foreign keys'
/// labels and computed sort values, the columns that fit, the current row's links, the caption
/// of the relations pop-up. Drawing (``ShellApp/draw(_:)``) reads only this and the app's state
/// and runs no query.
struct ShellFrame {
    /// The terminal's size.
    let width: Int
    let height: Int
    /// Where everything goes; nil when the terminal is too small.
    let layout: ShellLayout?
    /// The grid's content; nil without a view.
    var grid: ShellRenderer.GridContent?
    /// The current row's links, for the line under the panes.
    var rowLinks: RowLinks?
    /// The row the relations pop-up is about (`Album 1 "For Those About To Rock…"`).
    var relationsCaption: String?
}

extension ShellApp {
    /// Prepares a frame for `width` × `height`: the layout (and the rows the grid has room for,
    /// which sizes the explorer's reads), the viewport scrolled to the cursor, and every read.
    func prepareFrame(width: Int, height: Int) -> ShellFrame {
        let layout = ShellLayout(width: width, height: height, echoVisible: echoVisible)
        screenTooSmall = layout == nil
        var frame = ShellFrame(width: width, height: height, layout: layout)
        guard let layout else { return frame }
        explorer.viewportRows = layout.gridRows
        echoOnScreen = layout.echo != nil
        if !echoOnScreen && focus == .echo { focus = explorer.current == nil ? .tables : .grid }
        frame.grid = prepareGrid(layout)
        frame.rowLinks = currentRowLinks()
        if case .relations = overlay {
            frame.relationsCaption = (try? explorer.currentRecord()).flatMap { $0 }.map(explorer.rowCaption)
        }
        return frame
    }

    /// Prepares the grid of the current view for a frame: scrolls the viewport to the cursor,
    /// reads the rows on screen (and their foreign keys' labels, and the computed sort values),
    /// and decides which columns fit. Nil without a view; a read that fails is shown in the
    /// status line and leaves the grid empty.
    func prepareGrid(_ layout: ShellLayout) -> ShellRenderer.GridContent? {
        guard let view = explorer.current else { return nil }
        let rows = layout.gridRows
        view.scrollToShowCursor(rows: rows)
        let values: [[DatabaseValue]]
        do {
            values = try explorer.values(in: view.topRow..<(view.topRow + rows))
        } catch {
            setError(error)
            values = []
        }
        // Sorted by a computed value (`albums.@count`): shown as a column of its own, after the key.
        let computed = explorer.computedOrderPath
        var shown = values
        if computed != nil {
            let extra = explorer.computedOrderValues(rows: view.topRow..<(view.topRow + values.count))
            shown = zip(values, extra).map { $0 + [$1] }
        }
        var content = ShellRenderer(app: self).columnLayout(view: view, values: shown, width: layout.grid.inset(by: 1).width, computed: computed)
        content.computed = computed
        return content
    }
}
