import Amigo

/// sqlite3's `.mode insert [TABLE]`: each row as the INSERT statement that adds it, the values
/// as `.mode quote` writes them (a text with line breaks in sqlite3's `replace(…, char(10))`);
/// with headers on, the column names after the table's. The table is `table` unless named.
///
///     INSERT INTO "table" VALUES(1,'it''s',NULL,X'00ff',2.0);
///     INSERT INTO t(a,b) VALUES(1,'x');
package struct InsertFormatter: RowFormatter {
    private let table: String
    private let header: Bool
    private var columns: [String] = []

    /// An insert formatter into `table` (sqlite3's default name is `table`); `header` names the columns.
    package init(table: String?, header: Bool) {
        self.table = table ?? "table"
        self.header = header
    }

    public mutating func begin(columns: [String]) -> String {
        self.columns = columns
        return ""
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        SQLiteInsertText.statement(into: table, columns: header ? columns : nil, literals: values.map(SQLiteInsertText.literal))
    }

    public mutating func end(rowCount: Int) -> String { "" }
}
