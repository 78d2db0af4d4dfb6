import Amigo

/// Draws a ``ShellApp`` into a ``ScreenGrid``: title, tables, grid, echo, status, hints, overlays.
extension ShellApp {
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

    /// Renders the whole screen. Fetches the visible rows (and the labels of their foreign keys)
    /// through the explorer; any error is shown in the status line.
    public func render(width: Int, height: Int) -> ScreenGrid {
        var grid = ScreenGrid(width: max(1, width), height: max(1, height))
        screenTooSmall = ShellLayout(width: width, height: height, echoVisible: echoVisible) == nil
        guard let layout = ShellLayout(width: width, height: height, echoVisible: echoVisible) else {
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
        explorer.viewportRows = layout.gridRows
        echoOnScreen = layout.echo != nil
        if !echoOnScreen && focus == .echo { focus = explorer.current == nil ? .tables : .grid }
        drawTitle(&grid, layout)
        drawTables(&grid, layout)
        drawGrid(&grid, layout)
        if let echo = layout.echo { drawEcho(&grid, echo) }
        drawStatus(&grid, layout)
        grid.put(KeyMap.hints(width: width - 2), row: layout.prompt.y, column: 1, maxWidth: width - 2, style: ShellApp.dimStyle)
        drawOverlay(&grid, width: width, height: height, frame: layout.grid)
        return grid
    }

    private func drawTitle(_ grid: inout ScreenGrid, _ layout: ShellLayout) {
        grid.fill(layout.title, style: TextStyle(.reverse))
        let width = layout.title.width
        var text = " amigo-shell · \(explorer.displayPath)"
        if !explorer.stack.isEmpty {
            // The end of the breadcrumb says where you are: when the line is too long, drop the
            // program name and path first, then the breadcrumb's beginning (`…bums › tracks`).
            let breadcrumb = explorer.breadcrumb
            if DisplayWidth.of(text + "  ›  " + breadcrumb) <= width {
                text += "  ›  " + breadcrumb
            } else {
                text = " " + ShellApp.shortenedBreadcrumb(breadcrumb, width: width - 1)
            }
        }
        grid.put(text, row: 0, column: 0, maxWidth: width, style: TextStyle([.reverse, .bold]))
    }

    private func boxStyle(_ pane: Pane) -> TextStyle { focus == pane ? ShellApp.focusStyle : ShellApp.dimStyle }

    private func drawTables(_ grid: inout ScreenGrid, _ layout: ShellLayout) {
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
            let name = (entry.unreadableReason != nil ? "✗ " : entry.isView ? "◦ " : "") + entry.name
            let room = max(1, inner.width - DisplayWidth.of(entry.countText) - 1)
            let cut = DisplayWidth.truncate(name, to: room)
            shown[i] = cut
            seen[cut, default: []].append(i)
        }
        for (_, indices) in seen where indices.count > 1 {
            for i in indices {
                let entry = tables[i]
                let name = (entry.unreadableReason != nil ? "✗ " : entry.isView ? "◦ " : "") + entry.name
                let room = max(1, inner.width - DisplayWidth.of(entry.countText) - 1)
                guard DisplayWidth.of(name) > room, room >= 5 else { continue }
                let head = DisplayWidth.truncate(name, to: (room + 1) / 2)   // ends in `…`
                shown[i] = head + String(ShellApp.tail(of: name, width: room - DisplayWidth.of(head) + 1).dropFirst())
            }
        }
        for (row, i) in (top..<min(tables.count, top + visible)).enumerated() {
            let entry = tables[i]
            let count = entry.countText
            let name = (entry.unreadableReason != nil ? "✗ " : entry.isView ? "◦ " : "") + entry.name
            let countWidth = DisplayWidth.of(count)
            let nameWidth = max(1, inner.width - countWidth - 1)
            let open = explorer.stack.first?.model?.name == entry.name
            var style = open ? TextStyle(.bold) : TextStyle.plain
            if i == tableCursor && focus == .tables { style = ShellApp.cursorStyle }
            grid.fill(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), style: style)
            grid.put(shown[i] ?? DisplayWidth.truncate(name, to: nameWidth), row: inner.y + row, column: inner.x, maxWidth: nameWidth, style: style)
            grid.put(count, row: inner.y + row, column: inner.maxX - countWidth, style: i == tableCursor && focus == .tables ? style : ShellApp.dimStyle)
        }
    }

    /// Column widths and the cell texts of the visible rows.
    private struct GridContent {
        var columns: [Int] = []      // indices of visible columns
        var widths: [Int] = []
        var cells: [[String]] = []   // [row][visible column]
        var nulls: [[Bool]] = []
        var numbers: [[Bool]] = []   // cells that are a number alone (right-aligned)
        var hiddenLeft = 0           // columns scrolled away on the left (not counting pinned keys)
        var hiddenRight = 0          // columns that do not fit on the right
    }

    private func drawGrid(_ grid: inout ScreenGrid, _ layout: ShellLayout) {
        let box = layout.grid
        guard let view = explorer.current else {
            grid.drawBox(box, title: "Grid", style: boxStyle(.grid))
            grid.put("Choose a table and press Enter (or :open NAME).", row: box.y + 2, column: box.x + 2, maxWidth: box.width - 4, style: ShellApp.dimStyle)
            return
        }
        var title = view.title
        if let filter = view.filter { title += " · filter: \(filter)" }
        if let order = view.order { title += " · order: \(order.column)\(order.descending ? " desc" : "")" }
        grid.drawBox(box, title: title, style: boxStyle(.grid))
        let inner = box.inset(by: 1)
        let rows = layout.gridRows
        // Keep the cursor on screen.
        if view.cursorRow < view.topRow { view.topRow = view.cursorRow }
        if view.cursorRow >= view.topRow + rows { view.topRow = view.cursorRow - rows + 1 }
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
        let content = columnLayout(view: view, values: shown, width: inner.width, computed: computed)
        // Header.
        var x = inner.x
        let columnModels = view.modelColumns
        for (i, column) in content.columns.enumerated() {
            let name = column < view.columns.count ? view.columns[column] : (computed ?? "")
            var header = name
            if column < columnModels.count {
                if columnModels[column].primaryKey { header += "*" }
                if columnModels[column].foreignKey != nil || isForeignKey(view, column) { header += "→" }
            }
            var style = ShellApp.headerStyle
            if column == view.cursorColumn && focus == .grid { style.attributes.insert(.underline) }
            grid.put(DisplayWidth.pad(header, to: content.widths[i]), row: inner.y, column: x, maxWidth: min(content.widths[i], inner.maxX - x), style: style)
            x += content.widths[i] + ShellApp.columnGap
        }
        grid.put(String(repeating: "─", count: inner.width), row: inner.y + 1, column: inner.x, style: ShellApp.dimStyle)
        // Rows.
        for (r, cells) in content.cells.enumerated() {
            let absolute = view.topRow + r
            let y = inner.y + 2 + r
            let isCursorRow = absolute == view.cursorRow
            if isCursorRow && focus == .grid { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: ShellApp.cursorStyle) }
            x = inner.x
            for (i, text) in cells.enumerated() {
                let column = content.columns[i]
                var style: TextStyle = content.nulls[r][i] ? ShellApp.nullStyle : (isForeignKey(view, column) ? ShellApp.foreignStyle : .plain)
                if isCursorRow && focus == .grid { style = column == view.cursorColumn ? ShellApp.cellStyle : ShellApp.cursorStyle }
                let number = content.numbers[r][i] && DisplayWidth.of(text) <= content.widths[i]
                grid.put(DisplayWidth.pad(text, to: content.widths[i], alignRight: number), row: y, column: x, maxWidth: min(content.widths[i], inner.maxX - x), style: style)
                x += content.widths[i] + ShellApp.columnGap
            }
        }
        if view.totalCount == 0 {
            grid.put(view.filter == nil ? "(no rows)" : "(no rows match the filter)", row: inner.y + 2, column: inner.x, style: ShellApp.dimStyle)
        }
        // Columns off screen: counted on the bottom border, at the left.
        if content.hiddenLeft > 0 || content.hiddenRight > 0 {
            var parts: [String] = []
            if content.hiddenLeft > 0 { parts.append("◀ \(content.hiddenLeft) more") }
            if content.hiddenRight > 0 { parts.append("\(content.hiddenRight) more ▶") }
            let text = " columns: " + parts.joined(separator: " · ") + " "
            grid.put(text, row: box.maxY - 1, column: box.x + 2, maxWidth: max(0, box.width - 16), style: boxStyle(.grid))
        }
        // Position marker at the bottom border.
        let marker = " \(view.totalCount == 0 ? 0 : view.cursorRow + 1)/\(view.totalCount)\(view.countIsExact ? "" : "+") "
        grid.put(marker, row: box.maxY - 1, column: max(box.x + 1, box.maxX - 2 - DisplayWidth.of(marker)), style: boxStyle(.grid))
    }

    private func isForeignKey(_ view: BrowseView, _ column: Int) -> Bool {
        guard let model = view.model, column < view.modelColumns.count else { return false }
        let c = view.modelColumns[column]
        return model.relationships.contains { $0.kind == .toOne && $0.sourceColumns.contains { $0 === c } }
    }

    /// Decides which columns fit, from the current column's neighbourhood, and their widths.
    private func columnLayout(view: BrowseView, values: [[DatabaseValue]], width: Int, computed: String? = nil) -> GridContent {
        var content = GridContent()
        let gap = ShellApp.columnGap
        let count = view.columns.count
        // The computed order's column, if any, is index `count`: pinned after the key columns.
        let names = view.columns + (computed.map { [$0] } ?? [])
        guard count > 0 else { return content }
        var labels: [Int: [DatabaseValue: String]] = [:]
        /// How wide a foreign key's label may be: 24 while the columns are laid out, then as much
        /// as the room left over allows.
        var labelRoom: [Int: Int] = [:]
        func text(_ row: [DatabaseValue], _ column: Int) -> String {
            guard column < row.count else { return "" }
            let value = row[column]
            var shown = ValueText.display(value)
            if let label = labels[column]?[value], !label.isEmpty {
                shown += " → " + DisplayWidth.truncate(label, to: labelRoom[column] ?? 24)
            }
            return shown
        }
        func widthOf(_ column: Int) -> Int {
            if labels[column] == nil, isForeignKey(view, column) {
                labels[column] = explorer.foreignKeyLabels(column: column, rows: values)
            }
            var w = DisplayWidth.of(names[column]) + 2
            for row in values { w = max(w, min(40, DisplayWidth.of(DisplayWidth.sanitize(text(row, column))))) }
            // Columns only widen while a view is browsed, so paging does not shift them about.
            w = max(w, view.columnWidths[column] ?? 0)
            view.columnWidths[column] = w
            return max(3, min(w, max(3, width)))
        }
        // The key columns stay at the left while the grid is scrolled sideways, as a spreadsheet
        // freezes them, unless they would take more than half the width.
        let keys = view.modelColumns.indices.filter { view.modelColumns[$0].primaryKey }
        func pinned(left: Int) -> [Int] {
            let columns = keys.filter { $0 < left }
            let taken = columns.reduce(0) { $0 + widthOf($1) + gap }
            let kept = taken <= width / 2 ? columns : []
            guard computed != nil else { return kept }
            // The computed column sits right after the key columns (which stay in place when
            // the grid is not scrolled).
            return left == 0 ? [] : kept + [count]
        }
        func room(left: Int) -> Int { width - pinned(left: left).reduce(0) { $0 + widthOf($1) + gap } }
        // Scroll horizontally so the current column is visible.
        if view.cursorColumn < view.leftColumn { view.leftColumn = view.cursorColumn }
        while true {
            var used = 0
            var fits = false
            for column in view.leftColumn..<count {
                used += widthOf(column) + gap
                if column == view.cursorColumn { fits = used - gap <= room(left: view.leftColumn) || column == view.leftColumn; break }
            }
            if fits || view.leftColumn >= view.cursorColumn { break }
            view.leftColumn += 1
        }
        // Never leave room unused on the right while columns are scrolled away on the left (after
        // the terminal grew, say): scroll back as far as everything from there on still fits.
        while view.leftColumn > 0,
              (view.leftColumn - 1..<count).reduce(0, { $0 + widthOf($1) + gap }) - gap <= room(left: view.leftColumn - 1) {
            view.leftColumn -= 1
        }
        var used = 0
        for column in pinned(left: view.leftColumn) {
            content.columns.append(column)
            content.widths.append(widthOf(column))
            used += widthOf(column) + gap
        }
        var order = Array(view.leftColumn..<count)
        if computed != nil && view.leftColumn == 0 {
            // Unscrolled: after the last key column at the left (or first).
            var after = 0
            while after < order.count && keys.contains(order[after]) { after += 1 }
            order.insert(count, at: after)
        }
        for column in order {
            let w = widthOf(column)
            if used > 0 && used + w > width {
                // The next column only partly fits: show it cut to the room left (its header and
                // cells end in `…`) instead of leaving that room blank, when the room is worth it.
                let room = width - used
                if room >= ShellApp.minimumPartialColumnWidth {
                    content.columns.append(column)
                    content.widths.append(room)
                }
                break
            }
            content.columns.append(column)
            content.widths.append(min(w, width - used))
            used += w + gap
        }
        // Room left at the right (every column from the left one on fits whole): labels cut at 24
        // take it, so that `2 → Nancy E…` reads `2 → Nancy Edwards` when there is space.
        let cut = content.columns.contains { !labels[$0, default: [:]].isEmpty } && content.columns.last == count - 1
            && zip(content.columns, content.widths).allSatisfy { widthOf($0.0) == $0.1 }
        if cut {
            var spare = width - (content.widths.reduce(0, +) + (content.widths.count - 1) * gap)
            for (i, column) in content.columns.enumerated() where spare > 0 && !(labels[column] ?? [:]).isEmpty {
                let full = values.map { row -> Int in
                    guard column < row.count, let label = labels[column]?[row[column]], !label.isEmpty else { return 0 }
                    return DisplayWidth.of(ValueText.display(row[column])) + 3 + DisplayWidth.of(DisplayWidth.sanitize(label))
                }.max() ?? 0
                let grow = min(spare, max(0, full - content.widths[i]))
                guard grow > 0 else { continue }
                content.widths[i] += grow
                spare -= grow
                labelRoom[column] = 24 + grow
            }
        }
        content.hiddenLeft = view.leftColumn - content.columns.filter { $0 < view.leftColumn }.count
        content.hiddenRight = max(0, count - 1 - (content.columns.filter { $0 < count }.max() ?? count - 1))
        for row in values {
            content.cells.append(content.columns.map { text(row, $0) })
            content.nulls.append(content.columns.map { $0 < row.count && row[$0].isNull })
            content.numbers.append(content.columns.map { column in
                guard column < row.count else { return false }
                switch row[column] {
                case .integer, .real: return labels[column]?[row[column]].map(\.isEmpty) ?? true
                default: return false
                }
            })
        }
        return content
    }

    private func drawEcho(_ grid: inout ScreenGrid, _ box: Rect) {
        grid.drawBox(box, title: explorer.isEchoOn ? "SQL echo" : "SQL echo (off)", style: boxStyle(.echo))
        let inner = box.inset(by: 1)
        guard inner.width > 4 else { return }
        var lines: [(String, TextStyle)] = []
        for event in explorer.echoLog.entries.suffix(60) {
            let style = event.kind == .transaction ? ShellApp.dimStyle : TextStyle.plain
            for line in wrap(event.sql, width: inner.width) { lines.append((line, style)) }
            var detail = event.kind == .transaction ? " " : "  [" + event.arguments.map(\.description).joined(separator: ", ") + "]"
            detail += String(format: " %.2f ms", event.duration * 1000)
            if let rows = event.rowCount, event.kind == .statement { detail += " · " + Plural.count(rows, "row") }
            if let error = event.error { detail += " · " + error }
            for line in wrap(detail, width: inner.width) { lines.append((line, event.error == nil ? TextStyle(color: .green) : ShellApp.errorStyle)) }
        }
        let maxScroll = max(0, lines.count - inner.height)
        if echoScroll > maxScroll { echoScroll = maxScroll }
        let end = lines.count - echoScroll
        let start = max(0, end - inner.height)
        for (i, (line, style)) in lines[start..<end].enumerated() {
            grid.put(line, row: inner.y + i, column: inner.x, maxWidth: inner.width, style: style)
        }
    }

    /// A breadcrumb cut to `width` columns from the left: whole steps are dropped while at least
    /// the last two remain (`… › albums › Album 1 "For…" › tracks`); otherwise it is cut inside a
    /// step (`…ose About To Rock…" › tracks`).
    static func shortenedBreadcrumb(_ breadcrumb: String, width: Int) -> String {
        if DisplayWidth.of(breadcrumb) <= width { return breadcrumb }
        let steps = breadcrumb.components(separatedBy: " › ")
        if steps.count > 2 {
            for drop in 1...(steps.count - 2) {
                let candidate = "… › " + steps[drop...].joined(separator: " › ")
                if DisplayWidth.of(candidate) <= width { return candidate }
            }
        }
        return tail(of: breadcrumb, width: width)
    }

    /// The end of `text` in at most `width` columns, with `…` in front when its beginning was cut.
    static func tail(of text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        let graphemes = DisplayWidth.sanitizedGraphemes(text)
        if graphemes.reduce(0, { $0 + $1.width }) <= width { return String(graphemes.map(\.character)) }
        var kept: [Character] = []
        var used = 1   // the ellipsis
        for grapheme in graphemes.reversed() {
            if used + grapheme.width > width { break }
            kept.append(grapheme.character)
            used += grapheme.width
        }
        return "…" + String(kept.reversed())
    }

    /// Splits `text` into lines of at most `width` columns (on character boundaries).
    func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for ch in DisplayWidth.sanitize(text) {
            let w = DisplayWidth.of(ch)
            if currentWidth + w > width { lines.append(current); current = ""; currentWidth = 0 }
            current.append(ch)
            currentWidth += w
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    private func drawStatus(_ grid: inout ScreenGrid, _ layout: ShellLayout) {
        let row = layout.status.y
        grid.fill(layout.status, style: TextStyle(.reverse))
        let pending = explorer.pendingChanges
        let tx = pending == 0 ? "tx: no changes" : "tx: \(pending) uncommitted"
        let right = " " + tx + (explorer.amigo.engine.isReadOnly ? " · read-only" : "") + " "
        let rightWidth = DisplayWidth.of(right)
        let room = max(0, layout.status.width - rightWidth - 1)
        var left = " " + explorer.statusSummary
        if !message.isEmpty && message != explorer.statusSummary && !messageIsSummary {
            // The message (often an error) matters more than the summary, which can be long with a
            // filter: shorten the summary so the message stays visible, or drop it when it cannot fit.
            let tail = "  │  " + message
            let summaryRoom = room - DisplayWidth.of(tail)
            left = summaryRoom >= 12 ? DisplayWidth.truncate(left, to: summaryRoom) + tail : " " + message
        }
        let style = messageIsError ? TextStyle([.reverse, .bold], color: .red) : TextStyle(.reverse)
        grid.put(left, row: row, column: 0, maxWidth: room, style: style)
        grid.put(right, row: row, column: layout.status.width - rightWidth, style: TextStyle([.reverse, .bold], color: pending > 0 ? .yellow : .normal))
    }

    private func drawOverlay(_ grid: inout ScreenGrid, width: Int, height: Int, frame: Rect) {
        func box(_ title: String, _ lines: [String], scroll: Int, highlight: Int? = nil) {
            // As wide as the widest line and the title (which carries the overlay's keys, such as
            // "Enter follows, Esc closes"), within the screen.
            let w = min(width - 4, max(40, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4, DisplayWidth.of(title) + 6))
            let h = min(height - 4, lines.count + 2)
            // Inside the grid's frame when it fits there (the panes' borders stay whole), else
            // centred on the screen.
            let inside = frame.inset(by: 1)
            let rect = w <= inside.width && h <= inside.height
                ? Rect(x: inside.x + (inside.width - w) / 2, y: inside.y + (inside.height - h) / 2, width: w, height: h)
                : Rect(x: (width - w) / 2, y: max(1, (height - h) / 2), width: w, height: h)
            grid.fill(rect)
            grid.drawBox(rect, title: title, style: ShellApp.focusStyle)
            let inner = rect.inset(by: 1)
            let start = min(scroll, max(0, lines.count - inner.height))
            for (i, line) in lines.dropFirst(start).prefix(inner.height).enumerated() {
                let style = highlight == start + i ? ShellApp.cursorStyle : TextStyle.plain
                if style != .plain { grid.fill(Rect(x: inner.x, y: inner.y + i, width: inner.width, height: 1), style: style) }
                grid.put(line, row: inner.y + i, column: inner.x + 1, maxWidth: inner.width - 1, style: style)
            }
            // Say so when there is more than fits.
            let hidden = (start > 0 ? "↑ " : "") + (start + inner.height < lines.count ? "↓ more " : "")
            if !hidden.isEmpty {
                let text = " " + hidden
                grid.put(text, row: rect.maxY - 1, column: rect.maxX - 2 - DisplayWidth.of(text), style: ShellApp.focusStyle)
            }
        }
        switch overlay {
        case .none:
            break
        case .relations(let rows, let cursor):
            let nameWidth = rows.map { DisplayWidth.of($0.relationship.name) }.max() ?? 4
            let kindWidth = rows.contains { $0.relationship.isInferred } ? 14 : 12   // room for `~ one-to-many`
            let targetWidth = rows.map { DisplayWidth.of($0.relationship.target.name) }.max() ?? 4
            // A to-one line names the row it points at (`AC/DC`), not `1`; every line says what
            // it goes through (a column, the child's column, a junction).
            let labels = relationLabels.mapValues { DisplayWidth.truncate($0, to: 32) }
            let countWidth = max(7, labels.values.map { DisplayWidth.of($0) }.max() ?? 0)
            let lines = rows.enumerated().map { i, row in
                let count = labels[i].map { DisplayWidth.pad($0, to: countWidth) }
                    ?? DisplayWidth.pad(DisplayWidth.pad(String(row.count), to: 7, alignRight: true), to: countWidth)
                return DisplayWidth.pad(row.relationship.name, to: nameWidth) + "  " + DisplayWidth.pad(Explorer.kindText(row.relationship), to: kindWidth)
                    + "  → " + DisplayWidth.pad(row.relationship.target.name, to: targetWidth) + "  " + count
                    + "  via " + Explorer.throughText(row.relationship)
            }
            let caption = (try? explorer.currentRecord()).flatMap { $0 }.map(explorer.rowCaption) ?? "Relations"
            box("Relations of \(caption) — Enter follows, Esc closes", lines, scroll: max(0, cursor - (height - 8)), highlight: cursor)
        case .detail(let text, let scroll):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrap(String($0), width: max(20, width - 10)) }
            box("Row detail — ↑↓ PgUp PgDn scroll, other keys close", lines, scroll: scroll)
        case .help(let scroll):
            var lines = ["Keys"]
            for binding in KeyMap.bindings { lines.append("  " + DisplayWidth.pad(binding.label, to: 12) + binding.summary) }
            lines.append("  letters     in the relations menu: jump to the first name starting with them")
            lines.append("")
            lines.append("Commands (at the : prompt, with -c, or on standard input)")
            for entry in explorer.helpText(nil).split(separator: "\n", omittingEmptySubsequences: false) { lines.append("  " + entry) }
            box("Help — ↑↓ PgUp PgDn scroll, other keys close", lines, scroll: scroll)
        case .output(let title, let text, let scroll):
            box(title, text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), scroll: scroll)
        case .confirmEdit(let edit):
            var lines = ["Run this statement inside the session? (y = yes, n or Esc = no)", ""]
            lines += wrap(edit.sql, width: max(30, width - 10))
            lines.append("arguments: [" + edit.arguments.map(\.description).joined(separator: ", ") + "]")
            lines.append("")
            lines.append("Nothing reaches the file until :commit.")
            box("Edit \(edit.column)", lines, scroll: 0)
        case .confirmWrite(let write):
            var lines = ["Run inside the session? (y = yes, any other key = no)", ""]
            for statement in write.statements { lines += wrap(statement, width: max(30, width - 10)) }
            if let cascade = write.cascade {
                lines.append("")
                lines += cascade.lines.isEmpty ? ["no other rows are deleted or changed by foreign keys"] : cascade.lines.flatMap { wrap($0, width: max(30, width - 10)) }
            }
            lines.append("")
            lines.append("Nothing reaches the file until :commit.")
            box(write.title.prefix(1).uppercased() + write.title.dropFirst(), lines, scroll: 0)
        case .insertForm(let form):
            let labelWidth = form.fields.map { DisplayWidth.of($0.column) }.max() ?? 0
            var lines = ["Tab/Shift-Tab move · type a value (NULL, 42, 'text') · Enter shows the INSERT · Esc cancels", ""]
            for (i, field) in form.fields.enumerated() {
                let value = field.text.isEmpty ? (i == form.focus ? "▏" : "") + "‹\(field.placeholder)›" : field.text + (i == form.focus ? "▏" : "")
                lines.append(DisplayWidth.pad(field.column, to: labelWidth) + "  " + value)
            }
            box("New row of \(form.table)", lines, scroll: max(0, form.focus + 2 - (height - 8)), highlight: form.focus + 2)
        case .confirmQuit:
            box("Quit?", ["\(explorer.pendingChanges) uncommitted change(s) will be rolled back.", "", "y = quit and discard · any other key = stay"], scroll: 0)
        }
    }
}
