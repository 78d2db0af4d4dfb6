// ShellRenderer: the echo pane, the status line, and shortening text (breadcrumb, tails) to fit them.

import Amigo

extension ShellRenderer {
    /// Draws the echo pane: the statements the session ran (``EchoPane``: bookkeeping dimmed, the
    /// statement that answered a key in SQL's colours, the selected one in reverse when the pane
    /// has focus), newest at the bottom, scrolled back by `scroll` lines (the app's, as
    /// ``FrameLayout`` clamped it).
    func drawEcho(_ grid: inout ScreenGrid, _ box: Rect, scroll: Int) {
        grid.drawBox(box, title: explorer.isEchoOn ? "SQL echo" : "SQL echo (off)", style: boxStyle(.echo))
        let inner = box.inset(by: 1)
        guard inner.width > EchoPaneLines.minimumWidth else { return }
        let pane = EchoPaneCache.shared.pane(of: explorer.echoLog, width: inner.width)
        // With the pane focused, the lowest statement that answered a key is selected: `y` copies it.
        let selected = focus == .echo ? pane.selected(scroll: scroll, height: inner.height) : nil
        for (i, line) in pane.visible(scroll: scroll, height: inner.height).enumerated() {
            var column = 0
            for piece in line.pieces where column < inner.width {
                var style = piece.style
                if line.event == selected { style.attributes.insert(.reverse) }
                grid.put(piece.text, row: inner.y + i, column: inner.x + column, maxWidth: inner.width - column, style: style)
                column += DisplayWidth.of(piece.text)
            }
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

    /// Splits `text` into lines of at most `width` columns, at the spaces between words
    /// (``WordWrap``): SQL in the echo pane and long text in the row detail read unbroken.
    func wrap(_ text: String, width: Int) -> [String] {
        EchoPaneLines.wrap(text, width: width)
    }

    func drawStatus(_ grid: inout ScreenGrid, _ layout: ShellLayout) {
        let row = layout.status.y
        grid.fill(layout.status, style: TextStyle(.reverse))
        let pending = explorer.pendingChanges
        // Changes counted, then their rows (`tx: 3 changes, 1297 rows`); rows the log does not
        // account for (none, normally) are counted as they always were.
        let log = explorer.changeLog
        var tx = pending == 0 ? "tx: no changes" : log.isEmpty ? "tx: \(pending) uncommitted" : "tx: " + log.statusText
        // A transaction held open with changes keeps locks on the server: its age is shown
        // once it is worth a look (not in the seconds an edit and its commit take).
        if let age = explorer.pendingTransactionAge(), age >= ShellApp.transactionAgeShownAfter {
            tx = "open \(Explorer.ageText(age)) · " + tx
        }
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
        if !message.isEmpty, DisplayWidth.of(left) > room, room > 20 {
            // Cut: say where the rest is.
            left = DisplayWidth.truncate(left, to: room - 7) + " M all"
        }
        let style = messageIsError ? TextStyle([.reverse, .bold], color: .red) : TextStyle(.reverse)
        grid.put(left, row: row, column: 0, maxWidth: room, style: style)
        grid.put(right, row: row, column: layout.status.width - rightWidth, style: TextStyle([.reverse, .bold], color: pending > 0 ? .yellow : .normal))
    }
}
