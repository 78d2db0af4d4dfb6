/// Formats rows as aligned plain text for text mode:
///
///     AlbumId  Title                                  ArtistId
///     -------  -------------------------------------  --------
///     1        For Those About To Rock We Salute You  1
package enum TextTable {
    /// The rows under a header, each column as wide as its widest cell (capped at `maxWidth`);
    /// the columns marked in `rightAligned` padded on the left.
    public static func render(header: [String], rows: [[String]], maxWidth: Int = 60, rightAligned: [Bool] = []) -> String {
        let clean = rows.map { $0.map { DisplayWidth.sanitize($0) } }
        let widths = widths(header: header, rows: clean, maxWidth: maxWidth)
        var lines = [line(header, widths: widths, rightAligned: rightAligned), rule(widths)]
        lines += clean.map { line($0, widths: widths, rightAligned: rightAligned) }
        return lines.joined(separator: "\n")
    }

    /// Each column's width: its widest cell or header, capped at `maxWidth`.
    static func widths(header: [String], rows: [[String]], maxWidth: Int = 60) -> [Int] {
        var widths = header.map { DisplayWidth.of($0) }
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = min(maxWidth, max(widths[i], DisplayWidth.of(cell))) }
        }
        return widths
    }

    /// One line of cells padded to `widths` (two spaces apart), each cell cut to its width, or
    /// with `overflow` written whole (pushing the rest of the line right) when it is wider. A
    /// column marked in `rightAligned` is padded on the left.
    static func line(_ cells: [String], widths: [Int], overflow: Bool = false, rightAligned: [Bool] = []) -> String {
        var out = ""
        for (i, cell) in cells.enumerated() where i < widths.count {
            let isLast = i == widths.count - 1
            if overflow, DisplayWidth.of(cell) > widths[i] {
                out += isLast ? cell : cell + "  "
            } else if i < rightAligned.count, rightAligned[i] {
                out += DisplayWidth.pad(cell, to: widths[i], alignRight: true) + (isLast ? "" : "  ")
            } else {
                out += isLast ? DisplayWidth.truncate(cell, to: widths[i]) : DisplayWidth.pad(cell, to: widths[i]) + "  "
            }
        }
        return out
    }

    /// The `-------  -----` line under the header.
    static func rule(_ widths: [Int]) -> String {
        line(widths.map { String(repeating: "-", count: $0) }, widths: widths)
    }
}
