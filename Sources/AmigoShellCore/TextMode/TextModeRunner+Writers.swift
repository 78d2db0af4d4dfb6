// TextModeRunner: the writer rows go out through, in the current mode and settings.

import Amigo

extension TextModeRunner {
    /// A writer of rows in the current mode (or `mode`), to where output goes now: the mode's
    /// own separator unless `.separator` chose one since (``separatorIsChosen``), CSV quoted as
    /// sqlite3 quotes it on SQLite.
    func rowWriter(_ mode: OutputMode? = nil) -> RowWriter {
        let header = mode == .list && !headerIsChosen ? false : self.header
        let chosen = mode ?? self.mode
        var formatter = chosen.formatter(header: header, separator: separatorIsChosen ? separator : chosen.defaultSeparator,
                                         nullValue: nullValue, insertTable: insertTable,
                                         sqlite3CSV: explorer.isSQLite, rowSeparator: rowSeparator)
        if var columns = formatter as? ColumnFormatter {
            columns.minimumWidths = columnWidths
            let options = columnarOptions ?? .defaults(for: chosen)
            columns.wrapWidth = options.wrap
            columns.wordWrap = options.wordWrap
            columns.quotesValues = options.quote
            formatter = columns
        }
        // Raw or made safe by the mode the rows are written in (a query in sqlite3's list mode
        // is written raw, as after `.mode list`).
        let raw = !chosen.isForPeople
        return RowWriter(formatter: formatter) { [unowned self] in try self.write($0, raw: raw) }
    }
}
