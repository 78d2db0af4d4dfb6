/// Rows an engine reads in place from its client library's result (libpq's `PGresult`, say),
/// so that a ``StatementRow`` over them copies nothing until a column is asked for: the same
/// way SQLite's rows read the running statement.
///
/// An engine implements ``columnCount``, ``columnName(_:)`` and ``value(row:column:)``; the
/// typed readers have defaults that go through ``value(row:column:)`` and follow the ORM's
/// conversion rules (``DatabaseValue/integerValue``, ``DatabaseValue/doubleValue``,
/// ``DatabaseValue/textValue``), and an engine overrides those it can read faster from its
/// buffer — with the same results.
///
/// A source is only read inside the closure its rows are passed to, on the engine's thread.
public protocol RowSource: AnyObject {
    /// The number of columns of every row.
    var columnCount: Int { get }
    /// The name of column `column`.
    func columnName(_ column: Int) -> String
    /// The value at `row`, `column`, as the ORM's value.
    func value(row: Int, column: Int) -> DatabaseValue
    /// Whether the value at `row`, `column` is NULL.
    func isNull(row: Int, column: Int) -> Bool
    /// The storage class of the value at `row`, `column`.
    func storageClass(row: Int, column: Int) -> StatementRow.StorageClass
    /// The value at `row`, `column` as an integer (0 for what does not convert).
    func int64(row: Int, column: Int) -> Int64
    /// The value at `row`, `column` as a double (0 for what does not convert).
    func double(row: Int, column: Int) -> Double
    /// The value at `row`, `column` as text; nil for NULL (bytes are decoded as UTF-8).
    func optionalString(row: Int, column: Int) -> String?
    /// The value at `row`, `column` as bytes (text as its UTF-8; empty for NULL).
    func bytes(row: Int, column: Int) -> [UInt8]
}

extension RowSource {
    /// Through ``value(row:column:)``.
    public func isNull(row: Int, column: Int) -> Bool { value(row: row, column: column).isNull }

    /// Through ``value(row:column:)``.
    public func storageClass(row: Int, column: Int) -> StatementRow.StorageClass {
        StatementRow.StorageClass(of: value(row: row, column: column))
    }

    /// Through ``value(row:column:)``.
    public func int64(row: Int, column: Int) -> Int64 { value(row: row, column: column).integerValue ?? 0 }

    /// Through ``value(row:column:)``.
    public func double(row: Int, column: Int) -> Double { value(row: row, column: column).doubleValue ?? 0 }

    /// Through ``value(row:column:)``.
    public func optionalString(row: Int, column: Int) -> String? {
        StatementRow.text(of: value(row: row, column: column))
    }

    /// Through ``value(row:column:)``.
    public func bytes(row: Int, column: Int) -> [UInt8] { StatementRow.bytes(of: value(row: row, column: column)) }
}
