// ShellRenderer: the line above the status line that lists what the current row is connected to.

import Amigo

extension ShellRenderer {
    /// Draws the current row's links (as prepared for the frame) in `line`: `1 artist → AC/DC  2 tracks 10 …`, each number
    /// in the header's style (the digit key follows it). Labels and counts appear once read;
    /// until then the names alone, dimmed. When they do not all fit, the to-one labels are cut
    /// (from their whole length down to 8 columns), then left out, then the line ends in `… r` (the relations menu lists
    /// them all).
    func drawRowLinks(_ grid: inout ScreenGrid, _ links: RowLinks?, in line: Rect) {
        guard let links else {
            if let model = explorer.current?.model, model.relationships.isEmpty, explorer.current?.totalCount ?? 0 > 0 {
                grid.put(" no relationships: no foreign key leads from or to \(DisplayWidth.sanitize(model.name))", row: line.y, column: line.x,
                         maxWidth: line.width, style: ShellRenderer.dimStyle)
            }
            return
        }
        let more = "… r"
        let shown = Array(links.links.prefix(RowLinks.numberedLimit))
        let start = line.x + 1
        /// The text after the number; labels cut to `room` (0: left out).
        func text(_ link: RowLinks.Link, labelRoom room: Int) -> String {
            var text = " " + DisplayWidth.sanitize(link.name)
            if link.isToOne {
                if links.isComplete && room > 0 {
                    text += " → " + (link.label.map { DisplayWidth.truncate(DisplayWidth.sanitize($0), to: room) } ?? "(none)")
                }
            } else if let count = link.count {
                text += " \(count)"
            }
            return text
        }
        func width(labelRoom room: Int) -> Int {
            shown.enumerated().reduce(0) { $0 + DisplayWidth.of("\($1.offset + 1)" + text($1.element, labelRoom: room)) + 2 }
                + (links.links.count > shown.count ? DisplayWidth.of(more) : 0)
        }
        // Labels as long as the line has room for (a product's whole name), cut only when needed.
        let longest = links.links.compactMap { $0.label.map { DisplayWidth.of(DisplayWidth.sanitize($0)) } }.max() ?? 8
        let labelRoom = stride(from: max(8, min(longest, line.width)), through: 8, by: -1).first { width(labelRoom: $0) <= line.maxX - start } ?? 0
        var x = start
        for (i, link) in shown.enumerated() {
            let number = "\(i + 1)"
            let text = text(link, labelRoom: labelRoom)
            let followed = i < links.links.count - 1
            // Room for this one, and for `… r` after it when more follow.
            guard x + DisplayWidth.of(number + text) + (followed ? 2 + DisplayWidth.of(more) : 0) <= line.maxX else {
                grid.put(more, row: line.y, column: x, maxWidth: max(0, line.maxX - x), style: ShellRenderer.dimStyle)
                return
            }
            grid.put(number, row: line.y, column: x, style: ShellRenderer.headerStyle)
            grid.put(text, row: line.y, column: x + DisplayWidth.of(number), style: links.isComplete ? .plain : ShellRenderer.dimStyle)
            x += DisplayWidth.of(number + text) + 2
        }
        if links.links.count > shown.count { grid.put(more, row: line.y, column: x, maxWidth: max(0, line.maxX - x), style: ShellRenderer.dimStyle) }
    }
}
