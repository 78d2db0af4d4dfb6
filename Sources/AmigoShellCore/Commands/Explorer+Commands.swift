import Amigo
import Foundation

/// What running a command produced.
public struct CommandResult: Sendable, Equatable {
    /// Text for text mode (and for the TUI's output pane, if any).
    public var output: String
    /// A one-line summary for the status line.
    public var status: String
    /// Whether the user asked to quit.
    public var quit: Bool = false
}

extension Explorer {
    /// The kind of a relationship as the relations menu shows it: `~ to-one` when inferred.
    public static func kindText(_ relationship: Relationship) -> String {
        (relationship.isInferred ? "~ " : "") + relationship.kindDescription
    }

    /// The line under a relations list with inferred links.
    public static let inferredLegend = "~ inferred: not declared in the file; names match and every value was found in the data"

    /// Runs one command line and describes the outcome. Throws for any error (bad command, bad
    /// filter, SQLite error); the state is then unchanged.
    public func run(_ line: String) throws -> CommandResult {
        guard let command = try CommandParser.parse(line) else { return CommandResult(output: "", status: "") }
        return try execute(command)
    }

    /// Runs a parsed command.
    public func execute(_ command: Command) throws -> CommandResult {
        switch command {
        case .tables:
            // Counted again only if another program changed the file (exact counts already
            // finished in idle time are kept); a count still bounded shows as `10000+`.
            if pendingChanges == 0, fileChangedElsewhere { try reloadTables() }
            let rows = tables.map { [$0.name, ($0.isView ? "view" : "table") + ($0.unreadableReason == nil ? "" : ", unreadable"), $0.countText] }
            return CommandResult(output: TextTable.render(header: ["name", "kind", "rows"], rows: rows),
                                 status: "\(tables.count) tables and views")
        case .open(let name):
            try open(name)
            return try viewResult()
        case .filter(let text):
            try setFilter(text)
            return try viewResult()
        case .order(let column, let descending):
            try setOrder(column: column, descending: descending)
            return try viewResult()
        case .limit(let n):
            textLimit = n
            return current == nil ? CommandResult(output: "", status: "limit \(n)") : try viewResult()
        case .relations:
            /// The relationships with their counts (`—` when there is no row to count from).
            func listing(_ list: [(relationship: Relationship, count: Int?)], caption: String) -> CommandResult {
                let rows = list.map { [$0.relationship.name, Explorer.kindText($0.relationship), $0.relationship.target.name, $0.count.map(String.init) ?? "—"] }
                var table = list.isEmpty ? "(no relationships: no foreign key leads from or to \(current?.model?.name ?? "this table"))"
                    : TextTable.render(header: ["relationship", "kind", "to", "rows"], rows: rows)
                if list.contains(where: { $0.relationship.isInferred }) { table += "\n" + Explorer.inferredLegend }
                return CommandResult(output: (caption.isEmpty ? "" : caption + "\n") + table, status: Plural.count(list.count, "relationship"))
            }
            if let model = current?.model, current?.totalCount == 0 {
                // No row to count from: the relationships are still worth knowing.
                return listing(model.relationships.map { ($0, nil) }, caption: "(\(model.name) view is empty: no row to count or follow from)")
            }
            let caption = (try? currentRecord()).flatMap { $0 }.map(rowCaption) ?? ""
            return listing(try relations().map { ($0.relationship, $0.count) }, caption: caption)
        case .follow(let name):
            try follow(name)
            return try viewResult()
        case .back:
            try back()
            return try viewResult()
        case .show(let rows):
            guard current != nil else { throw ShellError.noView(command: "show") }
            return try viewResult(rows: rows)
        case .get(let key):
            try get(key)
            guard let record = try currentRecord() else { throw ShellError.noCurrentRow(command: "get") }
            return CommandResult(output: detailText(record), status: rowCaption(record))
        case .sql(let sql):
            if try sqlWrites(sql) { return try write(command) }
            try runSQL(sql)
            return try viewResult()
        case .insert, .delete, .link, .unlink:
            return try write(command)
        case .set(let column, let value):
            let edit = try previewEdit(column: column, text: value)
            let statement = try apply(edit)
            let text = statement.sql + "  [" + statement.arguments.map(\.description).joined(separator: ", ") + "]"
            return CommandResult(output: text + "\n1 row changed (\(pendingChanges) uncommitted; commit to keep)",
                                 status: "updated \(column) — \(pendingChanges) uncommitted")
        case .commit:
            let n = pendingChanges
            try commit()
            let note = takeNotice()
            return CommandResult(output: "committed \(n) change(s)" + (note.map { "\nnote: " + $0 } ?? ""),
                                 status: note ?? "committed \(n) change(s)")
        case .rollback:
            let n = pendingChanges
            try rollback()
            return CommandResult(output: "rolled back \(n) change(s)", status: "rolled back \(n) change(s)")
        case .echo(let on):
            isEchoOn = on ?? !isEchoOn
            return CommandResult(output: "echo \(isEchoOn ? "on" : "off")", status: "echo \(isEchoOn ? "on" : "off")")
        case .export(let format, let path, let force):
            let count = try export(format: format, to: path, force: force)
            let rows = Plural.count(count, "row")
            // Written to standard output, the rows are the output: nothing is added after them.
            if path == "-" { return CommandResult(output: "", status: "exported \(rows) to standard output") }
            return CommandResult(output: "wrote \(rows) to \(path)", status: "exported \(rows) to \(path)")
        case .schema(let table):
            return CommandResult(output: try schemaText(table), status: "schema")
        case .count:
            guard current != nil else { throw ShellError.noView(command: "count") }
            // Counted afresh: exactly, and after whatever another program committed meanwhile.
            refreshIfChangedElsewhere()
            guard let view = current else { throw ShellError.noView(command: "count") }
            if !view.countIsExact { try completeCount(of: view) }
            return CommandResult(output: String(view.totalCount), status: Plural.count(view.totalCount, "row"))
        case .refresh:
            try refresh()
            let note = takeNotice()
            return CommandResult(output: note.map { "note: " + $0 } ?? "", status: note ?? "refreshed: " + statusSummary)
        case .stats(let column):
            return CommandResult(output: try statsText(column), status: "stats \(column)")
        case .help(let topic):
            let text = helpText(topic)
            if text.isEmpty, let topic { throw ShellError.invalidValue("help: no command \(topic) (help lists them)") }
            return CommandResult(output: text, status: "help")
        case .quit:
            return CommandResult(output: "", status: "", quit: true)
        case .mode, .headers, .output, .once, .read:
            // Text mode's runner answers these; the terminal UI has no stream to write to.
            throw ShellError.invalidValue("\(command.name): only in text mode (-c, or commands on standard input)")
        }
    }

