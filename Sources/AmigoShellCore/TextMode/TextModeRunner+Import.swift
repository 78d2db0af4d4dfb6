import Amigo
import Foundation

/// Text mode's `import FILE TABLE` (sqlite3's `.import`).
extension TextModeRunner {
    /// `import FILE TABLE`: the file's rows into the table (made from the first row when
    /// missing), committed at once as a script's statements are unless a `BEGIN` is open or
    /// other changes are pending.
    func importFile(_ path: String, into table: String, csv: Bool, skip: Int) throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ShellError.importFile(path: path, reason: "cannot be read" + ((error as NSError).localizedFailureReason.map { ": \($0)" } ?? ""))
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ShellError.importFile(path: path, reason: "is not UTF-8 text") }
        // As sqlite3's: importing in csv mode (not --csv) leaves CSV rows ending in a line feed
        // from then on, where `.mode csv` ended them with CRLF.
        if !csv, mode == .csv, rowSeparator == nil { rowSeparator = "\n" }
        let separator: Character = csv || mode == .csv ? "," : mode == .tsv || (mode == .tabs && !separatorIsChosen) ? "\t" : separator.first ?? "|"
        var rows = Array(DelimitedText.rows(text, separator: separator).dropFirst(skip))
        let header = rows.first ?? []
        let pendingBefore = explorer.pendingChanges
        let exists = try explorer.amigo.engine.schemaCatalog.entries().contains { $0.name.lowercased() == table.lowercased() }
        if !exists, !rows.isEmpty { rows.removeFirst() }
        let values = rows.map { $0.map { DatabaseValue.text($0) } }
        // A write like the others: in the change log, with its savepoint (so `undo` takes back
        // exactly the import), and the models read again when it made a table.
        let explorer = self.explorer
        let write = PendingWrite(
            command: "import", title: "import \(path) into \(table)",
            statements: ["import \(Plural.count(values.count, "row")) of \(path) into \(table)"], cascade: nil,
            run: {
                let result = try explorer.session.importRows(into: table, header: header, rows: values)
                if result.createdTable { explorer.schemaChangesPending += 1 }
                return "imported \(Plural.count(result.rowCount, "row")) into \(table)"
            },
            settle: {
                if explorer.schemaVersion() != explorer.reflectedSchemaVersion { try explorer.reflectAgain(keepingChanges: true) }
                explorer.tableCountsAreStale = true
            })
        _ = try explorer.perform(write, keepingSavepoint: !scriptTransaction.isOpen)
        if !scriptTransaction.isOpen && pendingBefore == 0 { try explorer.commit() }
    }
}
