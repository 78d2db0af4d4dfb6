import Foundation

/// A Swift type that can be stored in a column: String, the integer types, Double, Float, Bool,
/// Date, Data, [UInt8], Decimal, UUID and DatabaseValue itself.
public protocol DatabaseValueConvertible: Sendable {
    /// The value as stored.
    var databaseValue: DatabaseValue { get }
    /// Converts a stored value, or returns nil when it cannot represent one.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
    /// The column kind used when a model declares a property of this type.
    static var columnKind: ColumnKind { get }
    /// Reads column `index` of `row` directly (the fast path when fetching models).
    static func read(_ row: StatementRow, at index: Int) -> Self?
}

extension DatabaseValueConvertible {
    public static func read(_ row: StatementRow, at index: Int) -> Self? {
        fromDatabaseValue(row.value(at: index))
    }
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
    public static var columnKind: ColumnKind { .blob }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        switch value {
        case .text(let s): return s
        case .integer, .real: return value.textValue
        case .blob(let b): return String(decoding: b, as: UTF8.self)
        case .null: return nil
        }
    }
    public static var columnKind: ColumnKind { .text }
    @inline(__always) public static func read(_ row: StatementRow, at index: Int) -> String? {
        row.isNull(at: index) ? nil : row.string(at: index)
    }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? { value.integerValue }
    public static var columnKind: ColumnKind { .integer }
    @inline(__always) public static func read(_ row: StatementRow, at index: Int) -> Int64? {
        row.isNull(at: index) ? nil : row.int64(at: index)
    }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? { value.integerValue.flatMap { Int(exactly: $0) } }
    public static var columnKind: ColumnKind { .integer }
    @inline(__always) public static func read(_ row: StatementRow, at index: Int) -> Int? {
        row.isNull(at: index) ? nil : Int(truncatingIfNeeded: row.int64(at: index))
    }
}

extension Int32: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int32? { value.integerValue.flatMap { Int32(exactly: $0) } }
    public static var columnKind: ColumnKind { .integer }
}

extension Int16: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int16? { value.integerValue.flatMap { Int16(exactly: $0) } }
    public static var columnKind: ColumnKind { .integer }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? { value.doubleValue }
    public static var columnKind: ColumnKind { .real }
    @inline(__always) public static func read(_ row: StatementRow, at index: Int) -> Double? {
        row.isNull(at: index) ? nil : row.double(at: index)
    }
}

extension Float: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(Double(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Float? { value.doubleValue.map { Float($0) } }
    public static var columnKind: ColumnKind { .real }
}

extension Bool: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        if case .text(let s) = value {
            switch s.lowercased() { case "true", "yes": return true; case "false", "no": return false; default: break }
        }
        return value.integerValue.map { $0 != 0 }
    }
    public static var columnKind: ColumnKind { .boolean }
}

extension Data: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .blob([UInt8](self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        switch value {
        case .blob(let b): return Data(b)
        case .text(let s): return Data(s.utf8)
        default: return nil
        }
    }
    public static var columnKind: ColumnKind { .blob }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
    public var databaseValue: DatabaseValue { .blob(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> [UInt8]? {
        switch value {
        case .blob(let b): return b
        case .text(let s): return Array(s.utf8)
        default: return nil
        }
    }
    public static var columnKind: ColumnKind { .blob }
}

extension Decimal: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(NSDecimalNumber(decimal: self).stringValue) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Decimal? {
        switch value {
        case .text(let s): return Decimal(string: s, locale: Locale(identifier: "en_US_POSIX"))
        case .integer(let i): return Decimal(i)
        case .real(let d): return Decimal(string: String(d), locale: Locale(identifier: "en_US_POSIX"))
        default: return nil
        }
    }
    public static var columnKind: ColumnKind { .decimal }
}

extension UUID: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .blob(withUnsafeBytes(of: uuid) { Array($0) }) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> UUID? {
        switch value {
        case .blob(let b) where b.count == 16: return UUID(uuidString: UUIDCoding.string(from: b))
        case .text(let s): return UUID(uuidString: s)
        default: return nil
        }
    }
    public static var columnKind: ColumnKind { .uuid }
}

