/// Rows an engine reads in place from its client library's result (libpq's `PGresult`, say),
/// so that a ``StatementRow`` over them copies nothing until a column is asked for: the same
/// way SQLite's rows read the running statement.
///
/// An engine subclasses it and overrides ``columnCount``, ``columnName(_:)`` and
/// ``value(row:column:)``; the typed readers go through ``value(row:column:)`` by default and
/// follow the ORM's conversion rules (``DatabaseValue/integerValue``,
/// ``DatabaseValue/doubleValue``, ``DatabaseValue/textValue``), and an engine overrides those it
/// can read faster from its buffer — with the same results.
///
/// A class rather than a protocol, so that a row holds one plain reference to it (a
/// ``StatementRow`` stays as small as SQLite's rows need). A source is only read inside the
/// closure its rows are passed to, on the engine's thread.
open class RowSource {
    /// Creates a source.
    public init() {}

    /// The number of columns of every row.
    open var columnCount: Int { 0 }

    /// The name of column `column`.
    open func columnName(_ column: Int) -> String { "column\(column + 1)" }

    /// The value at `row`, `column`, as the ORM's value.
    open func value(row: Int, column: Int) -> DatabaseValue { .null }

    /// Whether the value at `row`, `column` is NULL.
    open func isNull(row: Int, column: Int) -> Bool { value(row: row, column: column).isNull }

    /// The storage class of the value at `row`, `column`.
    open func storageClass(row: Int, column: Int) -> StatementRow.StorageClass {
        StatementRow.StorageClass(of: value(row: row, column: column))
    }

    /// The value at `row`, `column` as an integer (0 for what does not convert).
    open func int64(row: Int, column: Int) -> Int64 { value(row: row, column: column).integerValue ?? 0 }

    /// The value at `row`, `column` as a double (0 for what does not convert).
    open func double(row: Int, column: Int) -> Double { value(row: row, column: column).doubleValue ?? 0 }

    /// The value at `row`, `column` as text; nil for NULL (bytes are decoded as UTF-8).
    open func optionalString(row: Int, column: Int) -> String? {
        StatementRow.text(of: value(row: row, column: column))
    }

    /// The value at `row`, `column` as bytes (text as its UTF-8; empty for NULL).
    open func bytes(row: Int, column: Int) -> [UInt8] { StatementRow.bytes(of: value(row: row, column: column)) }

    /// The value at `row`, `column` as a ``RowCell`` (``StatementRow/cell(at:)``): by default
    /// the ``value(row:column:)``; an engine hands text and bytes from its buffer instead, valid
    /// until the next cell is read.
    open func cell(row: Int, column: Int) -> RowCell { valueCell(row: row, column: column) }
}
