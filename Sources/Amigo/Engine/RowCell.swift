// RowCell: one column of a row as the bytes an output writes, read in place (no String, no array).

import CSQLite

/// One column of a ``StatementRow`` as a text output (CSV, TSV) writes it, read in place from
/// the engine's buffer: text as its UTF-8 bytes and BLOBs as their bytes, valid only while the
/// row is (inside the closure it is passed to) and until the next cell of the row is read, so
/// that writing a row allocates nothing per value. Numbers and anything an engine cannot hand as text come as a ``DatabaseValue``.
///
/// ``text(_:)`` is the value's text as ``StatementRow/value(at:)`` would give it: SQLite's text
/// as stored; PostgreSQL's text-format value where converting it would give back the same text
/// (integers, `numeric`, dates, `uuid`, JSON, text, floating point with a fraction). An output
/// writes it as it writes a ``DatabaseValue/text(_:)`` of those bytes (quoted or escaped as its
/// format says), whatever the column's ``ValueForm``.
public enum RowCell {
    /// NULL.
    case null
    /// The value's text, UTF-8 (not checked: bytes a file holds as they are).
    case text(UnsafeRawBufferPointer)
    /// A BLOB's bytes.
    case blob(UnsafeRawBufferPointer)
    /// Any other value (an integer, a real, a boolean, a value that is not already text).
    case value(DatabaseValue)
}

extension StatementRow {
    /// Column `index` as a ``RowCell``, read in place: nothing is copied or allocated for text
    /// and BLOBs (SQLite's `sqlite3_column_text`, a ``RowSource``'s own buffer).
    @inline(__always) public func cell(at index: Int) -> RowCell {
        switch storage {
        case .sqlite(let handle):
            let column = Int32(index)
            switch sqlite3_column_type(handle, column) {
            case SQLITE_NULL: return .null
            case SQLITE_INTEGER: return .value(.integer(sqlite3_column_int64(handle, column)))
            case SQLITE_FLOAT: return .value(.real(sqlite3_column_double(handle, column)))
            case SQLITE_TEXT:
                let pointer = sqlite3_column_text(handle, column)
                return .text(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))))
            default:
                let pointer = sqlite3_column_blob(handle, column)
                let length = Int(sqlite3_column_bytes(handle, column))
                return .blob(UnsafeRawBufferPointer(start: length > 0 ? pointer : nil, count: length > 0 ? length : 0))
            }
        case .source(let reference, let row): return reference.withSource { $0.cell(row: row, column: index) }
        case .values(_, let values): return .value(values[index])
        }
    }
}

extension RowSource {
    /// ``StatementRow/cell(at:)`` by way of ``value(row:column:)``: an engine that can hand its
    /// buffer's text overrides ``cell(row:column:)``.
    @inline(__always) public func valueCell(row: Int, column: Int) -> RowCell {
        let value = value(row: row, column: column)
        return value.isNull ? .null : .value(value)
    }
}
