// ShellRenderer: the grid pane — which columns fit, their widths, cells, labels and the position marker.

import Amigo

extension ShellRenderer {
    /// Column widths and the cell texts of the visible rows.
    struct GridContent {
        var columns: [Int] = []      // indices of visible columns
        var widths: [Int] = []
        var cells: [[String]] = []   // [row][visible column]
        var nulls: [[Bool]] = []
        var numbers: [[Bool]] = []   // cells that are a number alone (right-aligned)
        var hiddenLeft = 0           // columns scrolled away on the left (not counting pinned keys)
        var hiddenRight = 0          // columns that do not fit on the right
        var pinnedCount = 0          // columns pinned at the left (the first of `columns`)
        var hiddenByUser = 0         // columns hidden with `-` or `hide`
        var computed: String?        // the computed sort value's column name (`albums.@count`), if shown
    }

    /// The first screen's menu under the grid's hint: the tables a digit opens, numbered, with
    /// their row counts (as many as the pane has room for).
    func drawTableNumbers(_ grid: inout ScreenGrid, in box: Rect) {
        let tables = explorer.tables
        let rows = TableNumbers.shownCount(of: tables, in: box)
        guard rows > 0 else { return }
        grid.put("Or press its number:", row: box.y + 3, column: box.x + 2, maxWidth: box.width - 4, style: ShellRenderer.dimStyle)
        let names = tables.prefix(rows).map { $0.listMark + $0.name }
        let counts = tables.prefix(rows).map(\.countText)
        let countWidth = counts.map(DisplayWidth.of).max() ?? 0
        let nameWidth = max(1, min(names.map(DisplayWidth.of).max() ?? 0, box.width - countWidth - 12))
        for (i, name) in names.enumerated() {
            let row = box.y + 4 + i
            grid.put("\(i + 1)", row: row, column: box.x + 4, style: TextStyle(.bold))
            grid.put(DisplayWidth.truncate(name, to: nameWidth), row: row, column: box.x + 7, maxWidth: nameWidth)
            let countColumn = box.x + 9 + nameWidth + countWidth - DisplayWidth.of(counts[i])
            grid.put(counts[i], row: row, column: countColumn, maxWidth: max(0, box.maxX - 1 - countColumn), style: ShellRenderer.dimStyle)
        }
    }

