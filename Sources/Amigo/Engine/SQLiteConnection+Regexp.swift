import CSQLite
import Foundation

/// What one run of a statement's MATCHES keeps from value to value (SQLite's auxiliary data on
/// the pattern argument, dropped when the statement is reset): the compiled pattern and the time
/// spent matching so far, which the total budget is checked against.
final class RegexpRun {
    let regex: NSRegularExpression
    /// Nanoseconds spent matching values in this run of the statement.
    var spentNanoseconds: UInt64 = 0
    /// Values matched so far.
    var values = 0
    /// When the interrupt check was last asked.
    var lastCheck: UInt64 = DispatchTime.now().uptimeNanoseconds
    init(regex: NSRegularExpression) { self.regex = regex }
}

/// Why a MATCHES stopped before it had an answer for a value.
enum RegexpStop: Error {
    case valueBudget, totalBudget, interrupted
}

extension SQLiteConnection {
    /// How long a MATCHES pattern may run on one value before the statement fails.
    static let regexpBudgetNanoseconds: UInt64 = 250_000_000
    /// How often, at most, the interrupt check is asked while one value is matched.
    static let regexpCheckEveryNanoseconds: UInt64 = 20_000_000

    /// Registers `regexp(pattern, value)`, which SQLite calls for `value REGEXP pattern`
    /// (the filter language's MATCHES). The compiled pattern is cached per statement run.
    ///
    /// Matching is slow work like any other: it stops after ``regexpBudgetNanoseconds`` on one
    /// value, after ``regexpTotalBudgetNanoseconds`` over all the values of one statement (when
    /// set), and when the interrupt check asks (Esc in the terminal UI), even inside one value.
    /// Values and patterns are read by their length, so text holding U+0000 is matched whole.
    func registerRegexpFunction() {
        let connection = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_create_function_v2(handle, "regexp", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, connection, { context, _, arguments in
            guard let context, let arguments, let patternValue = arguments[0], let subjectValue = arguments[1],
                  let user = sqlite3_user_data(context) else { return }
            let connection = Unmanaged<SQLiteConnection>.fromOpaque(user).takeUnretainedValue()
            if sqlite3_value_type(subjectValue) == SQLITE_NULL || sqlite3_value_type(patternValue) == SQLITE_NULL {
                sqlite3_result_null(context)
                return
            }
            let run: RegexpRun
            if let cached = sqlite3_get_auxdata(context, 0) {
                run = Unmanaged<RegexpRun>.fromOpaque(cached).takeUnretainedValue()
            } else {
                let pattern = SQLiteConnection.text(of: patternValue)
                guard let compiled = try? NSRegularExpression(pattern: pattern) else {
                    sqlite3_result_error(context, "invalid regular expression: \(pattern.replacingOccurrences(of: "\u{0}", with: "\\0"))", -1)
                    return
                }
                run = RegexpRun(regex: compiled)
                sqlite3_set_auxdata(context, 0, Unmanaged.passRetained(run).toOpaque()) { pointer in
                    if let pointer { Unmanaged<RegexpRun>.fromOpaque(pointer).release() }
                }
            }
            let subject = SQLiteConnection.text(of: subjectValue)
            switch connection.match(subject, in: run) {
            case .success(let matched):
                sqlite3_result_int(context, matched ? 1 : 0)
            case .failure(.interrupted):
                sqlite3_result_error_code(context, SQLITE_INTERRUPT)
            case .failure(.valueBudget):
                sqlite3_result_error(context, "regular expression took longer than \(SQLiteConnection.regexpBudgetNanoseconds / 1_000_000) ms on one value (it backtracks too much; simplify it)", -1)
            case .failure(.totalBudget):
                let seconds = Double(connection.regexpTotalBudgetNanoseconds ?? 0) / 1e9
                sqlite3_result_error(context, "regular expression took longer than \(seconds.formatted()) s in total over \(run.values) values (it backtracks too much; simplify it, or narrow the rows first)", -1)
            }
        }, nil, nil, nil)
    }

    /// The text of `value`, all of its bytes (U+0000 included).
    static func text(of value: OpaquePointer) -> String {
        let length = Int(sqlite3_value_bytes(value))
        guard let bytes = sqlite3_value_text(value) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Whether `run`'s pattern matches `subject`, within the budgets and the interrupt check.
    func match(_ subject: String, in run: RegexpRun) -> Result<Bool, RegexpStop> {
        let start = DispatchTime.now().uptimeNanoseconds
        let valueDeadline = start + SQLiteConnection.regexpBudgetNanoseconds
        let totalDeadline = regexpTotalBudgetNanoseconds.map { start + $0 - min($0, run.spentNanoseconds) }
        var matched = false
        var stop: RegexpStop?
        let check = lockWait.check
        /// Whether to stop now, and why.
        func shouldStop(_ now: UInt64) -> RegexpStop? {
            if now > valueDeadline { return .valueBudget }
            if let totalDeadline, now > totalDeadline { return .totalBudget }
            if let check, now - run.lastCheck >= SQLiteConnection.regexpCheckEveryNanoseconds {
                run.lastCheck = now
                if check.shouldInterrupt(.working) { return .interrupted }
            }
            return nil
        }
        let range = NSRange(subject.startIndex..., in: subject)
        run.regex.enumerateMatches(in: subject, options: [.reportProgress], range: range) { result, _, halt in
            if result != nil {
                matched = true
                halt.pointee = true
            } else if let reason = shouldStop(DispatchTime.now().uptimeNanoseconds) {
                stop = reason
                halt.pointee = true
            }
        }
        let end = DispatchTime.now().uptimeNanoseconds
        run.spentNanoseconds += end - start
        run.values += 1
        if matched { return .success(true) }
        if let stop { return .failure(stop) }
        // Many quick values: the total and the interrupt check are still asked between them.
        if let totalDeadline, end > totalDeadline { return .failure(.totalBudget) }
        if let check, end - run.lastCheck >= SQLiteConnection.regexpCheckEveryNanoseconds {
            run.lastCheck = end
            if check.shouldInterrupt(.working) { return .failure(.interrupted) }
        }
        return .success(false)
    }
}
