import Amigo
import Foundation

/// What running a command produced.
package struct CommandResult: Sendable, Equatable {
    /// Text for text mode (and for the TUI's output pane, if any).
    public var output: String
    /// A one-line summary for the status line.
    public var status: String
    /// Whether the user asked to quit.
    package var quit: Bool = false
}

extension Explorer {
    /// The kind of a relationship as the relations menu shows it: `~ to-one` when inferred.
    package static func kindText(_ relationship: Relationship) -> String {
        (relationship.isInferred ? "~ " : "") + relationship.kindDescription
    }

    /// The line under a relations list with inferred links.
    package static let inferredLegend = "~ inferred: not declared in the file; names match and every value was found in the data"

    /// Runs one command line and describes the outcome. Throws for any error (bad command, bad
    /// filter, SQLite error); the state is then unchanged.
    package func run(_ line: String) throws -> CommandResult {
        guard let command = try CommandParser.parse(line) else { return CommandResult(output: "", status: "") }
        return try execute(command)
    }

    /// Runs a parsed command.
    package func execute(_ command: Command) throws -> CommandResult {
        switch command {
        case .tables(let only, let like):
            // Counted again only if another program changed the file (exact counts already
            // finished in idle time are kept); a count still bounded shows as `10000+`.
            try tableList.reloadIfStale()
            let listed = tables.filter { table in
                (only == nil || table.isView == (only == .views)) && (like.map { SQLite3Listing.matches(table.name, like: $0) } ?? true)
            }
            let rows = listed.map { [$0.name, $0.kindText, $0.countText] }
            return CommandResult(output: TextTable.render(header: ["name", "kind", "rows"], rows: rows),
                                 status: "\(tables.count) tables and views")
        case .open(let name):
            try open(name)
            return try viewResult()
        case .filter(let text):
            try setFilter(text)
            return try viewResult()
        case .order(let column, let descending, let then):
            try setOrder(column: column, descending: descending, then: then)
            return try viewResult()
        case .hide, .unhide, .pin, .columnWidth, .jsonColumn:
            return try columnControl.columnCommand(command)
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
            try refreshIfChangedElsewhereOrFail()
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
        case .setAll:
            return try write(command)
        case .changes:
            return CommandResult(output: changeLog.listing, status: changeLog.isEmpty ? "no uncommitted changes" : "tx: " + changeLog.statusText)
        case .undo:
            let undone = try undoLastChange()
            let left = changeLog.isEmpty ? "no uncommitted changes" : changeLog.statusText + " still uncommitted"
            let text = "undid \(undone.title) (\(Plural.count(undone.rows, "row"))) — \(left)"
            return CommandResult(output: text, status: text)
        case .explain:
            let plan = try explainCurrentView()
            return CommandResult(output: QueryPlanText.lines(plan).joined(separator: "\n"), status: QueryPlanText.summary(plan))
        case .history:
            return CommandResult(output: history.listing(), status: Plural.count(history.entries.count, "command") + " this session")
        case .save(let name, let given):
            guard let line = given ?? history.lastSavable else { throw ShellError.nothingToSave }
            try savedQueries.save(line, as: name)
            return CommandResult(output: "saved \(name): \(line)\n(in \(savedQueries.path))", status: "saved \(name): \(line)")
        case .runSaved(let name):
            let line = try savedQueries.command(named: name)
            guard let saved = try CommandParser.parse(line) else { return CommandResult(output: "", status: "") }
            if case .runSaved = saved { throw ShellError.usage(command: "run", usage: "run NAME (a saved query runs a command, not another saved query)") }
            return try execute(saved)
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
        case .print(let text):
            return CommandResult(output: text, status: text)
        case .echo(let on):
            isEchoOn = on ?? !isEchoOn
            return CommandResult(output: "echo \(isEchoOn ? "on" : "off")", status: "echo \(isEchoOn ? "on" : "off")")
        case .export(_, let path, let force, .some(let depth)):
            let written = try exportEntity(to: path, depth: depth, force: force)
            if path == "-" { return CommandResult(output: "", status: "exported \(written) to standard output") }
            return CommandResult(output: "wrote \(written) to \(path)", status: "exported \(written) to \(path)")
        case .export(let format, let path, let force, nil) where format.mode == nil:
            let tables = try exportDiagram(format: format, to: path, force: force)
            let what = "a \(format.rawValue) map of " + Plural.count(tables, "table")
            if path == "-" { return CommandResult(output: "", status: "exported \(what) to standard output") }
            return CommandResult(output: "wrote \(what) to \(path)", status: "exported \(what) to \(path)")
        case .export(let format, let path, let force, nil):
            let count = try export(format: format, to: path, force: force)
            let rows = Plural.count(count, "row")
            // Written to standard output, the rows are the output: nothing is added after them.
            if path == "-" { return CommandResult(output: "", status: "exported \(rows) to standard output") }
            return CommandResult(output: "wrote \(rows) to \(path)", status: "exported \(rows) to \(path)")
        case .page:
            let page = try currentPage()
            return CommandResult(output: EntityPageText.text(page), status: "page of " + EntityPageText.lines(page)[0].text)
        case .map:
            let graph = try schemaGraph()
            return CommandResult(output: SchemaMapText.text(graph),
                                 status: "map: \(Plural.count(graph.nodes.count, "table")), \(Plural.count(graph.edges.count, "link"))")
        case .path(let table, let key):
            let (output, status) = try relationshipPaths(to: table, key: key)
            return CommandResult(output: output, status: status)
        case .schema(let table):
            return CommandResult(output: try schemaText(table), status: "schema")
        case .count:
            guard current != nil else { throw ShellError.noView(command: "count") }
            // Counted afresh: exactly, and after whatever another program committed meanwhile;
            // a file that cannot be read now is an error, never the count read before.
            try refreshIfChangedElsewhereOrFail()
            guard let view = current else { throw ShellError.noView(command: "count") }
            if !view.countIsExact { try database.scanning("counting \(view.title)", total: nil) { try loader.completeCount(of: view) } }
            return CommandResult(output: String(view.totalCount), status: Plural.count(view.totalCount, "row"))
        case .refresh:
            try refresh()
            let note = takeNotice()
            return CommandResult(output: note.map { "note: " + $0 } ?? "", status: note ?? "refreshed: " + statusSummary)
        case .reconnect:
            let summary = try reconnect()
            return CommandResult(output: summary, status: summary)
        case .stats(let column):
            return CommandResult(output: try statsText(column), status: "stats \(column)")
        case .help(let topic):
            let text = helpText(topic)
            if text.isEmpty, let topic { throw ShellError.unknownHelpTopic(topic) }
            return CommandResult(output: text, status: "help")
        case .quit, .exit:
            return CommandResult(output: "", status: "", quit: true)
        case .freq(let column):
            let profile = try valueProfile(of: try frequencyColumn(column))
            let text = (FrequencyText.lines(profile) + [FrequencyText.summary(profile)]).joined(separator: "\n")
            return CommandResult(output: text, status: "frequencies of \(profile.column)")
        case .indexes(let table):
            return CommandResult(output: try indexNames(of: table).joined(separator: "\n"), status: "indexes")
        case .schemas:
            let names = try amigo.engine.schemaCatalog.schemaNames()
            return CommandResult(output: TextTable.render(header: ["schema"], rows: names.map { [$0] }),
                                 status: Plural.count(names.count, "schema"))
        // As sqlite3's ATTACH and DETACH, text mode prints nothing; the UI's status line says it.
        case .attach(let path, let name, let writable, let creating):
            return CommandResult(output: "", status: try fileAttacher.attach(path, as: name, writable: writable, creating: creating))
        case .detach(let name):
            return CommandResult(output: "", status: try fileAttacher.detach(name))
        case .conninfo:
            let info = amigo.engine.connectionInfo
            return CommandResult(output: info, status: info)
        case .mode, .headers, .output, .once, .read, .dump, .separator, .nullValue, .timer, .width, .importFile, .expanded, .bail,
             .countChanges, .databases, .settings, .backup, .parameter, .openFile, .eqp:
            // Text mode's runner answers these; the terminal UI has no stream to write to.
            throw ShellError.textModeOnly(command: command.name)
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
        let forms = valueForms(of: view)
        let labelled = rows.map { row in
            row.indices.map { i -> String in
                let text = ValueText.display(row[i], form: ValueText.form(forms, i))
                guard i < labels.count, let label = labels[i][row[i]], !label.isEmpty else { return text }
                return text + " → " + DisplayWidth.truncate(label, to: 24)
            }
        }
        // Columns of numbers by their form (PostgreSQL's decimals and floats) are right-aligned.
        // Hidden columns are left out, pinned ones come first (`hide`, `pin`).
        let shown = columnControl.shownColumns(of: view)
        let rightAligned = shown.map { ValueText.form(forms, $0).isNumber }
        let cells = labelled.map { row in shown.map { $0 < row.count ? row[$0] : "" } }
        var text = breadcrumb + "\n" + TextTable.render(header: shown.map { view.columns[$0] }, rows: cells, rightAligned: rightAligned)
        let shownRows = rows.count
        // A count stopped at its bound is a lower bound: `10000+ rows`.
        var footer = "(" + (view.countIsExact ? Plural.count(view.totalCount, "row") : "\(view.totalCount)+ rows")
        if shownRows < view.totalCount { footer += ", first \(shownRows) shown" }
        if let filter = view.filter { footer += "; filter: \(filter)" }
        if let order = view.orderText { footer += "; order: \(order)" }
        if shown.count < view.columns.count { footer += "; \(Plural.count(view.columns.count - shown.count, "column")) hidden" }
        if view.sqlTruncated { footer += "; result cut at \(Explorer.sqlRowCap) rows" }
        footer += ")"
        text += "\n" + footer
        return CommandResult(output: text, status: statusSummary)
    }
}
