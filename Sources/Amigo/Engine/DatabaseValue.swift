import Foundation

/// One SQLite value, as stored in a column or bound to a `?` parameter.
///
/// The five cases are SQLite's five storage classes. Every value a user types into a
/// filter, and every value the ORM writes, travels as a `DatabaseValue` and is bound as a
/// parameter; it is never spliced into SQL text.
public enum DatabaseValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit IEEE float.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// Whether this is SQL NULL.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The value as an integer, converting reals that hold whole numbers and numeric text.
    public var integerValue: Int64? {
        switch self {
        case .integer(let v): return v
        case .real(let d): return d.rounded() == d && abs(d) < 9.2e18 ? Int64(d) : nil
        case .text(let s): return Int64(s.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// The value as a double, converting integers and numeric text.
    public var doubleValue: Double? {
        switch self {
        case .integer(let v): return Double(v)
        case .real(let d): return d
        case .text(let s): return Double(s.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// The value as text: text itself, or the SQL text form of numbers; nil for NULL and blobs.
    public var textValue: String? {
        switch self {
        case .text(let s): return s
        case .integer(let v): return String(v)
        case .real(let d): return DatabaseValue.format(d)
        default: return nil
        }
    }

    /// The name of SQLite's storage class for this value (`NULL`, `INTEGER`, `REAL`, `TEXT`, `BLOB`).
    public var storageClassName: String {
        switch self {
        case .null: return "NULL"
        case .integer: return "INTEGER"
        case .real: return "REAL"
        case .text: return "TEXT"
        case .blob: return "BLOB"
        }
    }

    /// Formats a double the way SQLite prints it: whole numbers keep one decimal (`2.0`), others
    /// at most 15 significant digits.
    static func format(_ d: Double) -> String {
        if d.rounded() == d && abs(d) < 1e15 { return String(format: "%.1f", d) }
        // 15 significant digits, as SQLite prints reals: 0.3, not 0.30000000000000004.
        return String(format: "%.15g", d)
    }
}

extension DatabaseValue: CustomStringConvertible {
    /// A readable literal: `NULL`, `42`, `1.5`, `'it''s'`, `x'00ff'`, as shown in echo output.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let v): return String(v)
        case .real(let d): return DatabaseValue.format(d)
        case .text(let s): return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let b):
            if b.count > 32 { return "x'" + ByteText.hex(Array(b.prefix(32))) + "…' (\(b.count) bytes)" }
            return "x'" + ByteText.hex(b) + "'"
        }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    /// Booleans are stored as the integers 1 and 0, as SQLite does.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
