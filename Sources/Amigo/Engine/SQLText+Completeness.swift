// SQLText: whether text ends a statement, by SQLite's own tokenizer (the C API stays in Engine/).

import CSQLite

extension SQLText {
    /// Whether `sql` ends a statement: its last token is a `;` outside quotes, comments and a
    /// trigger's `BEGIN … END` (SQLite's own `sqlite3_complete`), as sqlite3 decides when to run
    /// what was typed over several lines. Blank text is not a statement, so not complete.
    package static func isComplete(_ sql: String) -> Bool {
        sqlite3_complete(sql) != 0
    }
}
