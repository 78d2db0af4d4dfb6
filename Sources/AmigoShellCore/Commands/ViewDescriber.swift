// ViewDescriber: the texts that describe the current view — the status summary, a row shown vertically, a column's stats.

import Amigo
import Foundation

/// Describes the navigator's current view in words: the status summary, the current row shown
/// vertically (`v`, `get`), and a column's statistics (`stats`).
struct ViewDescriber {
    /// Whose current view is described.
    let navigator: Navigator

    /// `Track: row 1 of 3503 · filter … · order …`.
    var statusSummary: String {
        guard let view = navigator.current else { return "no table open" }
        var parts = ["row \(view.totalCount == 0 ? 0 : view.cursorRow + 1) of \(view.totalCount)\(view.countIsExact ? "" : "+")"]
        if let filter = view.filter { parts.append("filter: \(filter)") }
        if let order = view.orderText { parts.append("order: \(order)") }
        return parts.joined(separator: " · ")
    }

    /// The current row shown vertically (`v`): a model row as ``detailText(_:)`` shows it, a row
    /// of a `sql` result (which has no model, so no ``currentRecord()``) as its columns and values.
    func currentRowDetail() throws -> String {
        guard let view = navigator.current else { throw ShellError.noView(command: "detail") }
        if view.isModelView {
            guard let record = try navigator.currentRecord() else { throw ShellError.noCurrentRow(command: "detail") }
            return detailText(record)
        }
        // Whole values: the grid's page may hold long ones in part.
        let current: [DatabaseValue]?
        if let sqlWindow = view.sqlWindow {
            current = try sqlWindow.fullRow(at: view.cursorRow)
        } else {
            current = try navigator.values(in: view.cursorRow..<view.cursorRow + 1).first
        }
        guard let row = current else { throw ShellError.noCurrentRow(command: "detail") }
        let width = view.columns.map { DisplayWidth.of($0) }.max() ?? 0
        let forms = view.resultForms
        let lines = zip(view.columns, row).enumerated().map { index, pair -> String in
            let (column, value) = pair
            var text = ValueText.formText(value, form: ValueText.form(forms, index)) ?? ValueText.visible(value)
            if case .blob(let bytes) = value { text = HexDump.text(bytes) }
            if case .text(let json) = value, let pretty = JSONPrettyText.pretty(json) { text = pretty }
            return ViewDescriber.detailLine(column, text, labelWidth: width)
        }
        return (["sql row \(view.cursorRow + 1) of \(view.totalCount)"] + lines).joined(separator: "\n")
    }

    /// A row shown vertically: one `column: value` line per column, foreign keys with their label.
    func detailText(_ record: Record) -> String {
        let model = record.model
        let width = model.table.columns.map { DisplayWidth.of($0.label) }.max() ?? 0
        var lines = [navigator.rowCaption(record)]
        for column in model.table.columns {
            let form = navigator.database.amigo.engine.dialect.valueForm(of: column)
            var value = ValueText.formText(record.value(at: column.index), form: form) ?? ValueText.visible(record.value(at: column.index))
            if case .blob(let bytes) = record.value(at: column.index) {
                value = HexDump.text(bytes)
            }
            // A JSON object or array stored as text reads indented.
            if case .text(let text) = record.value(at: column.index), let pretty = JSONPrettyText.pretty(text) { value = pretty }
            // A foreign key shows the row it points at, as in the grid.
            if let view = navigator.current, view.model === model,
               let label = navigator.loader.foreignKeyLabels(of: view, column: column.index, rows: [record.values])[record.value(at: column.index)], !label.isEmpty {
                value += " → " + label
            }
            lines.append(ViewDescriber.detailLine(column.label, value, labelWidth: width))
        }
        return lines.joined(separator: "\n")
    }

    /// `label  value`, a multi-line value continuing under its first line. Other control
    /// characters (an escape sequence stored in the data) are made visible, as in the grid.
    static func detailLine(_ label: String, _ value: String, labelWidth: Int) -> String {
        let indent = String(repeating: " ", count: labelWidth + 2)
        let lines = value.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { DisplayWidth.sanitize(String($0)) }
        return DisplayWidth.pad(DisplayWidth.sanitize(label), to: labelWidth) + "  " + lines.joined(separator: "\n" + indent)
    }

    /// rows, non-null values, distinct values, nulls, min, max, and for numbers sum and avg, of a
    /// column (or a to-one path such as `album.Title`) over the current view.
    func statsText(_ column: String) throws -> String {
        guard let view = navigator.current, let model = view.model else { throw ShellError.noView(command: "stats") }
        if !column.contains("."), model.table.column(named: column) == nil {
            throw AmigoError.unknownColumn(column: column, model: model.name)
        }
        let query = try view.query(in: navigator.session)
        var values: [DatabaseValue]
        var uncomputed = Set<Int>()
        let counts: [Query<Record>.Aggregate] = [.count, .countValues(column), .countDistinct(column), .nulls(column)]
        // A text column (TEXT affinity: SQLite stores the numbers given to it as text; a server
        // has no sum of text) never has a sum or an average to show: they are not computed,
        // which on 5,000,000 rows saves about a quarter of the statement.
        let isText = model.table.column(named: column)?.kind == .text
        do {
            if isText {
                values = try query.aggregate(counts + [.min(column), .max(column)]) + [.null, .null]
                uncomputed = [6, 7]
            } else {
                values = try query.aggregate(counts + [.min(column), .max(column), .sum(column), .avg(column)])
            }
        } catch AmigoError.database(let error) where error.kind == .integerOverflow {
            // A sum past 64-bit integers: SQLite's total() gives it as a real instead.
            values = try query.aggregate(counts + [.min(column), .max(column), .total(column), .avg(column)])
        } catch AmigoError.database(let error) where error.kind == .undefinedFunction {
            // A server without sum(text) or min(uuid) (PostgreSQL's "undefined function"): what it
            // can compute for the column's type; the others are left out.
            do {
                values = try query.aggregate(counts + [.min(column), .max(column)]) + [.null, .null]
                uncomputed = [6, 7]
            } catch AmigoError.database(let error) where error.kind == .undefinedFunction {
                values = try query.aggregate(counts) + [.null, .null, .null, .null]
                uncomputed = [4, 5, 6, 7]
            }
        }
        let labels = ["rows", "non-null", "distinct", "nulls", "min", "max", "sum", "avg"]
        // A sum and an average only mean something for numbers: text and blobs (and empty columns) show none.
        // (PostgreSQL's exact decimals are their text, scale kept: `0.00`.)
        let form = model.table.column(named: column).map(navigator.database.amigo.engine.dialect.valueForm(of:)) ?? .plain
        if form != .decimal {
            // The sum and average of other numbers (PostgreSQL's are exact decimals even over
            // integers) as the numbers SQLite gives: `329309.0`, not `329309.0000000000000000`.
            for i in 6...7 where i < values.count {
                if case .text(let text) = values[i], let number = Double(text) {
                    values[i] = Int64(text).map(DatabaseValue.integer) ?? .real(number)
                }
            }
        }
        let numeric = [values[4], values[5]].allSatisfy { ValueText.isNumber($0, form: form) }
        let shown = values.enumerated().compactMap { i, v -> [String]? in
            if (i >= 6 && !numeric) || uncomputed.contains(i) { return nil }
            let text = (i == 3 ? v.integerValue.map { .integer($0) } ?? v : v)
            // `'C '` and `'C'` must not look alike.
            return [labels[i], ValueText.visible(text)]
        }
        return TextTable.render(header: ["stat", column], rows: shown)
    }
}
