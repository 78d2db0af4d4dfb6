/// Boxes (``SchemaMapText/boxes(_:maxWidth:)``) placed side by side to fit a width: as many
/// columns as fit, the boxes in reading order, row after row, each row as tall as its tallest
/// box. Remembers where each box starts, so that a cursor can point at one.
package struct SchemaMapLayout: Sendable, Equatable {
    /// Where a box starts: its top line and its first column.
    package struct Anchor: Sendable, Equatable {
        /// The line of its top border.
        public let line: Int
        /// The column of its left border.
        public let column: Int
        /// Its width in cells.
        public let width: Int
    }

    /// The picture, line by line.
    public let lines: [String]
    /// Where each box starts, in the order of the boxes.
    package let anchors: [Anchor]
    /// How many boxes each row holds.
    public let columns: Int

    /// Lays `boxes` out in `width` cells, `gap` cells between columns.
    package init(boxes: [[String]], width: Int, gap: Int = 2) {
        let boxWidth = boxes.flatMap { $0.map { DisplayWidth.of($0) } }.max() ?? 0
        let columns = max(1, (width + gap) / max(1, boxWidth + gap))
        var lines: [String] = []
        var anchors: [Anchor] = []
        var start = 0
        while start < boxes.count {
            let row = Array(boxes[start..<min(boxes.count, start + columns)])
            let height = row.map(\.count).max() ?? 0
            for (i, box) in row.enumerated() {
                anchors.append(Anchor(line: lines.count, column: i * (boxWidth + gap), width: DisplayWidth.of(box.first ?? "")))
            }
            for lineIndex in 0..<height {
                let parts = row.map { box in DisplayWidth.pad(lineIndex < box.count ? box[lineIndex] : "", to: boxWidth) }
                var line = parts.joined(separator: String(repeating: " ", count: gap))
                while line.hasSuffix(" ") { line.removeLast() }
                lines.append(line)
            }
            start += columns
        }
        self.lines = lines
        self.anchors = anchors
        self.columns = columns
    }
}
