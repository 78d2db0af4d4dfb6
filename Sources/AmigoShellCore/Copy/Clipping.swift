import Amigo

/// What `y` and `Y` copy: the current cell's whole value, or the current row as TSV (a header
/// line, then the row), and a line for the status line saying how much. The terminal adapter
/// sends ``text`` to the clipboard (OSC 52); nothing here writes to the terminal.
package struct Clipping: Sendable, Equatable {
    /// What is copied.
    package enum Scope: Sendable, Equatable {
        /// The current cell.
        case cell
        /// The current row.
        case row
    }

    /// The text for the clipboard.
    public let text: String
    /// `copied 34 characters: Name of Track 1` and the like.
    package let summary: String

    /// A clipping of `text`, said as `summary`.
    package init(text: String, summary: String) {
        self.text = text
        self.summary = summary
    }

    /// A cell's text: the value as the file holds it (NULL as nothing, a BLOB as `x'…'` hex).
    package static func cellText(_ value: DatabaseValue) -> String {
        value.isNull ? "" : ValueText.plain(value)
    }

    /// A row as two TSV lines, the columns' names then the values (tab, line break and `\`
    /// escaped as `\t`, `\n`, `\\`; NULL empty).
    package static func rowText(columns: [String], values: [DatabaseValue]) -> String {
        let header = columns.map(TSVFormatter.escape).joined(separator: "\t")
        let row = values.map { TSVFormatter.escape(cellText($0)) }.joined(separator: "\t")
        return header + "\n" + row + "\n"
    }

    /// The clipping of `scope` of a row of `columns` and `values`, the cursor on `column`,
    /// `caption` naming the row (`Track 1`).
    package init(_ scope: Scope, columns: [String], values: [DatabaseValue], column: Int, caption: String) {
        switch scope {
        case .cell:
            let value = values.indices.contains(column) ? values[column] : .null
            text = Self.cellText(value)
            let name = columns.indices.contains(column) ? columns[column] : "?"
            summary = "copied " + Plural.count(text.count, "character") + ": \(name) of \(caption)"
                + (value.isNull ? " (NULL, as nothing)" : "")
        case .row:
            text = Self.rowText(columns: columns, values: values)
            summary = "copied \(caption) as TSV: " + Plural.count(values.count, "column") + ", " + Plural.count(text.count, "character")
        }
    }
}

extension Navigator {
    /// The clipping of the current cell or row, every value whole.
    ///
    /// - Throws: ``ShellError/noView(command:)`` without a view, ``ShellError/noCurrentRow(command:)`` on an empty one.
    package func clipping(_ scope: Clipping.Scope) throws -> Clipping {
        guard let view = current else { throw ShellError.noView(command: "copy") }
        if view.isModelView {
            guard let record = try currentRecord() else { throw ShellError.noCurrentRow(command: "copy") }
            let json = try loader.jsonColumnValues(of: view, row: view.cursorRow, record: record)
            return Clipping(scope, columns: view.columns, values: record.values + json, column: view.cursorColumn, caption: rowCaption(record))
        }
        let row = try view.sqlWindow?.fullRow(at: view.cursorRow) ?? values(in: view.cursorRow..<view.cursorRow + 1).first
        guard let row else { throw ShellError.noCurrentRow(command: "copy") }
        return Clipping(scope, columns: view.columns, values: row, column: view.cursorColumn, caption: "sql row \(view.cursorRow + 1)")
    }
}
