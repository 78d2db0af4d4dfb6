import Amigo
import Foundation

/// One JSON array of objects, an object a line:
///
///     [
///       {"GenreId": 1, "Name": "Rock"},
///       {"GenreId": 2, "Name": "Jazz"}
///     ]
///
/// NULL is `null`, integers and reals are numbers (every digit; infinities as `1e999`), text is
/// a string (control characters escaped), and a BLOB is `{"$base64": true, "encoded": …}`, as
/// datasette writes binary values.
public struct JSONFormatter: RowFormatter {
    private var columns: [String] = []
    private var count = 0

    /// A JSON array formatter.
    public init() {}

    public mutating func begin(columns: [String]) -> String {
        self.columns = columns.map(Self.string)
        return "["
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        defer { count += 1 }
        return (count == 0 ? "\n  " : ",\n  ") + Self.object(keys: columns, values)
    }

    public mutating func end(rowCount: Int) -> String { count == 0 ? "]\n" : "\n]\n" }

    /// `{"key": value, …}` from keys already encoded as JSON strings.
    static func object(keys: [String], _ values: [DatabaseValue]) -> String {
        "{" + zip(keys, values).map { $0 + ": " + value($1) }.joined(separator: ", ") + "}"
    }

    /// `s` as a JSON string. C0 and C1 controls and DEL are escaped, so that no terminal acts on them.
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A value as JSON.
    public static func value(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "null"
        case .integer(let i): return String(i)
        case .real(let d): return d.isFinite ? ValueText.exactReal(d) : d < 0 ? "-1e999" : "1e999"
        case .text(let s): return string(s)
        case .blob(let b): return #"{"$base64": true, "encoded": "# + string(Data(b).base64EncodedString()) + "}"
        }
    }
}

/// JSON Lines: one object a line, values as ``JSONFormatter`` writes them, nothing around them.
public struct JSONLinesFormatter: RowFormatter {
    private var columns: [String] = []

    /// A JSON Lines formatter.
    public init() {}

    public mutating func begin(columns: [String]) -> String {
        self.columns = columns.map(JSONFormatter.string)
        return ""
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        JSONFormatter.object(keys: columns, values) + "\n"
    }

    public mutating func end(rowCount: Int) -> String { "" }
}
