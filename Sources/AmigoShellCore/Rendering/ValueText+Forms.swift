import Amigo

/// Values written by their column's ``ValueForm``: the text an engine's own tools give them
/// (psql's, for PostgreSQL), where it differs from what the storage class alone says. A
/// ``ValueForm/plain`` column (every SQLite column) is written exactly as before.
extension ValueText {
    /// The form of column `index` among `forms` (``ValueForm/plain`` past their end).
    @inline(__always) package static func form(_ forms: [ValueForm], _ index: Int) -> ValueForm {
        index < forms.count ? forms[index] : .plain
    }

    /// The text a value of form `form` is written as where it differs from its storage class's
    /// (`true`/`false`, `NaN`/`Infinity`/`-Infinity`, `\x0aff`), or nil where it does not.
    package static func formText(_ value: DatabaseValue, form: ValueForm) -> String? {
        switch (form, value) {
        case (.plain, _): return nil
        case (.boolean, .integer(let i)): return i != 0 ? "true" : "false"
        case (.floatingPoint, .real(let d)) where !d.isFinite: return d.isNaN ? "NaN" : d < 0 ? "-Infinity" : "Infinity"
        case (.escapedHex, .blob(let bytes)): return "\\x" + ByteText.hex(bytes)
        default: return nil
        }
    }

    /// A cell's text (the grid, table mode) in a column of form `form`: as ``display(_:)``, but
    /// booleans `true`/`false` and special floating-point values as the engine writes them
    /// (bytes keep their summary: size and first bytes).
    package static func display(_ value: DatabaseValue, form: ValueForm) -> String {
        if form == .escapedHex { return display(value) }
        return formText(value, form: form) ?? display(value)
    }

    /// A value's raw text for machine output (CSV, TSV, list, line, column and Markdown modes)
    /// in a column of form `form`: as ``raw(_:)``, with the form's text where it has one.
    public static func raw(_ value: DatabaseValue, form: ValueForm) -> String? {
        formText(value, form: form) ?? raw(value)
    }

    /// Whether a value of form `form` is shown as a number (right-aligned): integers and reals,
    /// and the text of an exact decimal.
    package static func isNumber(_ value: DatabaseValue, form: ValueForm) -> Bool {
        switch value {
        case .integer: return form != .boolean
        case .real: return true
        case .text: return form == .decimal
        default: return false
        }
    }

    /// A value as the edit prompt starts with it: `NULL` for NULL, a BLOB as `x'…'` hex, any other
    /// value as the grid shows it.
    static func editText(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .blob: return plain(value)
        default: return display(value)
        }
    }
}
