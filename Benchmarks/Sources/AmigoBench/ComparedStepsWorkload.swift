import Amigo
import AmigoShellCore
import CSQLiteBench
import Foundation

/// Workload 13: shell steps that are one SQL statement's work — `stats` and sorting by a
/// related value — each beside the best single statement the raw C API runs for the same answer
/// (issue 28: within 1.2×), on workload 9's application-shaped file (5,000,000 orders).
///
/// Amigo's side is the shell's step as a key press runs it (`ShellApp`, the screen drawn, under
/// the `QueryWatchdog`'s interrupt check the terminal UI installs, no key pressed); the
/// raw side prepares the statement, steps it and reads every column of every row. Each pair
/// takes turns run by run; the figure is the median of `runs` runs.
///
/// Runnable alone: `AmigoBench --only 13 [--runs N] [--app-rows N]`.
enum ComparedStepsWorkload {
    /// One step's medians, in seconds.
    struct Result {
        let name: String
        let amigo: Double
        let raw: Double
        /// The statement the raw C API ran.
        let sql: String
    }

    /// The steps: what amigo-shell does (after `prepare`, untimed, on a fresh app) and the statement sqlite3 runs for it.
    struct Step {
        let name: String
        let prepare: [String]
        let command: String
        let sql: String
    }

    static let customerSort = "FROM orders LEFT JOIN customers AS customer ON customer.id = orders.customer_id"
    static let steps: [Step] = [
        Step(name: "stats on a REAL column (stats amount)", prepare: [], command: "stats amount",
             sql: "SELECT count(*), count(amount), count(DISTINCT amount), count(*) - count(amount), min(amount), max(amount), sum(amount), avg(amount) FROM orders"),
        Step(name: "stats on a TEXT column (stats status)", prepare: [], command: "stats status",
             sql: "SELECT count(*), count(status), count(DISTINCT status), count(*) - count(status), min(status), max(status) FROM orders"),
        Step(name: "sort by a related value, first screen (order customer.name)", prepare: [], command: "order customer.name",
             sql: "SELECT orders.* \(customerSort) ORDER BY customer.name, orders.id LIMIT 100"),
        Step(name: "the last screen in that order (G)", prepare: ["order customer.name"], command: "<end>",
             sql: "SELECT orders.* \(customerSort) ORDER BY customer.name DESC, orders.id DESC LIMIT 100"),
    ]

    /// Runs `sql` to its end through the raw C API, reading every column of every row (numbers
    /// summed, text made a Swift `String`, as Amigo's values are). Returns the rows and the sum.
    static func runRaw(_ db: RawDatabase, _ sql: String) -> (rows: Int, sum: Int) {
        let stmt = db.prepare(sql)
        defer { sqlite3_finalize(stmt) }
        var rows = 0
        let columns = sqlite3_column_count(stmt)
        var sink = 0
        while sqlite3_step(stmt) == SQLITE_ROW {
            rows += 1
            for i in 0..<columns {
                switch sqlite3_column_type(stmt, i) {
                case SQLITE_INTEGER: sink &+= Int(sqlite3_column_int64(stmt, i))
                case SQLITE_FLOAT: sink &+= Int(sqlite3_column_double(stmt, i))
                case SQLITE_TEXT: sink &+= db.text(stmt, i)?.utf8.count ?? 0
                default: break
                }
            }
        }
        return (rows, sink)
    }

    static func run(path: String, runs: Int) throws -> [Result] {
        let raw = RawDatabase(path)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path, tableCountLimit: 10_000)
        let app = ShellApp(explorer: explorer)
        // The interrupt check the terminal UI installs (its cost is the user's), with no key pressed.
        let watch = AppFileWorkload.Watch()
        explorer.amigo.engine.setInterruptCheck { [watch] in watch.watchdog.shouldInterrupt() }
        func draw() { _ = app.render(width: AppFileWorkload.width, height: AppFileWorkload.height) }
        func perform(_ command: String) {
            watch.begin(.key, pressing: nil)
            defer { watch.watchdog.end() }
            if command == "<end>" { _ = app.handle(.end) } else { _ = app.submit(.command, text: command) }
            draw()
        }
        var results: [Result] = []
        for step in steps {
            var amigo: [Double] = []
            var rawTimes: [Double] = []
            for _ in 0..<runs {
                try explorer.open("orders")
                _ = app.handle(.escape)
                for command in step.prepare { perform(command) }
                draw()
                amigo.append(ShellWorkload.time { perform(step.command) })
                check(!app.message.contains("interrupted") && !app.message.hasPrefix("error"), "\(step.command): \(app.message)")
                var answer = (rows: 0, sum: 0)
                rawTimes.append(ShellWorkload.time { answer = runRaw(raw, step.sql) })
                check(answer.rows > 0, "\(step.sql): no rows")
            }
            amigo.sort()
            rawTimes.sort()
            let result = Result(name: step.name, amigo: amigo[runs / 2], raw: rawTimes[runs / 2], sql: step.sql)
            FileHandle.standardError.write(Data(("  13. \(step.name): Amigo \(amigo.map(ms).joined(separator: ", ")) ms; "
                + "raw \(rawTimes.map(ms).joined(separator: ", ")) ms (\(ratio(result.amigo, result.raw)))\n").utf8))
            results.append(result)
        }
        return results
    }

    /// The workload's section of the report.
    static func report(_ results: [Result], rows: Int, runs: Int) -> String {
        var text = "## Workload 13: `stats` and related-value sorts beside the raw C API (\(grouped(rows)) orders, workload 9's file)\n\n"
        text += "amigo-shell's step as a key press runs it (the screen drawn) beside the best single statement the raw C API runs for the "
        text += "same answer, every column of every row read. Median of \(runs) runs, the two taking turns.\n\n"
        text += "| step | Amigo ms | raw C ms | Amigo / raw | raw C statement |\n|---|---:|---:|---:|---|\n"
        for r in results {
            text += "| \(r.name) | \(ms(r.amigo)) | \(ms(r.raw)) | \(ratio(r.amigo, r.raw)) | `\(r.sql)` |\n"
        }
        return text
    }

    /// The goal's rows: each step within 1.2× the statement.
    static func goalRows(_ results: [Result]) -> String {
        results.map { r in
            let met = r.amigo <= r.raw * 1.2
            return "| \(r.name) | ≤ 1.2 × the raw C API's statement | \(met ? "met" : "**not met**") (\(ratio(r.amigo, r.raw)): \(ms(r.amigo)) vs \(ms(r.raw)) ms) |\n"
        }.joined()
    }
}