    /// Previews and runs a write at once (text mode): its statements, what the database will also
    /// do, and what it did.
    func write(_ command: Command) throws -> CommandResult {
        let pending = try previewWrite(command)
        let summary = try perform(pending)
        let note = takeNotice()
        var lines = [pending.preview, summary + " (\(pendingChanges) uncommitted; commit to keep)"]
        if let note { lines.append("note: " + note) }
        return CommandResult(output: lines.filter { !$0.isEmpty }.joined(separator: "\n"),
                             status: summary + " — \(pendingChanges) uncommitted")
    }

    /// The current view as text: header, the first `rows` (default ``textLimit``) rows, and a count line.
    func viewResult(rows limit: Int? = nil) throws -> CommandResult {
        guard let view = current else { return CommandResult(output: "", status: "") }
        let rows = try values(in: 0..<(limit ?? textLimit))
        // A foreign key shows the row it points at, as in the grid: `1 → AC/DC`.
        let labels = view.isModelView ? view.modelColumns.indices.map { foreignKeyLabels(column: $0, rows: rows) } : []
        let labelled = rows.map { row in
            row.indices.map { i -> String in
                let text = ValueText.display(row[i])
                guard i < labels.count, let label = labels[i][row[i]], !label.isEmpty else { return text }
                return text + " → " + DisplayWidth.truncate(label, to: 24)
            }
        }
        var text = breadcrumb + "\n" + TextTable.render(header: view.columns, rows: labelled)
        let shown = rows.count
        var footer = "(" + Plural.count(view.totalCount, "row")
        if shown < view.totalCount { footer += ", first \(shown) shown" }
        if let filter = view.filter { footer += "; filter: \(filter)" }
        if let order = view.order { footer += "; order: \(order.column)\(order.descending ? " desc" : "")" }
        if view.sqlTruncated { footer += "; result cut at \(Explorer.sqlRowCap) rows" }
        footer += ")"
        text += "\n" + footer
        return CommandResult(output: text, status: statusSummary)
    }

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
        guard let row = try values(in: view.cursorRow..<view.cursorRow + 1).first else { throw ShellError.noCurrentRow(command: "detail") }
        let width = view.columns.map { DisplayWidth.of($0) }.max() ?? 0
        let lines = zip(view.columns, row).map { column, value -> String in
            var text = ValueText.visible(value)
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
            var value = ValueText.visible(record.value(at: column.index))
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

    /// DDL, keys, indexes and relationships of `table`, or of every table.
    public func schemaText(_ table: String?) throws -> String {
        let inspector = SchemaInspector(engine: amigo.engine)
        if let table {
            let model = try amigo.model(named: table)
            if let reason = model.table.unreadableReason {
                return (model.table.sql ?? model.name) + "\n-- cannot be read: \(reason)"
            }
            var lines = [model.table.sql ?? SchemaCompiler(dialect: amigo.engine.dialect).createTable(model.table)]
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
        var lines = ["-- \(displayPath)", "-- user_version: \(try inspector.userVersion())", "-- SQLite \(SQLiteEngine.sqliteVersion)"]
        for model in amigo.models where !model.name.isEmpty {
            lines.append((model.table.sql ?? SchemaCompiler(dialect: amigo.engine.dialect).createTable(model.table)) + (model.table.sql?.hasSuffix(";") == true ? "" : ";"))
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

    /// rows, non-null values, distinct values, nulls, min, max, and for numbers sum and avg, of a
    /// column (or a to-one path such as `album.Title`) over the current view.
    public func statsText(_ column: String) throws -> String {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "stats") }
        if !column.contains("."), model.table.column(named: column) == nil {
            throw AmigoError.unknownColumn(column: column, model: model.name)
        }
        let query = try view.query(in: session)
        var values: [DatabaseValue]
        do {
            values = try query.aggregate([.count, .countValues(column), .countDistinct(column), .nulls(column),
                                          .min(column), .max(column), .sum(column), .avg(column)])
        } catch AmigoError.database(let error) where error.message.contains("integer overflow") {
            // A sum past 64-bit integers: SQLite's total() gives it as a real instead.
            values = try query.aggregate([.count, .countValues(column), .countDistinct(column), .nulls(column),
                                          .min(column), .max(column), .total(column), .avg(column)])
        }
        let labels = ["rows", "non-null", "distinct", "nulls", "min", "max", "sum", "avg"]
        // A sum and an average only mean something for numbers: text and blobs (and empty columns) show none.
        let numeric = [values[4], values[5]].allSatisfy { value in
            switch value { case .integer, .real: return true; default: return false }
        }
        let shown = values.enumerated().compactMap { i, v -> [String]? in
            if i >= 6 && !numeric { return nil }
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

    /// Writes every row of the current view (in its order) to `path`; returns the row count.
    ///
    /// Refuses the open database, its `-journal`, `-wal` and `-shm` files and anything that
    /// resolves to them (a symbolic or hard link), and, unless `force`, any other existing file
    /// that is an SQLite database; never waits for a FIFO that no program reads (``OutputFile``).
    /// `header` switches CSV's header line. The rows stream: none is held after it is written.
    public func export(format: Command.ExportFormat, to path: String, force: Bool = false, header: Bool = true) throws -> Int {
        guard current != nil else { throw ShellError.noView(command: "export") }
        let file = try OutputFile.open(path, databasePath: amigo.engine.path, standardOutput: standardOutputWriter,
                                       force: force, command: "export")
        defer { file.close() }
        return try writeView(RowWriter(formatter: format.mode.formatter(header: header), sink: file.write))
    }

    /// Writes every row of the current view, in the order the grid shows them, through `writer`
    /// (begun and finished here), reading them as they are written; returns the row count. A
    /// model view is read with its query; a `sql` result runs its statement again (every row,
    /// not only the ones the view keeps), so `limit` rows never caps it.
    @discardableResult
    public func writeView(_ writer: RowWriter, limit: Int? = nil) throws -> Int {
        guard let view = current else { throw ShellError.noView(command: "show") }
        try writer.begin(columns: view.columns)
        if limit != 0 {
            try forEachRow(of: view) { values in
                try writer.write(values)
                return limit.map { writer.count < $0 } ?? true
            }
        }
        try writer.finish()
        return writer.count
    }

    /// Calls `body` with each row of `view` in its order until it returns false.
    func forEachRow(of view: BrowseView, _ body: ([DatabaseValue]) throws -> Bool) throws {
        guard view.isModelView else {
            guard case .sql(let sql) = view.source else { return }
            try amigo.engine.fetch(sql, [], columns: { _ in }) { row in try body(row.values) }
            return
        }
        // In the order the grid shows: the view's sort column, then the key that breaks its ties
        // (without ORDER BY, SQLite would return the rows in storage order).
        let query = try view.query(in: session)
        var ordered: Query<Record>
        if view.keysetOrder.contains(where: \.isComputed), let order = try query.keysetColumns(for: view.keysetOrder) {
            ordered = query
            for column in order { ordered = ordered.orderBy(column.name, ascending: column.ascending) }
        } else if let keyset = try query.keysetColumns(for: view.keysetOrder) {
            ordered = query.seek(keyset, after: nil)
        } else if let order = view.order {
            ordered = query.orderBy(order.column, ascending: !order.descending)
        } else {
            ordered = query
        }
        try ordered.forEach { try body($0.values) }
    }

    /// Where an export to `path` goes.
    enum ExportTarget: Equatable {
        /// `-`, or a name for this program's own standard output (`/dev/stdout`, or the file it
        /// is redirected to): written through the results' own stream, never truncated.
        case standardOutput
        /// This program's standard input or error: refused.
        case ownStream(String)
        /// A file (nil: it does not exist yet; false: a FIFO, device or socket, not truncated).
        case file(existingIsRegular: Bool?)
    }

    /// Tells `-` and this program's own streams (whatever they are called) from other files.
    static func exportTarget(_ path: String) -> ExportTarget {
        if path == "-" { return .standardOutput }
        var target = stat()
        guard stat(path, &target) == 0 else { return .file(existingIsRegular: nil) }
        for (descriptor, name) in [(Int32(1), "standard output"), (0, "standard input"), (2, "standard error")] {
            var stream = stat()
            if fstat(descriptor, &stream) == 0, stream.st_dev == target.st_dev, stream.st_ino == target.st_ino {
                return descriptor == 1 ? .standardOutput : .ownStream(name)
            }
        }
        return .file(existingIsRegular: (target.st_mode & S_IFMT) == S_IFREG)
    }
}
