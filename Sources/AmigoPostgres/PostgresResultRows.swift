// The rows of a libpq result, read in place by the ORM (a RowSource).

import Amigo
import CPostgreSQL
import Foundation

/// The rows of a `PGresult` in text format, read in place: a ``StatementRow`` over them reads a
/// column from libpq's buffer only when the ORM asks for it, converting by the column's type
/// OID as ``PostgresEngine/value(text:type:)`` does — integers, floating point and booleans
/// without making a `String` first, text straight into the property's `String`.
///
/// Valid while the result is (the engine clears it after the last row). A streamed query's rows
/// come one `PGresult` each (libpq's single-row mode): the engine points ``result`` at each in
/// turn, the columns read once from the first.
final class PostgresResultRows: RowSource {
    typealias TypeOID = PostgresEngine.TypeOID

    /// The `PGresult*` (of the current row, when streamed).
    var result: OpaquePointer
    /// The column names.
    let names: [String]
    /// The type OID of each column.
    let types: [UInt32]
    /// The number of rows.
    let rowCount: Int

    init(_ result: OpaquePointer) {
        self.result = result
        let fields = Int(PQnfields(result))
        self.names = (0..<fields).map { String(cString: PQfname(result, Int32($0))) }
        self.types = (0..<fields).map { PQftype(result, Int32($0)) }
        self.rowCount = Int(PQntuples(result))
        super.init()
    }

    override var columnCount: Int { names.count }

    override func columnName(_ column: Int) -> String { names[column] }

    /// The columns' names and ``ValueForm``s, by their type OIDs.
    var resultColumns: [ResultColumn] {
        zip(names, types).map { ResultColumn(name: $0, form: PostgresEngine.valueForm(ofType: $1)) }
    }

    /// Whether a column of type `type` is read as text exactly as libpq returns it.
    @inline(__always) static func isPlainText(_ type: UInt32) -> Bool {
        switch type {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid, TypeOID.float4, TypeOID.float8,
             TypeOID.bool, TypeOID.bytea:
            return false
        default:
            return true
        }
    }

    override func isNull(row: Int, column: Int) -> Bool {
        PQgetisnull(result, Int32(row), Int32(column)) != 0
    }

    override func storageClass(row: Int, column: Int) -> StatementRow.StorageClass {
        if isNull(row: row, column: column) { return .null }
        switch types[column] {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid, TypeOID.bool: return .integer
        case TypeOID.float4, TypeOID.float8: return .real
        case TypeOID.bytea: return .blob
        default: return .text
        }
    }

    override func int64(row: Int, column: Int) -> Int64 {
        switch types[column] {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            // NULL is an empty string: 0, as for SQLite.
            return strtoll(PQgetvalue(result, Int32(row), Int32(column)), nil, 10)
        case TypeOID.bool:
            return PQgetvalue(result, Int32(row), Int32(column)).pointee == CChar(UInt8(ascii: "t")) ? 1 : 0
        case TypeOID.numeric:
            // The server's exact text: a whole number (`5`, `100.00`) as that integer.
            let value = value(row: row, column: column)
            if let integer = value.integerValue { return integer }
            if let double = value.doubleValue, double.rounded() == double, abs(double) < 9.2e18 { return Int64(double) }
            return 0
        default:
            return value(row: row, column: column).integerValue ?? 0
        }
    }

    override func double(row: Int, column: Int) -> Double {
        switch types[column] {
        case TypeOID.float4, TypeOID.float8:
            // strtod reads the decimal point of the process's locale (amigo-shell sets the
            // user's): what it does not read whole goes the general way, which does not.
            if let raw = PQgetvalue(result, Int32(row), Int32(column)), raw.pointee != 0 {
                var end: UnsafeMutablePointer<CChar>?
                let number = strtod(raw, &end)
                if let end, end.pointee == 0 { return number }
            }
            return value(row: row, column: column).doubleValue ?? 0
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            return Double(strtoll(PQgetvalue(result, Int32(row), Int32(column)), nil, 10))
        default:
            return value(row: row, column: column).doubleValue ?? 0
        }
    }

    override func optionalString(row: Int, column: Int) -> String? {
        let r = Int32(row), c = Int32(column)
        let type = types[column]
        switch type {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            // An integer's text form is the same as the ORM writes it.
            break
        default:
            guard PostgresResultRows.isPlainText(type) else { return StatementRow.text(of: value(row: row, column: column)) }
        }
        guard let raw = PQgetvalue(result, r, c) else { return nil }
        if raw.pointee == 0 { return PQgetisnull(result, r, c) != 0 ? nil : "" }
        return PostgresResultRows.text(raw, length: Int(PQgetlength(result, r, c)))
    }

    override func bytes(row: Int, column: Int) -> [UInt8] {
        StatementRow.bytes(of: value(row: row, column: column))
    }

