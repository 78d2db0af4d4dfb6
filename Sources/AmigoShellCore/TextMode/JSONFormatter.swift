import Amigo

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
///
/// A column with a ``ValueForm`` is written as PostgreSQL's `to_json` writes its type: booleans
/// `true`/`false`, exact decimals as numbers when their text is a JSON number (`100.00`; `NaN`
/// as a string), special floating-point values as strings (`"NaN"`, `"Infinity"`), bytes as
/// the string `"\\x0aff"`, and JSON values nested as they are.
package struct JSONFormatter: RowFormatter {
    private var keys: [[UInt8]] = []
    private var count = 0
    private var forms: [ValueForm] = []

    /// A JSON array formatter.
    package init() {}

    public mutating func begin(columns: [String]) -> String {
        keys = Self.encodedKeys(columns)
        return "["
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        var text: [UInt8] = []
        appendRow(values, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the row's object, after the line break (and comma) that comes before it.
    package mutating func appendRow(_ values: [DatabaseValue], to output: inout [UInt8]) {
        if count > 0 { output.append(UInt8(ascii: ",")) }
        output.append(contentsOf: "\n  ".utf8)
        count += 1
        Self.appendObject(keys: keys, values, forms: forms, to: &output)
    }

    public mutating func end(rowCount: Int) -> String { count == 0 ? "]\n" : "\n]\n" }

    /// The column names as JSON strings, encoded once for every row.
    static func encodedKeys(_ columns: [String]) -> [[UInt8]] {
        columns.map { column in
            var key: [UInt8] = []
            appendString(column, to: &key)
            return key
        }
    }

    /// Appends `{"key": value, …}` to `output`, from keys already encoded as JSON strings.
    static func appendObject(keys: [[UInt8]], _ values: [DatabaseValue], forms: [ValueForm] = [], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        for index in 0..<min(keys.count, values.count) {
            if index > 0 { output.append(UInt8(ascii: ",")); output.append(UInt8(ascii: " ")) }
            output.append(contentsOf: keys[index])
            output.append(UInt8(ascii: ":"))
            output.append(UInt8(ascii: " "))
            if index < forms.count, forms[index] != .plain {
                appendValue(values[index], form: forms[index], to: &output)
            } else {
                appendValue(values[index], to: &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// `s` as a JSON string. C0 and C1 controls and DEL are escaped, so that no terminal acts on them.
    public static func string(_ s: String) -> String {
        var bytes: [UInt8] = []
        appendString(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Which characters a JSON string escapes beyond `"` and `\`.
    enum Escaping {
        /// Line feed, carriage return and tab as `\n`, `\r`, `\t`, and every other C0 control,
        /// DEL and C1 control (U+0080 to U+009F, `C2 80`–`C2 9F` in UTF-8) as `\u00xx`: no
        /// terminal acts on the output (the shell's own `json`).
        case everyControl
        /// As sqlite3's `output_json_string`: backspace, form feed, line feed, carriage return
        /// and tab by name, every other C0 control as `\u00xx`, DEL and C1 as they are.
        case sqlite3
    }

    /// Appends `s` to `output` as a JSON string, escaped as `escaping` says.
    static func appendString(_ s: String, escaping: Escaping = .everyControl, to output: inout [UInt8]) {
        let everyControl = escaping == .everyControl
        output.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x22: output.append(0x5C); output.append(0x22)
                case 0x5C: output.append(0x5C); output.append(0x5C)
                case 0x0A: output.append(0x5C); output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(0x5C); output.append(UInt8(ascii: "r"))
                case 0x09: output.append(0x5C); output.append(UInt8(ascii: "t"))
                case 0x08 where !everyControl: output.append(0x5C); output.append(UInt8(ascii: "b"))
                case 0x0C where !everyControl: output.append(0x5C); output.append(UInt8(ascii: "f"))
                case 0x00..<0x20: appendUnicodeEscape(byte, to: &output)
                case 0x7F where everyControl: appendUnicodeEscape(byte, to: &output)
                case 0xC2 where everyControl && index + 1 < bytes.count && (0x80..<0xA0).contains(bytes[index + 1]):
                    index += 1
                    appendUnicodeEscape(bytes[index], to: &output)
                default: output.append(byte)
                }
                index += 1
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `\u00xx` for the code point `value` (below U+0100), in lowercase hex.
    private static func appendUnicodeEscape(_ value: UInt8, to output: inout [UInt8]) {
        output.append(contentsOf: #"\u00"#.utf8)
        ByteText.appendHex([value], to: &output)
    }

    /// A value as JSON.
    public static func value(_ value: DatabaseValue) -> String {
        var bytes: [UInt8] = []
        appendValue(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` to `output` as JSON.
    static func appendValue(_ value: DatabaseValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .integer(let i): output.append(contentsOf: String(i).utf8)
        case .real(let d): output.append(contentsOf: (d.isFinite ? ValueText.exactReal(d) : d < 0 ? "-1e999" : "1e999").utf8)
        case .text(let s): appendString(s, to: &output)
        case .blob(let b):
            output.append(contentsOf: #"{"$base64": true, "encoded": ""#.utf8)
            ByteText.appendBase64(b, to: &output)
            output.append(contentsOf: #""}"#.utf8)
        }
    }
}

extension JSONFormatter {
    /// Appends `value`, of a column of form `form`, to `output` as PostgreSQL's `to_json` writes
    /// it (see the type's documentation); a value the form does not apply to as ``appendValue(_:to:)``.
    static func appendValue(_ value: DatabaseValue, form: ValueForm, to output: inout [UInt8]) {
        switch (form, value) {
        case (.boolean, .integer(let i)):
            output.append(contentsOf: (i != 0 ? "true" : "false").utf8)
        case (.decimal, .text(let text)) where isNumber(text):
            output.append(contentsOf: text.utf8)
        case (.floatingPoint, .real), (.escapedHex, .blob):
            if let text = ValueText.formText(value, form: form) { appendString(text, to: &output) } else { appendValue(value, to: &output) }
        case (.json, .text(let text)):
            // The server's JSON, nested. A line break can only be whitespace between its
            // tokens (never inside a JSON string): a space keeps one object a line.
            var bytes = Array(text.utf8)
            for i in bytes.indices where bytes[i] == 0x0A || bytes[i] == 0x0D { bytes[i] = 0x20 }
            output.append(contentsOf: bytes)
        default:
            appendValue(value, to: &output)
        }
    }

    /// Whether `text` is a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            var n = 0
            while let b = bytes.first, b >= 0x30 && b <= 0x39 { bytes.removeFirst(); n += 1 }
            return n
        }
        if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes.removeFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            if digits() == 0 { return false }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes.removeFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes.removeFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }
}

/// JSON Lines: one object a line, values as ``JSONFormatter`` writes them, nothing around them.
package struct JSONLinesFormatter: RowFormatter {
    private var keys: [[UInt8]] = []
    private var forms: [ValueForm] = []

    /// A JSON Lines formatter.
    package init() {}

    public mutating func begin(columns: [String]) -> String {
        keys = JSONFormatter.encodedKeys(columns)
        return ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        var text: [UInt8] = []
        appendRow(values, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the row's object and its line end to `output`.
    package mutating func appendRow(_ values: [DatabaseValue], to output: inout [UInt8]) {
        JSONFormatter.appendObject(keys: keys, values, forms: forms, to: &output)
        output.append(UInt8(ascii: "\n"))
    }

    public mutating func end(rowCount: Int) -> String { "" }
}
