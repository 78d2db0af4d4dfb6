import CSQLite
import Foundation

extension SQLiteConnection {
    /// Registers `amigo_fold(value, flags)`: the text of `value` with Unicode case folding (flag 1)
    /// and diacritics removed (flag 2), so that the filter language's `[c]` and `[d]` work for every
    /// script (SQLite's own `LIKE` and `NOCASE` fold ASCII letters only). NULL stays NULL.
    func registerFoldFunction() {
        sqlite3_create_function_v2(handle, "amigo_fold", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let context, let arguments, let value = arguments[0], let flagsValue = arguments[1] else { return }
            if sqlite3_value_type(value) == SQLITE_NULL {
                sqlite3_result_null(context)
                return
            }
            let length = Int(sqlite3_value_bytes(value))
            let text = sqlite3_value_text(value).map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
            let folded = TextFolding.fold(text, flags: Int(sqlite3_value_int(flagsValue)))
            // By byte count (the text may hold U+0000); SQLite copies it before the call returns.
            sqlite3_result_text(context, folded, Int32(folded.utf8.count), amigo_sqlite_transient())
        }, nil, nil, nil)
    }
}

/// The folding behind `amigo_fold` and the `[c]`/`[d]` filter options.
enum TextFolding {
    /// Flag for case folding.
    static let caseFlag = 1
    /// Flag for removing diacritics.
    static let diacriticFlag = 2

    /// `text` folded as `flags` say.
    static func fold(_ text: String, flags: Int) -> String {
        var options: String.CompareOptions = []
        if flags & caseFlag != 0 { options.insert(.caseInsensitive) }
        if flags & diacriticFlag != 0 { options.insert(.diacriticInsensitive) }
        if options.isEmpty { return text }
        // ASCII text needs no Unicode tables: lower-casing is all case folding does to it.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return flags & caseFlag != 0 ? text.lowercased() : text }
        var folded = text
        // Full case folding, as Unicode's CaseFolding (not only the simple one-to-one mappings):
        // upper-casing first expands ß to SS and ﬁ to FI, and maps the Kelvin sign and long s.
        if flags & caseFlag != 0 { folded = folded.uppercased().lowercased() }
        if flags & diacriticFlag != 0 { folded = folded.folding(options: .diacriticInsensitive, locale: nil) }
        return folded
    }
}
