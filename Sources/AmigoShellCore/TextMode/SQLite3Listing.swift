/// sqlite3's `.tables` listing: the names in byte order, laid out in columns down then across
/// an 80-column line, each name padded to the longest, two spaces between columns:
///
///     Album          Employee       InvoiceLine    PlaylistTrack
///     Artist         Genre          MediaType      Track
///     Customer       Invoice        Playlist
///
/// and the `LIKE` matching of `.tables PATTERN` (`%` any text, `_` one character, ASCII letters
/// in any case, as SQLite's `LIKE`).
enum SQLite3Listing {
    /// The lines sqlite3's `.tables` prints for `names` (each ending in a line break).
    static func columns(_ names: [String]) -> String {
        let sorted = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        guard !sorted.isEmpty else { return "" }
        let width = sorted.map { DisplayWidth.of($0) }.max() ?? 0
        let perLine = max(1, 80 / (width + 2))
        let lines = (sorted.count + perLine - 1) / perLine
        var text = ""
        for line in 0..<lines {
            var index = line
            while index < sorted.count {
                let name = sorted[index]
                text += (index < lines ? "" : "  ") + name + String(repeating: " ", count: max(0, width - DisplayWidth.of(name)))
                index += lines
            }
            text += "\n"
        }
        return text
    }

    /// Whether `name` matches the `LIKE` pattern `pattern` (`%`, `_`; ASCII case ignored).
    static func matches(_ name: String, like pattern: String) -> Bool {
        let text = Array(name.lowercased()), glob = Array(pattern.lowercased())
        // Classic wildcard matching with one backtrack point for the last `%` (linear-ish, no recursion).
        var t = 0, g = 0, star = -1, mark = 0
        while t < text.count {
            if g < glob.count, glob[g] == "_" || glob[g] == text[t], glob[g] != "%" {
                t += 1; g += 1
            } else if g < glob.count, glob[g] == "%" {
                star = g; mark = t; g += 1
            } else if star >= 0 {
                g = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while g < glob.count, glob[g] == "%" { g += 1 }
        return g == glob.count
    }
}
