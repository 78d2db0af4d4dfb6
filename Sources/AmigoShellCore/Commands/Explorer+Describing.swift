// Explorer: the texts commands show — status summary, row detail, schema, stats and help.

import Amigo
import Foundation

extension Explorer {
    /// `Track: row 1 of 3503 · filter … · order …`.
    public var statusSummary: String {
        guard let view = current else { return "no table open" }
        var parts = ["row \(view.totalCount == 0 ? 0 : view.cursorRow + 1) of \(view.totalCount)\(view.countIsExact ? "" : "+")"]
        if let filter = view.filter { parts.append("filter: \(filter)") }
        if let order = view.order { parts.append("order: \(order.column)\(order.descending ? " desc" : "")") }
        return parts.joined(separator: " · ")
    }

    /// The current row shown vertically (`v`): a model row as ``detailText(_:)`` shows it, a row
    /// of a `sql` result (which has no model, so no ``currentRecord()``) as its columns and values.
    public func currentRowDetail() throws -> String {
        guard let view = current else { throw ShellError.noView(command: "detail") }
        if view.isModelView {
            guard let record = try currentRecord() else { throw ShellError.noCurrentRow(command: "detail") }
            return detailText(record)
        }
        // Whole values: the grid's page may hold long ones in part.
        let current: [DatabaseValue]?
        if let sqlWindow = view.sqlWindow {
            current = try sqlWindow.fullRow(at: view.cursorRow)
        } else {
            current = try values(in: view.cursorRow..<view.cursorRow + 1).first
        }
        guard let row = current else { throw ShellError.noCurrentRow(command: "detail") }
        let width = view.columns.map { DisplayWidth.of($0) }.max() ?? 0
        let forms = view.resultForms
        let lines = zip(view.columns, row).enumerated().map { index, pair -> String in
            let (column, value) = pair
            var text = ValueText.formText(value, form: ValueText.form(forms, index)) ?? ValueText.visible(value)
            if case .blob(let bytes) = value { text = ValueText.blobSummary(bytes, maxBytes: 64) }
            return Explorer.detailLine(column, text, labelWidth: width)
        }
        return (["sql row \(view.cursorRow + 1) of \(view.totalCount)"] + lines).joined(separator: "\n")
    }

