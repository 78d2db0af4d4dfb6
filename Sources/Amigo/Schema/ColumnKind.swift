/// What a column holds, as the ORM sees it: the storage it is declared with and how values are
/// converted on the way in and out.
public enum ColumnKind: String, Sendable, Hashable, CaseIterable {
    /// Whole numbers (INTEGER affinity).
    case integer
    /// Floating point (REAL affinity).
    case real
    /// Text (TEXT affinity).
    case text
    /// Raw bytes (BLOB affinity).
    case blob
    /// NUMERIC affinity: SQLite stores integers or reals as it sees fit.
    case numeric
    /// A Bool stored as 0 or 1.
    case boolean
    /// A date stored as ISO-8601 text in UTC (`2024-01-31 12:00:00.000`).
    case date
    /// A UUID stored as 16 bytes, shown as a lower-case RFC 4122 string.
    case uuid
    /// A Decimal stored as text, so no digit is lost.
    case decimal

    /// The kind of column SQLite's affinity rules give a declared type such as `NVARCHAR(40)`.
    ///
    /// See https://www.sqlite.org/datatype3.html §3.1: INT → integer; CHAR, CLOB, TEXT → text;
    /// BLOB or no type → blob; REAL, FLOA, DOUB → real; anything else → numeric.
    /// `BOOL…` and `DATE…`/`TIME…` are recognised as booleans and dates for display.
    public static func affinity(ofDeclaredType declared: String) -> ColumnKind {
        let t = declared.uppercased()
        if t.contains("INT") { return .integer }
        if t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT") { return .text }
        if t.isEmpty || t.contains("BLOB") { return .blob }
        if t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB") { return .real }
        if t.hasPrefix("BOOL") { return .boolean }
        if t.contains("DATE") || t.contains("TIME") { return .date }
        return .numeric
    }

    /// Converts a value given for this column (by a model, a filter or a user) to what is stored.
    /// UUID strings become 16-byte blobs, booleans written as text become 0/1.
    public func toDatabase(_ value: DatabaseValue) -> DatabaseValue {
        switch (self, value) {
        case (.uuid, .text(let s)):
            if let bytes = UUIDCoding.bytes(from: s) { return .blob(bytes) }
            return value
        case (.boolean, .text(let s)):
            switch s.lowercased() {
            case "true", "yes", "1": return .integer(1)
            case "false", "no", "0": return .integer(0)
            default: return value
            }
        default:
            return value
        }
    }

    /// Converts a stored value to the form a run-time row shows (UUID blobs become strings).
    public func fromDatabase(_ value: DatabaseValue) -> DatabaseValue {
        if self == .uuid, case .blob(let b) = value, b.count == 16 { return .text(UUIDCoding.string(from: b)) }
        return value
    }
}

/// Conversions between RFC 4122 strings and 16 raw bytes.
enum UUIDCoding {
    static func bytes(from string: String) -> [UInt8]? {
        let hex = string.utf8.filter { $0 != UInt8(ascii: "-") }
        guard hex.count == 32, string.utf8.count == 36 || string.utf8.count == 32 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var iterator = hex.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let h = nibble(high), let l = nibble(low) else { return nil }
            bytes.append(h << 4 | l)
        }
        return bytes
    }

    static func string(from bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xf)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension ColumnKind {
    /// The standard SQL name of the kind's type, which a column declared in Swift reports as its
    /// ``Column/declaredType`` (each dialect's DDL writes its own name: ``SQLDialect/typeName(for:)``).
    public var portableTypeName: String {
        switch self {
        case .integer, .boolean: return "INTEGER"
        case .real: return "REAL"
        case .text, .decimal: return "TEXT"
        case .blob, .uuid: return "BLOB"
        case .date: return "DATETIME"
        case .numeric: return "NUMERIC"
        }
    }
}
