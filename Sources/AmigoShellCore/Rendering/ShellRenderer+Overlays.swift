// ShellRenderer: the pop-ups drawn over the grid (relations, help, previews, confirmations).

import Amigo

extension ShellRenderer {
    /// Draws the open overlay over the panes.
    func drawOverlay(_ grid: inout ScreenGrid, width: Int, height: Int, frame: Rect, caption: String?) {
        func box(_ title: String, _ lines: [String], scroll: Int, highlight: Int? = nil, footer: String? = nil) {
            // As wide as the widest line, the footer (the keys that work in it) and the title,
            // within the screen; inside the grid's frame when the lines fit there (the panes'
            // borders stay whole; a long title is cut rather than widening the box past them),
            // else centred on the screen.
            let inside = frame.inset(by: 1)
            let content = max(40, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4, footer.map { DisplayWidth.of($0) + 14 } ?? 0)
            var w = min(width - 4, max(content, DisplayWidth.of(title) + 6))
            if content <= inside.width { w = min(w, inside.width) }
            let h = min(height - 4, lines.count + 2)
            let rect = w <= inside.width && h <= inside.height
                ? Rect(x: inside.x + (inside.width - w) / 2, y: inside.y + (inside.height - h) / 2, width: w, height: h)
                : Rect(x: (width - w) / 2, y: max(1, (height - h) / 2), width: w, height: h)
            grid.fill(rect)
            grid.drawBox(rect, title: title, style: ShellRenderer.focusStyle)
            let inner = rect.inset(by: 1)
            let start = min(scroll, max(0, lines.count - inner.height))
            for (i, line) in lines.dropFirst(start).prefix(inner.height).enumerated() {
                let style = highlight == start + i ? ShellRenderer.cursorStyle : TextStyle.plain
                if style != .plain { grid.fill(Rect(x: inner.x, y: inner.y + i, width: inner.width, height: 1), style: style) }
                grid.put(line, row: inner.y + i, column: inner.x + 1, maxWidth: inner.width - 1, style: style)
            }
            // The keys that work here, on the bottom border at the left.
            if let footer {
                grid.put(" " + footer + " ", row: rect.maxY - 1, column: rect.x + 2, maxWidth: max(0, rect.width - 12), style: ShellRenderer.focusStyle)
            }
            // Say so when there is more than fits.
            let hidden = (start > 0 ? "↑ " : "") + (start + inner.height < lines.count ? "↓ more " : "")
            if !hidden.isEmpty {
                let text = " " + hidden
                grid.put(text, row: rect.maxY - 1, column: rect.maxX - 2 - DisplayWidth.of(text), style: ShellRenderer.focusStyle)
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
            /// The lines with labels cut to `labelRoom`.
            func lines(labelRoom: Int) -> [String] {
                let labels = relationLabels.mapValues { DisplayWidth.truncate($0, to: labelRoom) }
                let countWidth = max(7, labels.values.map { DisplayWidth.of($0) }.max() ?? 0)
                return rows.enumerated().map { i, row in
                    let count = labels[i].map { DisplayWidth.pad($0, to: countWidth) }
                        ?? DisplayWidth.pad(DisplayWidth.pad(String(row.count), to: 7, alignRight: true), to: countWidth)
                    // The number that follows the line at once (as on the links line).
                    let number = i < RowLinks.numberedLimit ? "\(i + 1) " : "  "
                    return number + DisplayWidth.pad(row.relationship.name, to: nameWidth) + "  " + DisplayWidth.pad(Explorer.kindText(row.relationship), to: kindWidth)
                        + "  → " + DisplayWidth.pad(row.relationship.target.name, to: targetWidth) + "  " + count
                        + "  via " + Explorer.throughText(row.relationship)
                }
            }
            // Labels are cut (to 12 at least) so that the box stays inside the grid's frame;
            // what still does not fit is cut at the end of each line.
            let room = frame.inset(by: 1).width - 4
            let labelRoom = stride(from: 32, through: 12, by: -2).first { lines(labelRoom: $0).allSatisfy { DisplayWidth.of($0) <= room } } ?? 12
            let lines = lines(labelRoom: labelRoom).map { DisplayWidth.of($0) <= room ? $0 : DisplayWidth.truncate($0, to: max(20, room)) }
            box(caption.map { "Relations of \($0)" } ?? "Relations", lines, scroll: max(0, cursor - (height - 8)), highlight: cursor,
                footer: "Enter or 1-9 follows · Esc closes")
        case .schemaMap(let browser):
            // Most of the screen: the map is as wide as the terminal lets it be.
            browser.draw(&grid, in: SchemaMapBrowser.rect(width: width, height: height), frameStyle: ShellRenderer.focusStyle,
                         cursorStyle: ShellRenderer.cursorStyle)
        case .entityPage(let browser):
            box("Page of " + browser.lines[0].text, browser.lines.dropFirst().map(\.text), scroll: max(0, browser.cursor - 1 - (height - 8)),
                highlight: browser.cursor - 1, footer: EntityPageBrowser.footer)
        case .history(let browser):
            let lines = browser.lines().map { DisplayWidth.sanitize($0) }
            box("History — \(Plural.count(lines.count, "command")) this session", lines.isEmpty ? ["(nothing ran yet this session)"] : lines,
                scroll: max(0, browser.cursor - (height - 8)), highlight: lines.isEmpty ? nil : browser.cursor, footer: HistoryBrowser.footer)
        case .frequencies(let profile, let cursor):
            let lines = FrequencyText.lines(profile, valueWidth: max(10, min(40, frame.inset(by: 1).width - 50)))
            box("Frequencies of \(profile.column) — " + FrequencyText.summary(profile), lines.isEmpty ? ["(no rows)"] : lines,
                scroll: max(0, cursor - (height - 8)), highlight: cursor, footer: "Enter keeps the rows with this value · Esc closes")
        case .foldingDetail(let browser):
            // Each line wrapped; the cursor is on the first piece of its line.
            let wrapped = browser.lines.map { wrap($0, width: max(20, width - 10)) }
            let highlight = wrapped.prefix(browser.cursor).reduce(0) { $0 + $1.count }
            box("Row detail — ↑↓ move, other keys close", wrapped.flatMap { $0 }, scroll: max(0, highlight - (height - 8)),
                highlight: highlight, footer: DetailBrowser.footer)
        case .detail(let text, let scroll):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrap(String($0), width: max(20, width - 10)) }
            box("Row detail — ↑↓ PgUp PgDn scroll, other keys close", lines, scroll: scroll)
        case .help(let scroll):
            var lines = ["Keys"]
            for binding in KeyMap.bindings { lines.append("  " + DisplayWidth.pad(binding.label, to: 12) + binding.summary) }
            lines.append("  letters     in the relations menu: jump to the first name starting with them; a number follows that line")
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
            lines.append("Nothing is kept until :commit.")
            box("Edit \(edit.column)", lines, scroll: 0)
        case .confirmWrite(let write):
            var lines = ["Run inside the session? (y = yes, any other key = no)", ""]
            for statement in write.statements { lines += wrap(statement, width: max(30, width - 10)) }
            if let rows = write.rowsIfRun {
                lines.append("")
                lines.append("It will change \(Plural.count(rows, "row")) (counted by running it and undoing it).")
            }
            if let cascade = write.cascade {
                lines.append("")
                lines += cascade.lines.isEmpty ? ["no other rows are deleted or changed by foreign keys"] : cascade.lines.flatMap { wrap($0, width: max(30, width - 10)) }
            }
            lines.append("")
            lines.append("Nothing is kept until :commit.")
            box(write.title.prefix(1).uppercased() + write.title.dropFirst(), lines, scroll: 0)
        case .insertForm(let form):
            let labelWidth = form.fields.map { DisplayWidth.of($0.column) }.max() ?? 0
            var lines = ["Tab/Shift-Tab move · type a value (NULL, 42, 'text') · Enter shows the INSERT · Esc cancels", ""]
            for (i, field) in form.fields.enumerated() {
                let value = field.text.isEmpty ? (i == form.focus ? "▏" : "") + "‹\(field.placeholder)›" : field.text + (i == form.focus ? "▏" : "")
                lines.append(DisplayWidth.pad(field.column, to: labelWidth) + "  " + value)
            }
            box(form.title, lines, scroll: max(0, form.focus + 2 - (height - 8)), highlight: form.focus + 2)
        case .confirmQuit:
            box("Quit?", ["\(explorer.pendingChanges) uncommitted change(s) will be rolled back.", "", "y = quit and discard · any other key = stay"], scroll: 0)
        case .confirmReconnect(let reason):
            var lines = wrap(reason, width: max(30, width - 10)) + [""]
            if let lost = explorer.lostChangesText {
                lines += wrap(lost.prefix(1).uppercased() + lost.dropFirst() + ".", width: max(30, width - 10))
            }
            lines.append("y or Enter = connect again · any other key = stay (:reconnect later)")
            box("Connection lost", lines, scroll: 0)
        }
    }
}