    /// A row shown vertically: one `column: value` line per column, foreign keys with their label.
    public func detailText(_ record: Record) -> String {
        let model = record.model
        let width = model.table.columns.map { DisplayWidth.of($0.label) }.max() ?? 0
        var lines = [rowCaption(record)]
        for column in model.table.columns {
            let form = amigo.engine.dialect.valueForm(of: column)
            var value = ValueText.formText(record.value(at: column.index), form: form) ?? ValueText.visible(record.value(at: column.index))
            if case .blob(let bytes) = record.value(at: column.index) {
                value = ValueText.blobSummary(bytes, maxBytes: 64)
            }
            // A foreign key shows the row it points at, as in the grid.
            if current?.model === model,
               let label = foreignKeyLabels(column: column.index, rows: [record.values])[record.value(at: column.index)], !label.isEmpty {
                value += " → " + label
            }
            lines.append(Explorer.detailLine(column.label, value, labelWidth: width))
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

    /// The names of `table`'s indexes, or of every table's, as reflected (sqlite3's `.indexes`).
    public func indexNames(of table: String?) throws -> [String] {
        let models = try table.map { [try amigo.model(named: $0)] } ?? amigo.models.filter { !$0.name.isEmpty }
        return models.flatMap { $0.table.indexes.map(\.label) }
    }

    /// DDL, keys, indexes and relationships of `table`, or of every table.
    public func schemaText(_ table: String?) throws -> String {
        if let table {
            let model = try amigo.model(named: table)
            if let reason = model.table.unreadableReason {
                return (model.table.sql ?? model.name) + "\n-- cannot be read: \(reason)"
            }
            var lines = [try tableDefinition(model)]
            lines += Explorer.commentLines(model.table)
            let pk = model.table.primaryKey.map(\.label)
            lines.append("-- primary key: " + (pk.isEmpty ? (model.table.hasRowID ? "rowid" : "none") : pk.joined(separator: ", ")))
            for fk in model.table.foreignKeys {
                lines.append("-- foreign key: (\(fk.columns.joined(separator: ", "))) → \(fk.referencedTable)(\(fk.referencedColumns.joined(separator: ", ")))")
            }
            for index in model.table.indexes {
                lines.append("-- index: \(index.label)\(index.unique ? " unique" : "") (\(index.columns.joined(separator: ", ")))")
            }
            let generated = model.table.columns.filter(\.isGenerated).map(\.label)
            if !generated.isEmpty { lines.append("-- generated (read-only): " + generated.joined(separator: ", ")) }
            for relationship in model.relationships { lines.append("-- relationship: " + relationship.summary) }
            for warning in amigo.reflectionWarnings where warning.hasPrefix(model.name + ":") { lines.append("-- warning: \(warning)") }
            return lines.joined(separator: "\n")
        }
        // SQLite keeps each table's DDL; other engines' tables are written as this program would create them.
        var lines = ["-- \(displayPath)"]
        if isSQLite {
            lines += ["-- user_version: \(try SQLiteCatalog(engine: amigo.engine).userVersion())", "-- SQLite \(SQLiteEngine.sqliteVersion)"]
        } else {
            lines.append("-- tables as the server's catalog defines them (as pg_dump writes them), views as defined")
        }
        for model in amigo.models where !model.name.isEmpty {
            let ddl = try tableDefinition(model)
            lines.append(ddl + (ddl.hasSuffix(";") ? "" : ";"))
            lines += Explorer.commentLines(model.table)
        }
        // The map of how the tables connect, one relationship a line, after the DDL.
        let relationships = amigo.models.filter { !$0.name.isEmpty }.flatMap { model in
            model.relationships.map { "-- \(model.name).\($0.summary)" }
        }
        if !relationships.isEmpty { lines.append("-- relationships:") }
        lines += relationships
        for warning in amigo.reflectionWarnings { lines.append("-- warning: \(warning)") }
        return lines.joined(separator: "\n")
    }

    /// The DDL of `model`'s table: as the database keeps it (SQLite), as its catalog defines it
    /// (PostgreSQL), else as Amigo would create it.
    func tableDefinition(_ model: ORMModel) throws -> String {
        if let sql = model.table.sql { return sql }
        if let ddl = try amigo.engine.unechoed({ try amigo.engine.schemaCatalog.definition(ofTable: model.name) }) { return ddl }
        return SchemaCompiler(dialect: amigo.engine.dialect).createTable(model.table)
    }

    /// The database's comments on `table` and its columns (PostgreSQL's `COMMENT ON`) as SQL
    /// comment lines: `-- comment: …`, `-- comment on Name: …`; a comment's further lines stay
    /// comments. None for a table without (every SQLite table).
    static func commentLines(_ table: Table) -> [String] {
        func line(_ prefix: String, _ text: String) -> String {
            prefix + text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\n--   ")
        }
        var lines: [String] = []
        if let comment = table.comment { lines.append(line("-- comment: ", comment)) }
        for column in table.columns {
            if let comment = column.comment { lines.append(line("-- comment on \(column.label): ", comment)) }
        }
        return lines
    }

    /// rows, non-null values, distinct values, nulls, min, max, and for numbers sum and avg, of a
    /// column (or a to-one path such as `album.Title`) over the current view.
    public func statsText(_ column: String) throws -> String {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "stats") }
        if !column.contains("."), model.table.column(named: column) == nil {
            throw AmigoError.unknownColumn(column: column, model: model.name)
        }
        let query = try view.query(in: session)
        var values: [DatabaseValue]
        var uncomputed = Set<Int>()
        let counts: [Query<Record>.Aggregate] = [.count, .countValues(column), .countDistinct(column), .nulls(column)]
        do {
            values = try query.aggregate(counts + [.min(column), .max(column), .sum(column), .avg(column)])
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
        let form = model.table.column(named: column).map(amigo.engine.dialect.valueForm(of:)) ?? .plain
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

    /// The command list, or one command's line.
    public func helpText(_ topic: String?) -> String {
        let entries = CommandParser.help.filter { topic == nil || $0.usage.lowercased().hasPrefix(topic!.lowercased()) }
        let width = entries.map { DisplayWidth.of($0.usage) }.max() ?? 0
        var lines = entries.map { DisplayWidth.pad($0.usage, to: width) + "  " + $0.summary }
        if topic == nil {
            lines.append("")
            lines.append("Filters use the ORM's filter language: = != < <= > >= AND OR NOT, IN {1,2}, BETWEEN {1,5},")
            lines.append("LIKE 'a*', BEGINSWITH / ENDSWITH / CONTAINS[c] 'x', IS NULL, and paths such as artist.Name = 'AC/DC'.")
            lines.append("help filter describes it in full.")
        } else if ["filter", "f", "where"].contains(topic!.lowercased()) {
            lines += [""] + Explorer.filterLanguageHelp
        }
        return lines.joined(separator: "\n")
    }

    /// `help filter`: the filter language, as the README's table gives it.
    static let filterLanguageHelp = [
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
