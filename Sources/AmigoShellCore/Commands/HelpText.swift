import Foundation

/// The text of `help`: the command list from the command table, or one command's line, and the
/// filter language.
package enum HelpText {
    /// The command list, or one command's line.
    public static func text(_ topic: String?) -> String {
        let entries = CommandParser.help.filter { topic == nil || $0.usage.lowercased().hasPrefix(topic!.lowercased()) }
        let width = entries.map { DisplayWidth.of($0.usage) }.max() ?? 0
        var lines = entries.map { DisplayWidth.pad($0.usage, to: width) + "  " + $0.summary }
        if topic == nil {
            lines.append("")
            lines.append("Filters use the ORM's filter language: = != < <= > >= AND OR NOT, IN {1,2}, BETWEEN {1,5},")
            lines.append("LIKE 'a*', BEGINSWITH / ENDSWITH / CONTAINS[c] 'x', IS NULL, and paths such as artist.Name = 'AC/DC'.")
            lines.append("help filter describes it in full.")
        } else if ["filter", "f", "where"].contains(topic!.lowercased()) {
            lines += [""] + HelpText.filterLanguage
        }
        return lines.joined(separator: "\n")
    }

    /// `help filter`: the filter language, as the README's table gives it.
    package static let filterLanguage = [
        "The filter language (every constant is bound as a ? parameter):",
        "  Name = 'Rock'   == != <> < <= > >=          compare with text ('it''s' or 'it\\'s'), numbers, nil, TRUE/FALSE",
        "  a = 1 AND (b = 2 OR NOT c = 3)             also && || !",
        "  GenreId IN {1, 2}   Milliseconds BETWEEN {100000, 200000}",
        "  Name LIKE 'Rock*'                           * and ? wildcards, case-sensitive (LIKE[c]: any case)",
        "  Name BEGINSWITH 'A'   ENDSWITH   CONTAINS   add [c] for any case, [d] to ignore accents, [cd] both",
        "  Name MATCHES '[A-Z].*'                      a regular expression matching the whole value",
        "  Composer = nil   Composer IS NULL   Composer != nil",
        "  a != 1 skips rows where a is NULL (SQL's three-valued logic): add OR a = nil to keep them",
        "  album.artist.Name = 'AC/DC'                 to-one paths follow foreign keys (relations lists the names)",
        "  tracks.Name CONTAINS 'Love'                 to-many paths: rows with at least one such related row",
        "  albums = nil   albums != nil                rows without / with any related row",
        "  albums.@count > 5                           how many related rows (each counted once)",
        "  `Unit Price` > 10                           backquotes for names with spaces or keywords",
    ]
}
