/// Formats rows as aligned plain text for text mode:
///
///     AlbumId  Title                                  ArtistId
///     -------  -------------------------------------  --------
///     1        For Those About To Rock We Salute You  1
public enum TextTable {
    /// The rows under a header, each column as wide as its widest cell (capped at `maxWidth`).
    public static func render(header: [String], rows: [[String]], maxWidth: Int = 60) -> String {
        let clean = rows.map { $0.map { DisplayWidth.sanitize($0) } }
        var widths = header.map { DisplayWidth.of($0) }
        for row in clean {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = min(maxWidth, max(widths[i], DisplayWidth.of(cell))) }
        }
        func line(_ cells: [String]) -> String {
            var out = ""
            for (i, cell) in cells.enumerated() where i < widths.count {
                let isLast = i == widths.count - 1
                out += isLast ? DisplayWidth.truncate(cell, to: widths[i]) : DisplayWidth.pad(cell, to: widths[i]) + "  "
            }
            return out
        }
        var lines = [line(header), line(widths.map { String(repeating: "-", count: $0) })]
        lines += clean.map(line)
        return lines.joined(separator: "\n")
    }
}