    /// Draws the grid pane from `content` (prepared by ``prepareGrid(_:)``); reads nothing.
    func drawGrid(_ grid: inout ScreenGrid, _ layout: ShellLayout, _ content: GridContent?) {
        let box = layout.grid
        guard let view = explorer.current, let content else {
            grid.drawBox(box, title: "Grid", style: boxStyle(.grid))
            grid.put("Choose a table and press Enter (or :open NAME).", row: box.y + 2, column: box.x + 2, maxWidth: box.width - 4, style: ShellRenderer.dimStyle)
            if TableNumbers.areShown(in: explorer) { drawTableNumbers(&grid, in: box) }
            return
        }
        var title = view.title
        if let filter = view.filter { title += " · filter: \(filter)" }
        if let order = view.orderText { title += " · order: \(order)" }
        grid.drawBox(box, title: title, style: boxStyle(.grid))
        let inner = box.inset(by: 1)
        let computed = content.computed
        // Header.
        var x = inner.x
        let columnModels = view.modelColumns
        for (i, column) in content.columns.enumerated() {
            let name = column < view.columns.count ? view.columns[column] : (computed ?? "")
            var header = name
            if column < columnModels.count {
                if columnModels[column].primaryKey { header += "*" }
                // A link inferred from names (not declared in the file) is marked `~→`, as in the relations menu.
                if columnModels[column].foreignKey != nil {
                    header += "→"
                } else if isForeignKey(view, column) {
                    header += isInferredLink(view, column) ? "~→" : "→"
                }
            }
            var style = ShellRenderer.headerStyle
            if column == view.cursorColumn && focus == .grid { style.attributes.insert(.underline) }
            // Over a column of numbers, the header is right-aligned as they are.
            let numeric = content.cells.indices.contains { content.numbers[$0][i] }
                && content.cells.indices.allSatisfy { content.numbers[$0][i] || content.nulls[$0][i] }
            grid.put(DisplayWidth.pad(header, to: content.widths[i], alignRight: numeric && DisplayWidth.of(header) <= content.widths[i]),
                     row: inner.y, column: x, maxWidth: min(content.widths[i], inner.maxX - x), style: style)
            x += content.widths[i] + ShellRenderer.columnGap
        }
        grid.put(String(repeating: "─", count: inner.width), row: inner.y + 1, column: inner.x, style: ShellRenderer.dimStyle)
        // Rows.
        for (r, cells) in content.cells.enumerated() {
            let absolute = view.topRow + r
            let y = inner.y + 2 + r
            let isCursorRow = absolute == view.cursorRow
            if isCursorRow && focus == .grid { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: ShellRenderer.cursorStyle) }
            x = inner.x
            for (i, text) in cells.enumerated() {
                let column = content.columns[i]
                var style: TextStyle = content.nulls[r][i] ? ShellRenderer.nullStyle : (isForeignKey(view, column) ? ShellRenderer.foreignStyle : .plain)
                if isCursorRow && focus == .grid { style = column == view.cursorColumn ? ShellRenderer.cellStyle : ShellRenderer.cursorStyle }
                let number = content.numbers[r][i] && DisplayWidth.of(text) <= content.widths[i]
                grid.put(DisplayWidth.pad(text, to: content.widths[i], alignRight: number), row: y, column: x, maxWidth: min(content.widths[i], inner.maxX - x), style: style)
                x += content.widths[i] + ShellRenderer.columnGap
            }
        }
        if view.totalCount == 0 {
            grid.put(view.filter == nil ? "(no rows)" : "(no rows match the filter)", row: inner.y + 2, column: inner.x, style: ShellRenderer.dimStyle)
        }
        // Columns off screen: counted on the bottom border, at the left.
        if content.hiddenLeft > 0 || content.hiddenRight > 0 || content.pinnedCount > 0 || content.hiddenByUser > 0 {
            var parts: [String] = []
            if content.pinnedCount > 0 { parts.append("\(content.pinnedCount) pinned") }
            if content.hiddenByUser > 0 { parts.append("\(content.hiddenByUser) hidden (~ shows)") }
            if content.hiddenLeft > 0 { parts.append("◀ \(content.hiddenLeft) more") }
            if content.hiddenRight > 0 { parts.append("\(content.hiddenRight) more ▶") }
            let text = " columns: " + parts.joined(separator: " · ") + " "
            grid.put(text, row: box.maxY - 1, column: box.x + 2, maxWidth: max(0, box.width - 16), style: boxStyle(.grid))
        }
        // Position marker at the bottom border.
        let marker = " \(view.totalCount == 0 ? 0 : view.cursorRow + 1)/\(view.totalCount)\(view.countIsExact ? "" : "+") "
        grid.put(marker, row: box.maxY - 1, column: max(box.x + 1, box.maxX - 2 - DisplayWidth.of(marker)), style: boxStyle(.grid))
    }

    /// Whether every to-one relationship through this column was inferred rather than declared.
    func isInferredLink(_ view: BrowseView, _ column: Int) -> Bool {
        guard let model = view.model, column < view.modelColumns.count else { return false }
        let c = view.modelColumns[column]
        let links = model.relationships.filter { $0.kind == .toOne && $0.sourceColumns.contains { $0 === c } }
        return !links.isEmpty && links.allSatisfy(\.isInferred)
    }

    func isForeignKey(_ view: BrowseView, _ column: Int) -> Bool {
        guard let model = view.model, column < view.modelColumns.count else { return false }
        let c = view.modelColumns[column]
        return model.relationships.contains { $0.kind == .toOne && $0.sourceColumns.contains { $0 === c } }
    }

    /// Decides which columns fit, from the current column's neighbourhood, and their widths.
    func columnLayout(view: BrowseView, values: [[DatabaseValue]], width: Int, computed: String? = nil) -> GridContent {
        var content = GridContent()
        let gap = ShellRenderer.columnGap
        let count = view.columns.count
        // The computed order's column, if any, is index `count`: pinned after the key columns.
        let names = view.columns + (computed.map { [$0] } ?? [])
        guard count > 0 else { return content }
        var labels: [Int: [DatabaseValue: String]] = [:]
        /// How wide a foreign key's label may be: 24 while the columns are laid out, then as much
        /// as the room left over allows.
        var labelRoom: [Int: Int] = [:]
        // Each column's form: PostgreSQL's booleans read `true`/`false`, its decimals are numbers.
        let forms = explorer.valueForms(of: view)
        let layout = explorer.columnControl.columnLayout(of: view)
        func text(_ row: [DatabaseValue], _ column: Int) -> String {
            guard column < row.count else { return "" }
            let value = row[column]
            var shown = ValueText.display(value, form: ValueText.form(forms, column))
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
            // A width set by hand (`<`, `>`, `width COL N`) wins.
            if column < count, let set = layout.widths[view.columns[column]] { w = set }
            return max(3, min(w, max(3, width)))
        }
        // The columns shown, in order: those the user pinned first, then the others; hidden
        // ones left out (``ColumnLayout``). Positions below are indices into `shown`.
        let shown = layout.sequence(of: view.columns)
        let fixed = layout.pinnedCount(of: view.columns)
        var position: [Int: Int] = [:]
        for (p, column) in shown.enumerated() { position[column] = p }
        // A view opened on a column its table hides (the first, say) starts on the first shown.
        if position[view.cursorColumn] == nil, let first = shown.first { view.cursorColumn = first }
        // The key columns stay at the left while the grid is scrolled sideways, as a spreadsheet
        // freezes them, unless they would take more than half the width; pinned ones always do.
        let keys = view.modelColumns.indices.filter { view.modelColumns[$0].primaryKey }
        func pinned(left: Int) -> [Int] {
            let columns = shown[fixed..<max(fixed, left)].filter { keys.contains($0) }
            let taken = columns.reduce(0) { $0 + widthOf($1) + gap }
            let kept = Array(shown[0..<fixed]) + (taken <= width / 2 ? columns : [])
            guard computed != nil else { return kept }
            // The computed column sits right after the key columns (which stay in place when
            // the grid is not scrolled).
            return left == fixed ? Array(shown[0..<fixed]) : kept + [count]
        }
        func room(left: Int) -> Int { width - pinned(left: left).reduce(0) { $0 + widthOf($1) + gap } }
        // Scroll horizontally so the current column is visible.
        var left = max(fixed, position[view.leftColumn] ?? fixed)
        let cursor = position[view.cursorColumn] ?? fixed
        if cursor >= fixed && cursor < left { left = cursor }
        while cursor >= fixed && left < shown.count {
            var used = 0
            var fits = false
            for p in left..<shown.count {
                used += widthOf(shown[p]) + gap
                if p == cursor { fits = used - gap <= room(left: left) || p == left; break }
            }
            if fits || left >= cursor { break }
            left += 1
        }
        // Never leave room unused on the right while columns are scrolled away on the left (after
        // the terminal grew, say): scroll back as far as everything from there on still fits.
        while left > fixed,
              (left - 1..<shown.count).reduce(0, { $0 + widthOf(shown[$1]) + gap }) - gap <= room(left: left - 1) {
            left -= 1
        }
        if left < shown.count { view.leftColumn = shown[left] }
        var used = 0
        for column in pinned(left: left) {
            content.columns.append(column)
            content.widths.append(widthOf(column))
            used += widthOf(column) + gap
        }
        var order = Array(shown[min(left, shown.count)...])
        if computed != nil && left == fixed {
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
                if room >= ShellRenderer.minimumPartialColumnWidth {
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
        let cut = content.columns.contains { !labels[$0, default: [:]].isEmpty } && content.columns.last == shown.last
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
        let shownPositions = content.columns.compactMap { position[$0] }
        content.hiddenLeft = left - shownPositions.filter { $0 < left }.count
        content.hiddenRight = max(0, shown.count - 1 - (shownPositions.max() ?? shown.count - 1))
        content.pinnedCount = fixed
        content.hiddenByUser = count - shown.count
        for row in values {
            content.cells.append(content.columns.map { text(row, $0) })
            content.nulls.append(content.columns.map { $0 < row.count && row[$0].isNull })
            content.numbers.append(content.columns.map { column in
                guard column < row.count else { return false }
                guard ValueText.isNumber(row[column], form: ValueText.form(forms, column)) else { return false }
                return labels[column]?[row[column]].map(\.isEmpty) ?? true
            })
        }
        return content
    }
}
