// Exporter: writing the current view, the current row with its related rows, or the map of the file, to a file or standard output.

import Amigo
import Foundation

/// Writes what `export` asks for — every row of the current view (CSV, JSON), the current row
/// with its related rows nested (`--depth`), or the map of the file (Mermaid, DOT) — to a file,
/// complete or not at all, or to standard output.
package final class Exporter {
    /// The database read.
    let database: BrowsedDatabase
    /// Whose current view and row are exported.
    let navigator: Navigator
    /// The tables with their counts, for the map.
    let tableList: TableList
    /// Where `export csv|json -` writes, unbroken: text mode's standard output. Nil in the
    /// terminal UI, whose standard output is the screen.
    package var standardOutputWriter: ((String) throws -> Void)?

    /// An exporter of `navigator`'s views.
    init(database: BrowsedDatabase, navigator: Navigator, tableList: TableList) {
        self.database = database
        self.navigator = navigator
        self.tableList = tableList
    }

    /// Writes every row of the current view (in its order) to `path`; returns the row count. A
    /// diagram format (mermaid, dot) writes the map of the file instead (``exportDiagram(format:to:force:)``).
    ///
    /// Refuses the open database, its `-journal`, `-wal` and `-shm` files and anything that
    /// resolves to them (a symbolic or hard link), and, unless `force`, any other existing file
    /// that is an SQLite database; never waits for a FIFO that no program reads (``OutputFile``).
    /// `header` switches CSV's header line. The rows stream: none is held after it is written.
    ///
    /// A file is complete or absent: the rows go to a temporary file beside it, which takes its
    /// place only when every row is written (``FileReplacement``); an export that is stopped (the
    /// engine's interrupt: Esc, Ctrl-C) or fails (a full disk) leaves the file as it was. Standard
    /// output, a pipe, a FIFO or a device is written as the rows come; stopped, it ends with whole rows.
    ///
    /// - Throws: ``ShellError/exportStopped(path:rowsWritten:)`` when the interrupt stopped it,
    ///   ``ShellError/exportDiscarded(path:reason:)`` when the file could not be written.
    func export(format: Command.ExportFormat, to path: String, force: Bool = false, header: Bool = true) throws -> Int {
        guard let mode = format.mode else { return try exportDiagram(format: format, to: path, force: force) }
        guard navigator.current != nil else { throw ShellError.noView(command: "export") }
        let file = try OutputFile.open(path, databasePath: database.databaseFile, attachedFiles: try database.attachedFiles(), standardOutput: standardOutputWriter,
                                       force: force, replacing: true, command: "export")
        defer { file.close() }
        let writer = RowWriter(formatter: mode.formatter(header: header), sink: file.write)
        let total = navigator.current.flatMap { $0.countIsExact ? $0.totalCount : nil }
        do {
            try database.meter.measure("exporting \(navigator.current?.title ?? "rows")", total: total, rows: { writer.count }) {
                try writeView(writer)
            }
        } catch AmigoError.database(let error) where error.isInterrupted {
            guard !file.replacesTarget else { throw ShellError.exportStopped(path: path, rowsWritten: nil) }
            try writer.flush()
            throw ShellError.exportStopped(path: path, rowsWritten: writer.count)
        }
        try file.commit()
        return writer.count
    }

    /// Writes every row of the current view, in the order the grid shows them, through `writer`
    /// (begun and finished here), reading them as they are written; returns the row count. A
    /// model view is read with its query; a `sql` result runs its statement again (every row,
    /// not only the ones the view keeps), so `limit` rows never caps it.
    @discardableResult
    func writeView(_ writer: RowWriter, limit: Int? = nil) throws -> Int {
        guard let view = navigator.current else { throw ShellError.noView(command: "show") }
        // Model views' forms come from the dialect before any row; a `sql` result's from the
        // engine's description of its columns, read with the rows.
        navigator.loader.syncJSONColumns(view)
        var begun = view.isModelView
        if begun { try writer.begin(columns: view.columns, forms: navigator.loader.valueForms(of: view)) }
        if limit != 0 {
            try forEachRow(of: view, columns: { forms in
                if !begun { try writer.begin(columns: view.columns, forms: forms); begun = true }
            }) { row, width in
                try writer.write(row, columns: width)
                return limit.map { writer.count < $0 } ?? true
            }
        }
        if !begun { try writer.begin(columns: view.columns, forms: view.resultForms) }
        try writer.finish()
        return writer.count
    }

    /// Calls `body` with each row of `view` in its order, read in place, and how many of its
    /// columns are the view's, until it returns false; a `sql` result first hands `columns` the
    /// ``ValueForm`` of each of its columns, as the engine describes them.
    ///
    /// A model view's rows are read with the engine's ``Engine/fetchInBatches(_:_:describing:_:)``
    /// (its statement is the library's: PostgreSQL reads it through a cursor, thousands of rows
    /// a batch); a `sql` result's statement is the user's, read as any query is.
    func forEachRow(of view: BrowseView, columns: ([ValueForm]) throws -> Void = { _ in },
                    _ body: (StatementRow, _ width: Int) throws -> Bool) throws {
        guard view.isModelView else {
            guard case .sql(let sql) = view.source else { return }
            try database.amigo.engine.readingOnly {
                try database.amigo.engine.fetch(sql, [], describing: { try columns($0.map(\.form)) }) { row in try body(row, row.count) }
            }
            return
        }
        // In the order the grid shows: the view's sort column, then the key that breaks its ties
        // (without ORDER BY, SQLite would return the rows in storage order).
        let query = try view.query(in: database.session)
        var ordered: Query<Record>
        if view.keysetOrder.contains(where: \.isComputed), let order = try query.keysetColumns(for: view.keysetOrder) {
            ordered = query
            for column in order { ordered = ordered.orderBy(column.name, ascending: column.ascending) }
        } else if let keyset = try query.keysetColumns(for: view.keysetOrder) {
            ordered = query.seek(keyset, after: nil)
        } else if let order = view.order {
            ordered = query.orderBy(order.column, ascending: !order.descending)
            for key in view.thenBy { ordered = ordered.orderBy(key.column, ascending: !key.descending) }
        } else {
            ordered = query
        }
        // The query's own statement, its rows read straight from the engine: the model's
        // columns in order, raw as the file holds them (a reflected model keeps values as they
        // are), with no record built per row.
        // A table without a key is sought by its rowid, which the statement reads after the
        // model's columns: it is not one of them, and is left out.
        // JSON columns (`column json(body).address.city`) are selected after the row's columns
        // (and its rowid), read as the grid reads them, and written after the table's columns.
        let (sql, arguments) = try ordered.sql(appending: view.jsonColumns)
        let width = view.storedColumns.count
        let json = view.jsonColumns.count
        try database.amigo.engine.fetchInBatches(sql, arguments, describing: { _ in }) { row in
            guard json > 0 else { return try body(row, min(width, row.count)) }
            let values = (0..<min(width, row.count - json)).map(row.value(at:)) + (row.count - json..<row.count).map(row.value(at:))
            return try body(StatementRow(columns: view.columns, values: values), values.count)
        }
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

    /// Writes the map of the file (``schemaGraph()``) as a Mermaid `erDiagram` or a Graphviz
    /// `digraph` to `path` (`-`: standard output), complete or not at all, with the guards of
    /// ``export(format:to:force:header:)``; returns the number of tables drawn.
    ///
    /// - Throws: ``ShellError/usage(command:usage:)`` for a format that is not a diagram;
    ///   ``ShellError/cannotWrite(path:reason:)`` and the other errors of ``OutputFile``.
    func exportDiagram(format: Command.ExportFormat, to path: String, force: Bool = false) throws -> Int {
        let graph = try tableList.schemaGraph()
        let text: String
        switch format {
        case .mermaid: text = MermaidDiagram.text(graph)
        case .dot: text = DotDiagram.text(graph)
        case .csv, .json: throw ShellError.usage(command: "export", usage: "export mermaid|dot FILE (a map of the file)")
        }
        let file = try OutputFile.open(path, databasePath: database.databaseFile, attachedFiles: try database.attachedFiles(), standardOutput: standardOutputWriter,
                                       force: force, replacing: true, command: "export")
        defer { file.close() }
        try file.write(text)
        try file.commit()
        return graph.nodes.count
    }

    /// Writes the current row nested `depth` deep (``EntityJSON``) to `path` (`-`: standard output),
    /// with the guards of ``export(format:to:force:header:)``; returns what was written (`1 row
    /// with 11 related`).
    func exportEntity(to path: String, depth: Int, force: Bool = false) throws -> String {
        guard let view = navigator.current else { throw ShellError.noView(command: "export") }
        guard view.isModelView else { throw ShellError.sqlResult(command: "export --depth", instead: "has no relationships; export json without --depth writes its rows") }
        guard let record = try navigator.currentRecord() else { throw ShellError.noCurrentRow(command: "export") }
        var writer = EntityJSON(session: database.session)
        let text = try writer.text(of: record, depth: depth)
        let file = try OutputFile.open(path, databasePath: database.databaseFile, attachedFiles: try database.attachedFiles(), standardOutput: standardOutputWriter,
                                       force: force, replacing: true, command: "export")
        defer { file.close() }
        try file.write(text)
        try file.commit()
        return navigator.rowCaption(record) + (writer.rowsWritten > 1 ? " with \(writer.rowsWritten - 1) related" : "")
    }
}
