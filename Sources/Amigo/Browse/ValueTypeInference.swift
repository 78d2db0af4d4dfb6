/// The type a column of imported text takes from its values (``TypedImport``): the narrowest of
/// INTEGER, REAL and TEXT that holds every value without changing how it reads.
///
/// - `integer`: an optional `-`, then `0` or digits not starting with `0`, within 64 bits
///   (`42`, `-7`; not `007`, `+5` or `99999999999999999999`, which stay text as written).
/// - `real`: an integer part as above, then a fraction (`.` and digits) and/or an exponent
///   (`1.5`, `-0.25`, `6.02e23`), finite.
/// - `empty`: no bytes at all; the value is NULL and leaves the column's type alone.
/// - `text`: anything else.
///
/// A column's type is the widest of its values' (`integer` < `real` < `text`): integers and
/// reals mixed are REAL; a column of nothing but empty values is TEXT.
enum InferredType: Int, Comparable, Sendable {
    case empty, integer, real, text

    static func < (lhs: InferredType, rhs: InferredType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The column kind a column of values of this widest type is created with.
    var columnKind: ColumnKind {
        switch self {
        case .integer: return .integer
        case .real: return .real
        case .empty, .text: return .text
        }
    }

    /// The type of one value, from its UTF-8 bytes.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> InferredType {
        let n = bytes.count
        if n == 0 { return .empty }
        let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
        var i = 0
        if bytes[0] == UInt8(ascii: "-") { i = 1 }
        // The integer part: 0, or digits not starting with 0.
        let intStart = i
        while i < n && bytes[i] >= zero && bytes[i] <= nine { i += 1 }
        let intDigits = i - intStart
        if intDigits == 0 || (intDigits > 1 && bytes[intStart] == zero) { return .text }
        if i == n {
            // Within 64 bits: 18 digits always are; 19 are compared with Int64's limits.
            if intDigits < 19 { return .integer }
            if intDigits > 19 { return .text }
            return Int64(String(decoding: bytes, as: UTF8.self)) == nil ? .text : .integer
        }
        if bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < n && bytes[i] >= zero && bytes[i] <= nine { i += 1 }
            if i == fractionStart { return .text }
        }
        if i < n && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < n && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) { i += 1 }
            let exponentStart = i
            while i < n && bytes[i] >= zero && bytes[i] <= nine { i += 1 }
            if i == exponentStart { return .text }
        }
        guard i == n else { return .text }
        // 1e999 is not a finite number.
        if let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite { return .real }
        return .text
    }

    /// The type of one value given as text.
    static func of(_ text: String) -> InferredType {
        var text = text
        return text.withUTF8 { of($0) }
    }
}

/// Column names made usable from a header: an empty name becomes `column_N` (N its 1-based
/// position), and a name met before (ignoring case, as SQLite does) gets `_2`, `_3` … until it
/// is new: `name, name, ""` → `name, name_2, column_3`.
enum ColumnNames {
    /// The names of `header`, unique and none empty.
    static func unique(_ header: [String]) -> [String] {
        var used = Set<String>()
        var names: [String] = []
        names.reserveCapacity(header.count)
        for (index, raw) in header.enumerated() {
            let base = raw.allSatisfy(\.isWhitespace) ? "column_\(index + 1)" : raw
            var name = base
            var suffix = 2
            while used.contains(name.lowercased()) {
                name = "\(base)_\(suffix)"
                suffix += 1
            }
            used.insert(name.lowercased())
            names.append(name)
        }
        return names
    }
}
