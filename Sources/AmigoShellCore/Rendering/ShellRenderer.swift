import Amigo
import Foundation

/// Draws a ``ShellApp`` into a ``ScreenGrid``: title, tables, grid, echo, status, hints, overlays.
/// It reads the app's state and a prepared ``ShellFrame``, writes nothing and runs no query.
struct ShellRenderer {
    /// The app drawn.
    let app: ShellApp

    /// The explorer whose views are drawn.
    var explorer: Explorer { app.explorer }
    /// The pane drawn with focus (``FrameLayout/focus``).
    let focus: ShellApp.Pane
    /// The open overlay.
    var overlay: ShellApp.Overlay { app.overlay }
    /// Cursor in the tables list.
    var tableCursor: Int { app.tableCursor }
    /// Lines scrolled back in the echo pane.
    var echoScroll: Int { app.echoScroll }
    /// The status message.
    var message: String { app.message }
    /// Whether ``message`` is an error.
    var messageIsError: Bool { app.messageIsError }
    /// Whether ``message`` is only the status summary of the moment it was set.
    var messageIsSummary: Bool { app.messageIsSummary }
    /// For the relations menu: the label of the row each to-one relationship points at.
    var relationLabels: [Int: String] { app.relationLabels }

    /// A renderer of `app` that draws `focus` (by default the app's) as the focused pane.
    init(app: ShellApp, focus: ShellApp.Pane? = nil) {
        self.app = app
        self.focus = focus ?? app.focus
    }
}

extension ShellRenderer {
    static let headerStyle = TextStyle(.bold, color: .cyan)
    static let nullStyle = TextStyle(.dim)
    static let cursorStyle = TextStyle(.reverse)
    static let cellStyle = TextStyle([.reverse, .bold])
    static let foreignStyle = TextStyle(color: .blue)
    static let dimStyle = TextStyle(.dim)
    static let errorStyle = TextStyle([.bold], color: .red)
    static let focusStyle = TextStyle(.bold, color: .cyan)
    /// The narrowest room at the right of the grid in which a column that does not fit whole is
    /// still shown, cut (a few letters and `…`).
    static let minimumPartialColumnWidth = 4
    /// Spaces between grid columns: two, so that `Peacock  Jane` never runs together.
    static let columnGap = 2
    /// Draws a prepared frame; reads nothing from the database, changes no state and keeps nothing.
    func draw(_ frame: ShellFrame) -> ScreenGrid {
        let (width, height) = (frame.width, frame.height)
        var grid = ScreenGrid(width: max(1, width), height: max(1, height))
        guard let layout = frame.layout else {
            let size = "Terminal too small (\(width)x\(height));"
            let need = "need \(ShellLayout.minimumWidth)x\(ShellLayout.minimumHeight)"
            if DisplayWidth.of(size + " " + need) > width && height >= 2 {
                // Too narrow for one line: put the needed size on its own line rather than cut it off.
                grid.put(size, row: 0, column: 0)
                grid.put(need, row: 1, column: 0)
            } else {
                grid.put(size + " " + need, row: 0, column: 0)
            }
            return grid
        }
        drawTitle(&grid, layout)
        drawTables(&grid, layout)
        drawGrid(&grid, layout, frame.grid)
        if let line = layout.links { drawRowLinks(&grid, frame.rowLinks, in: line) }
        if let echo = layout.echo { drawEcho(&grid, echo, scroll: echoScroll) }
        drawStatus(&grid, layout)
        grid.put(KeyMap.hints(width: width - 2), row: layout.prompt.y, column: 1, maxWidth: width - 2, style: ShellRenderer.dimStyle)
        drawOverlay(&grid, width: width, height: height, frame: layout.grid, caption: frame.relationsCaption)
        return grid
    }

    func drawTitle(_ grid: inout ScreenGrid, _ layout: ShellLayout) {
        grid.fill(layout.title, style: TextStyle(.reverse))
        let width = layout.title.width
        let prefix = " amigo-shell · "
        let breadcrumb = explorer.stack.isEmpty ? "" : explorer.breadcrumb
        // The files named take the room the breadcrumb leaves (`a.sqlite + 2 more` when narrow).
        let room = width - DisplayWidth.of(prefix) - (breadcrumb.isEmpty ? 0 : DisplayWidth.of("  ›  " + breadcrumb))
        var text = prefix + FilesTitle.text(main: explorer.displayPath, attached: explorer.attachments, width: room)
        if !explorer.stack.isEmpty {
            // The end of the breadcrumb says where you are: when the line is too long, drop the
            // program name and path first, then the breadcrumb's beginning (`…bums › tracks`).
            if DisplayWidth.of(text + "  ›  " + breadcrumb) <= width {
                text += "  ›  " + breadcrumb
            } else {
                text = " " + ShellRenderer.shortenedBreadcrumb(breadcrumb, width: width - 1)
            }
        }
        grid.put(text, row: 0, column: 0, maxWidth: width, style: TextStyle([.reverse, .bold]))
    }

    func boxStyle(_ pane: ShellApp.Pane) -> TextStyle { focus == pane ? ShellRenderer.focusStyle : ShellRenderer.dimStyle }

    func drawTables(_ grid: inout ScreenGrid, _ layout: ShellLayout) {
        let box = layout.tables
        grid.drawBox(box, title: "Tables", style: boxStyle(.tables))
        let inner = box.inset(by: 1)
        let tables = explorer.tables
        let visible = inner.height
        let top = max(0, min(tableCursor - visible / 2, tables.count - visible))
        // Names cut to the same text (`PlaylistTr…` twice) keep their ends instead: `Play…Track`.
        var shown: [Int: String] = [:]
        var seen: [String: [Int]] = [:]
        for i in top..<min(tables.count, top + visible) {
            let entry = tables[i]
            let name = entry.listMark + entry.name
            let room = max(1, inner.width - DisplayWidth.of(entry.countText) - 1)
            let cut = DisplayWidth.truncate(name, to: room)
            shown[i] = cut
            seen[cut, default: []].append(i)
        }
        for (_, indices) in seen where indices.count > 1 {
            for i in indices {
                let entry = tables[i]
                let name = entry.listMark + entry.name
                let room = max(1, inner.width - DisplayWidth.of(entry.countText) - 1)
                guard DisplayWidth.of(name) > room, room >= 5 else { continue }
                let head = DisplayWidth.truncate(name, to: (room + 1) / 2)   // ends in `…`
                shown[i] = head + String(ShellRenderer.tail(of: name, width: room - DisplayWidth.of(head) + 1).dropFirst())
            }
        }
        for (row, i) in (top..<min(tables.count, top + visible)).enumerated() {
            let entry = tables[i]
            let count = entry.countText
            let name = entry.listMark + entry.name
            let countWidth = DisplayWidth.of(count)
            let nameWidth = max(1, inner.width - countWidth - 1)
            let open = explorer.stack.first?.model?.name == entry.name
            var style = open ? TextStyle(.bold) : TextStyle.plain
            if i == tableCursor && focus == .tables { style = ShellRenderer.cursorStyle }
            grid.fill(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), style: style)
            grid.put(shown[i] ?? DisplayWidth.truncate(name, to: nameWidth), row: inner.y + row, column: inner.x, maxWidth: nameWidth, style: style)
            grid.put(count, row: inner.y + row, column: inner.maxX - countWidth, style: i == tableCursor && focus == .tables ? style : ShellRenderer.dimStyle)
        }
    }
}
