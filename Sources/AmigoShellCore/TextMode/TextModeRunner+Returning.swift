// TextModeRunner: a script's writing statement and the rows it returns (`RETURNING`).

import Amigo

extension TextModeRunner {
    /// Runs `sql`, a statement a script writes without the `sql` word, on the script's
    /// transaction (``ScriptTransaction``), and writes the rows it returns as sqlite3 does — in
    /// sqlite3's list mode until the script chose a mode, else in the mode chosen; returns the
    /// note for standard error, if any.
    func runScriptStatement(_ sql: String) throws -> String? {
        var writer: RowWriter?
        let sqlite3Form = !modeIsChosen && explorer.isSQLite
        let returned = ReturnedRows(columns: { [unowned self] columns in
            let started = rowWriter(sqlite3Form ? .list : nil)
            try started.begin(columns: columns.map(\.name), forms: columns.map(\.form))
            writer = started
        }, row: { row in try writer?.write(row, columns: row.count) })
        let note = try scriptTransaction.run(sql, on: explorer, returned: returned)
        try writer?.finish()
        return note
    }
}
