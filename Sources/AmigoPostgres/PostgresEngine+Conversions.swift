// PostgresEngine: conversions between PostgreSQL text forms and DatabaseValue.

import Amigo
import CPostgreSQL
import Dispatch
import Foundation

extension PostgresEngine {
    // MARK: Conversions

    /// Type OIDs of the built-in types the engine converts.
    enum TypeOID {
        static let bool: UInt32 = 16, bytea: UInt32 = 17, int8: UInt32 = 20, int2: UInt32 = 21, int4: UInt32 = 23
        static let oid: UInt32 = 26, float4: UInt32 = 700, float8: UInt32 = 701, numeric: UInt32 = 1700
        static let timestamp: UInt32 = 1114, timestamptz: UInt32 = 1184, uuid: UInt32 = 2950
        static let money: UInt32 = 790, json: UInt32 = 114, jsonb: UInt32 = 3802
    }

    /// A result value in text format as the ORM's value for a column of type `type`.
    static func value(text: String, type: UInt32) -> DatabaseValue {
        switch type {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            return Int64(text).map(DatabaseValue.integer) ?? .text(text)
        case TypeOID.float4, TypeOID.float8:
            switch text {
            case "NaN": return .real(.nan)
            case "Infinity": return .real(.infinity)
            case "-Infinity": return .real(-.infinity)
            default: return Double(text).map(DatabaseValue.real) ?? .text(text)
            }
        case TypeOID.numeric:
            // Exact, one type for the whole column: the server's text (`100.00`, `NaN`), scale
            // kept. Read as a number by a property that asks for one (integerValue, doubleValue).
            return .text(text)
        case TypeOID.bool:
            return .integer(text == "t" ? 1 : 0)
        case TypeOID.bytea:
            return .blob(bytes(fromByteaText: text) ?? Array(text.utf8))
        case TypeOID.uuid:
            return .text(text)    // as the server writes it; a UUID property reads it, a bound UUID is sent so
        default:
            return .text(text)
        }
    }

    /// Whether `text` has exactly the form the ORM writes a `Date` in: `yyyy-MM-dd HH:mm:ss.SSS`
    /// (UTC, milliseconds, no zone).
    static func isORMDateText(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 23 else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]
        let marks: [(Int, UInt8)] = [(4, 45), (7, 45), (10, 32), (13, 58), (16, 58), (19, 46)]
        return digits.allSatisfy { u[$0] >= 48 && u[$0] <= 57 } && marks.allSatisfy { u[$0.0] == $0.1 }
    }

    /// The bytes of `bytea` output in hex format (`\x0aff`).
    static func bytes(fromByteaText text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity((utf8.count - 2) / 2)
        var i = 2
        while i < utf8.count {
            guard let high = nibble(utf8[i]), let low = nibble(utf8[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 0xf)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text-format parameter for `value` bound where the server expects type `type`; nil for NULL.
    ///
    /// - Throws: ``AmigoError/database(_:)`` (SQLSTATE `22021`) for text holding U+0000, which
    ///   PostgreSQL text cannot store.
    static func parameterText(_ value: DatabaseValue, type: UInt32) throws -> String? {
        switch value {
        case .null: return nil
        case .integer(let v):
            if type == TypeOID.bool { return v != 0 ? "t" : "f" }
            return String(v)
        case .real(let d):
            if d.isNaN { return "NaN" }
            if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
            return "\(d)"
        case .text(let s):
            if s.utf8.contains(0) {
                throw AmigoError.database(DatabaseError(sqlState: "22021", message: "PostgreSQL text cannot contain the NUL character",
                                                        system: "PostgreSQL"))
            }
            // A `Date` as the ORM writes it (UTC, `2024-01-31 12:00:00.500`, no zone) is an
            // instant in UTC, whatever the session's time zone; typed text keeps the session's.
            if type == TypeOID.timestamptz && PostgresEngine.isORMDateText(s) { return s + "+00" }
            return s
        case .blob(let bytes):
            if type == TypeOID.uuid && bytes.count == 16 {
                let h = Array(hex(bytes))
                return String(h[0..<8]) + "-" + String(h[8..<12]) + "-" + String(h[12..<16]) + "-" + String(h[16..<20]) + "-" + String(h[20...])
            }
            return "\\x" + hex(bytes)
        }
    }
}
