/// How text mode writes rows: `--mode`, `--csv`, `--json`, and the `mode` (`.mode`) command.
///
/// `table` is the aligned text for people (NULL as `∅`, a foreign key with the row it points at,
/// a view's first ``Explorer/textLimit`` rows and a count line). Every other mode writes raw
/// values — NULL as an empty field (`null` in JSON), keys as stored, never labels — and every
/// row of the view, streamed as it is read.
package enum OutputMode: String, CaseIterable, Sendable {
    /// Comma-separated values (RFC 4180, CRLF line ends), with a header line unless switched off.
    case csv
    /// Tab-separated values: tab, line breaks and backslashes escaped (`\t`, `\n`, `\r`, `\\`).
    case tsv
    /// One JSON array of objects, one object a line.
    case json
    /// One JSON object a line (JSON Lines).
    case jsonl
    /// Aligned columns for reading (the default).
    case table
    /// One `column = value` line per column, a blank line between rows (as sqlite3's `.mode line`).
    case line
    /// A GitHub-flavoured Markdown table.
    case markdown
    /// sqlite3's default: values joined by `|` (`.separator`), a header line when headers are on.
    case list
    /// sqlite3's `.mode column`: aligned columns two spaces apart, names over a rule of dashes.
    case column
    /// sqlite3's `.mode box`: aligned columns in box-drawing lines.
    case box
    /// sqlite3's `.mode table` (and `-table`): aligned columns in lines of `+`, `-` and `|`
    /// (`.mode table` with the dot; amigo-shell's own `mode table` is ``table``).
    case asciiTable = "ascii-table"
    /// sqlite3's `.mode qbox`: `box` with each value an SQL literal (`'it''s'`, `NULL`).
    case qbox
    /// sqlite3's `.mode tabs` (and `-tabs`): list mode with a tab between values, written raw.
    case tabs
    /// sqlite3's `.mode json` (and `-json`), byte for byte (``SQLite3JSONFormatter``; `.mode json`
    /// with the dot is this one, amigo-shell's own `mode json` is ``json``).
    case sqlite3JSON = "json-sqlite3"
    /// sqlite3's `.mode quote`: each value an SQL literal, joined by commas.
    case quote
    /// sqlite3's `.mode insert [TABLE]`: each row as the INSERT statement that adds it.
    case insert
    /// sqlite3's `.mode html`: each row a `<TR>` of `<TD>` cells.
    case html
    /// sqlite3's `.mode ascii`: values apart by the unit separator (0x1F), rows by the record separator (0x1E).
    case ascii
    /// sqlite3's `.mode tcl`: each value a C-style string in double quotes, a space apart.
    case tcl

    /// `csv|tsv|json|jsonl|table|line|markdown|list|column|box|ascii-table|qbox|tabs|json-sqlite3|quote|insert|html|ascii|tcl`, for usage lines.
    package static let choices = allCases.map(\.rawValue).joined(separator: "|")

    /// Whether the mode is read by people (table, line, markdown), so that text mode makes
    /// terminal controls visible in it; machine modes (CSV, TSV, JSON) stay byte-exact.
    package var isForPeople: Bool { [.table, .line, .markdown, .column, .box, .asciiTable, .qbox].contains(self) }

    /// What stands between values until `.separator` says otherwise (sqlite3's `.mode` sets it):
    /// `|` in list mode, `,` in CSV, a space in tcl, the unit separator (0x1F) in ascii.
    package var defaultSeparator: String {
        switch self {
        case .csv: return ","
        case .tcl: return " "
        case .ascii: return "\u{1F}"
        case .tabs: return "\t"
        default: return "|"
        }
    }

    /// Whether the mode is one of sqlite3's columnar modes (every row read first, values cut at a
    /// width), which take ``ColumnarOptions``.
    package var isColumnar: Bool { [.column, .box, .asciiTable, .qbox, .markdown].contains(self) }

    /// Whether the mode writes every row of a view with raw values (every mode but `table`).
    package var writesEveryRow: Bool { self != .table }

    /// Whether the header switch (`--header`/`--no-header`, `.headers on|off`) applies: CSV,
    /// TSV, list and column; the other modes always name their columns.
    package var hasOptionalHeader: Bool { [.csv, .tsv, .list, .tabs, .column, .quote, .insert, .html, .ascii, .tcl].contains(self) }

    /// A mode by name (any case; `md` for markdown, `lines` for line, `ndjson` for jsonl,
    /// `columns` for column), or nil. `table` is amigo-shell's own; sqlite3's is `ascii-table`
    /// (``init(sqlite3Name:)``).
    package init?(name: String) {
        switch name.lowercased() {
        case "md": self = .markdown
        case "lines": self = .line
        case "ndjson": self = .jsonl
        case "columns": self = .column
        default: self.init(rawValue: name.lowercased())
        }
    }

    /// A mode as sqlite3's `.mode` names it: `table` is sqlite3's table of `+`, `-` and `|`
    /// (``asciiTable``), `json` sqlite3's JSON (``sqlite3JSON``); every other name as
    /// ``init(name:)`` reads it.
    package init?(sqlite3Name name: String) {
        switch name.lowercased() {
        case "table": self = .asciiTable
        case "json": self = .sqlite3JSON
        default: self.init(name: name)
        }
    }
}