extension Date: DatabaseValueConvertible {
    /// Stored as `yyyy-MM-dd HH:mm:ss.SSS` in UTC, which sorts and compares correctly as text.
    public var databaseValue: DatabaseValue {
        // Dates beyond what the text form can hold (±292 million years, infinity) are stored as seconds.
        guard Int64(exactly: (timeIntervalSince1970 * 1000).rounded()) != nil else { return .real(timeIntervalSince1970) }
        return .text(DateCoding.string(from: self))
    }
    /// Reads ISO-8601 text (with or without `T`, fraction, `Z`), or a number of seconds since 1970.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        switch value {
        case .text(let s): return DateCoding.date(from: s)
        case .integer(let i): return Date(timeIntervalSince1970: TimeInterval(i))
        case .real(let d): return Date(timeIntervalSince1970: d)
        default: return nil
        }
    }
    public static var columnKind: ColumnKind { .date }
}

/// Date ↔ text conversions in UTC, without DateFormatter (which is slow and not thread-safe to share).
enum DateCoding {
    static func string(from date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = millis / 1000
        var ms = millis % 1000
        if ms < 0 { ms += 1000; seconds -= 1 }
        var days = seconds / 86400
        var rest = seconds % 86400
        if rest < 0 { rest += 86400; days -= 1 }
        let (y, m, d) = civil(fromDays: days)
        return String(format: "%04lld-%02lld-%02lld %02lld:%02lld:%02lld.%03lld", y, m, d, rest / 3600, rest % 3600 / 60, rest % 60, ms)
    }

    static func date(from text: String) -> Date? {
        let s = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= s.count else { return nil }
            var v: Int64 = 0
            for c in s[from..<from + count] {
                guard c >= 48 && c <= 57 else { return nil }
                v = v * 10 + Int64(c - 48)
            }
            return v
        }
        guard let y = number(0, 4), s.count >= 10, s[4] == 45, let m = number(5, 2), s[7] == 45, let d = number(8, 2) else { return nil }
        var h: Int64 = 0, mi: Int64 = 0, sec: Int64 = 0, frac = 0.0
        var i = 10
        if s.count > 10 && (s[10] == 32 || s[10] == 84) {
            guard let hh = number(11, 2), s.count > 13, s[13] == 58, let mm = number(14, 2) else { return nil }
            h = hh; mi = mm; i = 16
            if s.count > 16 && s[16] == 58 {
                guard let ss = number(17, 2) else { return nil }
                sec = ss; i = 19
                if s.count > 19 && s[19] == 46 {
                    var j = 20; var scale = 0.1
                    while j < s.count, s[j] >= 48 && s[j] <= 57 { frac += Double(s[j] - 48) * scale; scale /= 10; j += 1 }
                    i = j
                }
            }
        }
        var offset: Int64 = 0
        if i < s.count {
            if s[i] == 90 { i += 1 } else if s[i] == 43 || s[i] == 45, let oh = number(i + 1, 2) {
                let om = (s.count >= i + 6 && s[i + 3] == 58) ? (number(i + 4, 2) ?? 0) : (number(i + 3, 2) ?? 0)
                offset = (oh * 3600 + om * 60) * (s[i] == 45 ? -1 : 1)
                i = s.count
            } else { return nil }
        }
        let days = daysFromCivil(y, m, d)
        let seconds = days * 86400 + h * 3600 + mi * 60 + sec - offset
        return Date(timeIntervalSince1970: Double(seconds) + frac)
    }

    // Howard Hinnant's civil-from-days algorithms.
    private static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    private static func daysFromCivil(_ y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }
}
