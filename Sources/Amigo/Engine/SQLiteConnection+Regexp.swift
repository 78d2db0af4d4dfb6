import CSQLite
import Foundation

extension SQLiteConnection {
    /// Registers `regexp(pattern, value)`, which SQLite calls for `value REGEXP pattern`
    /// (the filter language's MATCHES). The compiled pattern is cached per statement.
    func registerRegexpFunction() {
        sqlite3_create_function_v2(handle, "regexp", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let context, let arguments, let patternValue = arguments[0], let subjectValue = arguments[1] else { return }
            if sqlite3_value_type(subjectValue) == SQLITE_NULL || sqlite3_value_type(patternValue) == SQLITE_NULL {
                sqlite3_result_null(context)
                return
            }
            let regex: NSRegularExpression
            if let cached = sqlite3_get_auxdata(context, 0) {
                regex = Unmanaged<NSRegularExpression>.fromOpaque(cached).takeUnretainedValue()
            } else {
                let pattern = String(cString: sqlite3_value_text(patternValue))
                guard let compiled = try? NSRegularExpression(pattern: pattern) else {
                    sqlite3_result_error(context, "invalid regular expression: \(pattern)", -1)
                    return
                }
                regex = compiled
                sqlite3_set_auxdata(context, 0, Unmanaged.passRetained(compiled).toOpaque()) { pointer in
                    if let pointer { Unmanaged<NSRegularExpression>.fromOpaque(pointer).release() }
                }
            }
            let subject = String(cString: sqlite3_value_text(subjectValue))
            let range = NSRange(subject.startIndex..., in: subject)
            sqlite3_result_int(context, regex.firstMatch(in: subject, range: range) != nil ? 1 : 0)
        }, nil, nil, nil)
    }
}
