import Amigo

/// sqlite3's `.mode tcl`: each value a C-style string in double quotes (`\"`, `\\`, `\t`, `\n`,
/// `\r`, other control characters as three octal digits), values a space apart, a row a line;
/// with headers on, the names first. NULL is the `.nullvalue` text, quoted.
///
///     "1" "it's" "" "2.0"
package struct TclFormatter: RowFormatter {
    private let header: Bool
    private let nullValue: String
    private let separator: String
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// A Tcl list formatter; `header` writes the names first; values stand `separator` apart
    /// (sqlite3's `.separator`); NULL is written as `nullValue`.
    package init(header: Bool, separator: String = " ", nullValue: String = "") {
        self.header = header
        self.separator = separator
        self.nullValue = nullValue
    }

    public mutating func begin(columns: [String]) -> String {
        header ? columns.map(Self.quoted).joined(separator: separator) + "\n" : ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        values.enumerated().map { Self.quoted(ValueText.sqlite3Text($1, form: ValueText.form(forms, $0)) ?? nullValue) }.joined(separator: separator) + "\n"
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// `text` as sqlite3's `output_c_string` writes it: byte by byte, each byte that is not
    /// printable ASCII (a control character, DEL, every byte of a non-ASCII character) as a
    /// backslash and three octal digits.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\t"): out += "\\t"
            case UInt8(ascii: "\n"): out += "\\n"
            case UInt8(ascii: "\r"): out += "\\r"
            case 0x20..<0x7f: out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + "\""
    }
}
