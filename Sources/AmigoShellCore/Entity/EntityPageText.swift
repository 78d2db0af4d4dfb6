import Amigo

/// An ``EntityPage`` as lines of text, the same in `page` and in the `p` overlay, each line with
/// what Enter on it does (``Target``):
///
///     Track 1 "For Those About To Rock (We Salute You)"
///       album → For Those About To Rock We Salute You → artist → AC/DC
///       genre → Rock
///
///     TrackId       1
///     AlbumId       1 → For Those About To Rock We Salute You
///     …
///
///     playlists · many-to-many via PlaylistTrack · 8 rows
///       1  Music
///       …  3 more
package enum EntityPageText {
    /// What Enter on a line does.
    package enum Target: Sendable, Equatable {
        /// Follows the relationship (all its rows, or the row a to-one leads to).
        case follow(String)
        /// Follows the relationship and makes the row with this key current.
        case row(relationship: String, key: String)
    }

    /// One line of the page.
    package struct Line: Sendable, Equatable {
        /// Its text.
        public let text: String
        /// What Enter on it does, if anything.
        public let target: Target?
    }

    /// The page's lines; values longer than `valueWidth` cells are cut.
    public static func lines(_ page: EntityPage, valueWidth: Int = 60) -> [Line] {
        var lines = [Line(text: page.table + (page.row.key.isEmpty ? "" : " " + page.row.key)
                            + (page.row.label.map { " \"\(DisplayWidth.truncate(DisplayWidth.sanitize($0), to: 40))\"" } ?? ""), target: nil)]
        for chain in page.chains {
            let text = chain.map { "\($0.relationship) → \(DisplayWidth.truncate(DisplayWidth.sanitize($0.row.text), to: 40))" }.joined(separator: " → ")
            lines.append(Line(text: "  " + text, target: chain.first.map { .follow($0.relationship) }))
        }
        lines.append(Line(text: "", target: nil))
        let width = page.fields.map { DisplayWidth.of($0.column) }.max() ?? 0
        for field in page.fields {
            var value = DisplayWidth.sanitize(ValueText.visible(field.value))
            if case .blob(let bytes) = field.value { value = ValueText.blobSummary(bytes, maxBytes: 16) }
            value = DisplayWidth.truncate(value, to: valueWidth)
            if let label = field.label { value += " → " + DisplayWidth.truncate(DisplayWidth.sanitize(label), to: 40) }
            lines.append(Line(text: DisplayWidth.pad(DisplayWidth.sanitize(field.column), to: width) + "  " + value, target: nil))
        }
        for related in page.related {
            lines.append(Line(text: "", target: nil))
            lines.append(Line(text: "\(related.relationship) · \(related.kindText) · \(Plural.count(related.count, "row"))",
                              target: .follow(related.relationship)))
            let keyWidth = related.first.map { DisplayWidth.of($0.key) }.max() ?? 0
            for row in related.first {
                let label = row.label.map { DisplayWidth.pad(row.key, to: keyWidth) + "  " + DisplayWidth.truncate(DisplayWidth.sanitize($0), to: valueWidth) } ?? row.key
                lines.append(Line(text: "  " + label,
                                  target: row.key.isEmpty ? .follow(related.relationship) : .row(relationship: related.relationship, key: row.key)))
            }
            if related.count > related.first.count {
                lines.append(Line(text: "  … \(related.count - related.first.count) more", target: .follow(related.relationship)))
            }
        }
        return lines
    }

    /// The page as `page` prints it.
    public static func text(_ page: EntityPage) -> String {
        lines(page).map(\.text).joined(separator: "\n")
    }
}
