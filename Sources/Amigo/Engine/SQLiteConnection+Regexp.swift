import CSQLite
import Foundation

extension SQLiteConnection {
    /// How long a MATCHES pattern may run on one value before the statement fails.
    static let regexpBudgetNanoseconds: UInt64 = 250_000_000

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
            // A pattern that backtracks catastrophically (`(.*)*X`) is stopped after a time
            // budget per value instead of running for minutes: the statement fails with an error.
            let deadline = DispatchTime.now().uptimeNanoseconds + SQLiteConnection.regexpBudgetNanoseconds
            var matched = false, timedOut = false
            regex.enumerateMatches(in: subject, options: [.reportProgress], range: range) { match, _, stop in
                if match != nil {
                    matched = true
                    stop.pointee = true
                } else if DispatchTime.now().uptimeNanoseconds > deadline {
                    timedOut = true
                    stop.pointee = true
                }
            }
            if timedOut && !matched {
                sqlite3_result_error(context, "regular expression took longer than \(SQLiteConnection.regexpBudgetNanoseconds / 1_000_000) ms on one value (it backtracks too much; simplify it)", -1)
                return
            }
            sqlite3_result_int(context, matched ? 1 : 0)
        }, nil, nil, nil)
    }
}