    /// The value at `row`, `column`, by the column's type OID.
    override func value(row: Int, column: Int) -> DatabaseValue {
        PostgresResultRows.value(result, row: row, column: column, type: types[column])
    }

    /// The value at `row`, `column` read in place for a text output: the server's text where
    /// converting it would give back the same text (integers, `numeric`, text, dates, JSON …,
    /// floating point with a fraction), `bytea`'s bytes decoded into ``scratch``, and booleans
    /// and anything else as their ``DatabaseValue``.
    override func cell(row: Int, column: Int) -> RowCell {
        let r = Int32(row), c = Int32(column)
        guard let raw = PQgetvalue(result, r, c) else { return .null }
        if raw.pointee == 0 && PQgetisnull(result, r, c) != 0 { return .null }
        let length = Int(PQgetlength(result, r, c))
        let text = UnsafeRawBufferPointer(start: raw, count: length)
        switch types[column] {
        case TypeOID.bool:
            return .value(.integer(raw.pointee == CChar(UInt8(ascii: "t")) ? 1 : 0))
        case TypeOID.float4, TypeOID.float8:
            // The server writes the shortest text that reads back exactly, as Swift does: the
            // same digits, and in plain notation (no exponent) only where Swift's is plain too.
            // A whole number (`3`, which Swift writes `3.0`) and the rest go the general way.
            return Self.isPlainFraction(text) ? .text(text) : valueCell(row: row, column: column)
        case TypeOID.bytea:
            guard let bytes = decodeHexBytea(text) else { return valueCell(row: row, column: column) }
            return .blob(bytes)
        default:
            return .text(text)
        }
    }

    /// Whether `text` is `-?digits.digits`: a floating-point value's text that Swift's
    /// `description` of the same number writes alike.
    static func isPlainFraction(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = text.first == UInt8(ascii: "-") ? 1 : 0
        var digitsBefore = 0, digitsAfter = 0, point = false
        while index < text.count {
            let byte = text[index]
            if byte >= 0x30 && byte <= 0x39 {
                if point { digitsAfter += 1 } else { digitsBefore += 1 }
            } else if byte == UInt8(ascii: ".") && !point {
                point = true
            } else {
                return false
            }
            index += 1
        }
        return point && digitsBefore > 0 && digitsAfter > 0
    }

    /// Bytes a `bytea` cell decodes to (from `\x` and hex), reused from cell to cell.
    private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    deinit { scratch.deallocate() }

    /// `bytea` output in hex format (`\x0aff`) decoded into ``scratch``; nil when it is not that form.
    private func decodeHexBytea(_ text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0 else { return nil }
        let count = (text.count - 2) / 2
        if scratch.count < count {
            scratch.deallocate()
            scratch = .allocate(byteCount: max(count, 2 * scratch.count, 64), alignment: 1)
        }
        var index = 2
        for position in 0..<count {
            guard let high = PostgresEngine.nibble(text[index]), let low = PostgresEngine.nibble(text[index + 1]) else { return nil }
            scratch[position] = high << 4 | low
            index += 2
        }
        return UnsafeRawBufferPointer(rebasing: scratch[0..<count])
    }

    /// `length` bytes at `raw` as text.
    @inline(__always) static func text(_ raw: UnsafeMutablePointer<CChar>, length: Int) -> String {
        raw.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The value at `row`, `column` of `result`, by the column's type OID (asked of libpq when nil).
    static func value(_ result: OpaquePointer, row: Int, column: Int, type: UInt32? = nil) -> DatabaseValue {
        let r = Int32(row), c = Int32(column)
        guard let raw = PQgetvalue(result, r, c) else { return .null }
        // libpq gives NULL as an empty string: only an empty value needs asking which it is.
        if raw.pointee == 0 && PQgetisnull(result, r, c) != 0 { return .null }
        let type = type ?? PQftype(result, c)
        // Integers, floats and booleans are read from libpq's buffer (NUL-terminated) without
        // making a String first; anything that does not parse whole goes the general way.
        if raw.pointee != 0 {
            switch type {
            case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
                var end: UnsafeMutablePointer<CChar>?
                errno = 0
                let number = strtoll(raw, &end, 10)
                if errno == 0, let end, end.pointee == 0 { return .integer(Int64(number)) }
            case TypeOID.float4, TypeOID.float8:
                // Not read whole (a locale whose decimal point is not "."): the general way below.
                var end: UnsafeMutablePointer<CChar>?
                let number = strtod(raw, &end)
                if let end, end.pointee == 0 { return .real(number) }
            case TypeOID.bool:
                return .integer(raw.pointee == CChar(UInt8(ascii: "t")) ? 1 : 0)
            default:
                break
            }
        }
        let text = self.text(raw, length: Int(PQgetlength(result, r, c)))
        return PostgresEngine.value(text: text, type: type)
    }
}
