import Amigo
import AmigoShellCore
import Foundation

/// Workload 8: amigo-shell's screen model on a generated database with a 1,000,000-row table
/// (orders → customers), measured in process, each step including the render of a full screen.
enum ShellWorkload {
    static let width = 160
    static let height = 50

    /// Creates the database: 10,000 customers, `rows` orders with an indexed foreign key, and a
    /// 100-row table for the baseline.
    static func generate(path: String, rows: Int) throws {
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            PRAGMA journal_mode = OFF;
            BEGIN;
            CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
            CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(id),
                                 amount REAL NOT NULL, status TEXT NOT NULL, note TEXT);
            CREATE INDEX orders_customer_idx ON orders (customer_id);
            CREATE TABLE small (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
              INSERT INTO customer SELECT i, 'customer ' || i, 'city ' || (i % 97) FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
              INSERT INTO orders SELECT i, (i * 7919) % 10000 + 1, (i % 1000) * 1.5,
                     CASE i % 4 WHEN 0 THEN 'new' WHEN 1 THEN 'paid' WHEN 2 THEN 'shipped' ELSE 'returned' END,
                     CASE WHEN i % 5 = 0 THEN NULL ELSE 'order note ' || i END FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
              INSERT INTO small SELECT i, 'row ' || i, i * 3 FROM n;
            COMMIT;
            """)
    }

    struct Step { let name: String; let seconds: Double }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if ProcessInfo.processInfo.environment["AMIGO_BENCH_TRACE"] != nil {
            FileHandle.standardError.write(Data("step: \(seconds * 1000) ms, peak RSS \(peakRSSMegabytes()) MB\n".utf8))
        }
        return seconds
    }

    /// Runs the browsing steps once and returns their times (run in a child process so that the
    /// peak RSS is the shell's alone).
    static func run(path: String, rows: Int) throws -> [Step] {
        // Baseline: a file whose only table has 100 rows, opened and drawn the same way.
        let smallPath = path + "-small.sqlite"
        try? FileManager.default.removeItem(atPath: smallPath)
        let smallEngine = try SQLiteEngine(path: smallPath, options: OpenOptions(create: true))
        try smallEngine.executeScript("""
            CREATE TABLE small (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
              INSERT INTO small SELECT i, 'row ' || i, i * 3 FROM n;
            """)
        let baseline = try time {
            let explorer = try Explorer(amigo: AmigoDatabase(reflecting: smallPath), displayPath: smallPath, tableCountLimit: 10_000)
            let smallApp = ShellApp(explorer: explorer)
            try explorer.open("small")
            _ = smallApp.handle(.tab)
            _ = smallApp.render(width: width, height: height)
        }
        try? FileManager.default.removeItem(atPath: smallPath)
        var steps: [Step] = []
        var app: ShellApp!
        func press(_ key: Key) { _ = app.handle(key); _ = app.render(width: width, height: height) }
        steps.append(Step(name: "open the file and draw the first screen (1,000,000-row table)", seconds: try time {
            let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path, tableCountLimit: 10_000)
            app = ShellApp(explorer: explorer)
            try explorer.open("orders")
            _ = app.handle(.tab)
            _ = app.render(width: width, height: height)
        }))
        // What the terminal loop does when idle after drawing: finish the deferred exact count.
        steps.append(Step(name: "idle after the first screen: exact count of the 1,000,000 rows (not a key press)", seconds: time {
            _ = app.explorer.completeDeferredCounts()
        }))
        let first = time { press(.home) }
        steps.append(Step(name: "first page again (g)", seconds: first))
        steps.append(Step(name: "jump to the last row (G)", seconds: time { press(.end) }))
        check(app.explorer.current?.cursorRow == rows - 1, "shell at last row")
        steps.append(Step(name: "page up ten times there (each)", seconds: time { for _ in 0..<10 { press(.pageUp) } } / 10))
        let rowAfterPaging = try app.explorer.currentRecord()
        check(rowAfterPaging != nil, "row after paging")
        steps.append(Step(name: "filter on an indexed column (customer_id = 4242)", seconds: try time {
            try app.explorer.setFilter("customer_id = 4242")
            _ = app.render(width: width, height: height)
        }))
        _ = app.explorer.completeDeferredCounts()
        // Open the customers and go to the row before the last (not timed: those are other key
        // presses, measured above), then follow its orders.
        try app.explorer.open("customer")
        press(.end)
        press(.up)
        steps.append(Step(name: "follow a one-to-many from a row near the end (customer → orders)", seconds: try time {
            try app.explorer.follow("orders")
            _ = app.render(width: width, height: height)
        }))
        check((app.explorer.current?.totalCount ?? 0) == rows / 10_000, "customer orders \(app.explorer.current?.totalCount ?? -1)")
        steps.append(Step(name: "open a 100-row table in the same file and draw it", seconds: try time {
            try app.explorer.open("small")
            _ = app.render(width: width, height: height)
        }))
        steps.append(Step(name: "baseline: open a file with a 100-row table and draw its first screen", seconds: baseline))
        return steps
    }
}
