import Amigo

/// Values as sqlite3's shell writes them in its text modes (list, line, column, box, markdown,
/// html, ascii, tcl): a REAL as SQLite turns it into text (`%!.15g`: 15 significant digits,
/// always with a decimal point — `0.3`, `2.0`, `1.0e+15`), everything else as ``raw(_:form:)``.
extension ValueText {
    /// The value's text in sqlite3's text modes, in a column of form `form` (a form of its own,
    /// PostgreSQL's, keeps that form's text), or nil for NULL.
    package static func sqlite3Text(_ value: DatabaseValue, form: ValueForm) -> String? {
        if form == .plain, case .real(let d) = value { return sqlite3Real(d) }
        return raw(value, form: form)
    }

    /// SQLite's text of a REAL, `%!.15g`: 15 significant digits, trailing zeros dropped, at
    /// least one digit after the decimal point, an exponent of two digits at least past 10¹⁴
    /// or below 10⁻⁴ (`1.0e+15`, `1.0e-05`); zero is `0.0` (also negative zero); infinities
    /// `Inf` and `-Inf`.
    package static func sqlite3Real(_ d: Double) -> String {
        d.isNaN ? "" : SQLiteRealText.text(d)
    }
}
