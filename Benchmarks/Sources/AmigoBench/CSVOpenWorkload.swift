import Foundation

/// Workload 11: opening a generated CSV file of `rows` rows in the real `amigo-shell` executable
/// to its first answer (`-c count`: the file read, its columns typed, the table made in memory
/// and counted), beside `sqlite3 :memory: '.import --csv FILE t' 'SELECT count(*) FROM t'`
/// (sqlite3 makes every column TEXT; amigo-shell reads the file twice to type them). Each
/// command is its own process, the commands taking turns; the figure is the median wall time of `runs` runs.
///
/// Runnable alone: `AmigoBench --only 11 [--quick] [--runs N] [--amigo-shell PATH]`.
enum CSVOpenWorkload {
    /// The generated file: an integer id, a text name with quotes and commas in some rows, an
    /// integer quantity, a real price, a date as text, and a sometimes-empty real.
    static func generate(path: String, rows: Int) throws {
        FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        var text = "id,name,qty,price,day,discount\n"
        for i in 1...rows {
            let name = i % 10 == 0 ? "\"item \(i), \"\"special\"\"\"" : "item \(i)"
            let discount = i % 3 == 0 ? "" : String(Double(i % 50) / 100)
            text += "\(i),\(name),\(i % 977),\(Double(i % 10_000) / 100 + 0.5),2024-\(String(format: "%02d", i % 12 + 1))-\(String(format: "%02d", i % 28 + 1)),\(discount)\n"
            if text.utf8.count > 1 << 20 {
                handle.write(Data(text.utf8))
                text = ""
            }
        }
        handle.write(Data(text.utf8))
    }

    /// Generates the file and measures sqlite3's `.import` (the reference) and amigo-shell's open.
    static func run(rows: Int, runs: Int) throws -> [CSVStreamWorkload.Result] {
        guard let shell = CSVStreamWorkload.shellBinary(), let sqlite3 = CSVStreamWorkload.sqlite3Binary() else {
            FileHandle.standardError.write(Data("amigo-bench: workload 11 skipped (no amigo-shell beside the harness, or no sqlite3)\n".utf8))
            return []
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-bench-csv-open-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("orders.csv").path
        try generate(path: path, rows: rows)
        let commands: [(name: String, arguments: [String], shown: String)] = [
            ("sqlite3 .import --csv (reference)", [sqlite3, ":memory:", ".import --csv \(path) t", "SELECT count(*) FROM t"],
             "sqlite3 :memory: '.import --csv FILE t' 'SELECT count(*) FROM t'"),
            ("amigo-shell FILE.csv -c count", [shell, path, "-c", "count"], "amigo-shell orders.csv -c count"),
            ("amigo-shell FILE.csv -c 'sql SELECT count(*) …'", [shell, path, "-c", "sql SELECT count(*) FROM orders"],
             "amigo-shell orders.csv -c 'sql SELECT count(*) FROM orders'"),
        ]
        // Once each first: the answers must be the row count (and it warms the page cache).
        for command in commands {
            let answer = directory.appendingPathComponent("answer.txt").path
            _ = try CSVStreamWorkload.runOnce(command.arguments, output: answer)
            let text = (try? String(contentsOfFile: answer, encoding: .utf8)) ?? ""
            if !text.contains(String(rows)) {
                FileHandle.standardError.write(Data("amigo-bench: \(command.name) answered \(text.prefix(80)), not \(rows)\n".utf8))
            }
        }
        // The commands take turns, run by run, so that a change in the machine's load falls on all of them alike.
        var times = Array(repeating: [Double](), count: commands.count)
        var peaks = [Double?](repeating: nil, count: commands.count)
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() {
                let (seconds, rss) = try CSVStreamWorkload.runOnce(command.arguments)
                times[index].append(seconds)
                if let rss { peaks[index] = max(peaks[index] ?? 0, rss) }
            }
        }
        var results: [CSVStreamWorkload.Result] = []
        for (index, command) in commands.enumerated() {
            let sorted = times[index].sorted()
            let result = CSVStreamWorkload.Result(name: command.name, command: command.shown, median: sorted[sorted.count / 2], peakRSS: peaks[index])
            FileHandle.standardError.write(Data(String(format: "  11. %-48@ %10.2f ms  %8.1f MB\n", result.name as NSString, result.median * 1000, result.peakRSS ?? .nan).utf8))
            results.append(result)
        }
        return results
    }

    /// Workload 11's section of the report.
    static func report(_ results: [CSVStreamWorkload.Result], rows: Int, runs: Int) -> String {
        var text = "## Workload 11: opening a \(grouped(rows))-row CSV file, amigo-shell beside sqlite3's .import\n\n"
        guard let reference = results.first else { return text + "Not measured (no `amigo-shell` built beside the harness, or no `sqlite3`).\n" }
        text += "A generated file (id, name with quotes and commas in every tenth row, quantity, price, date, a sometimes-empty discount), "
        text += "opened by each command in a process of its own and counted; median of \(runs) runs of the whole process. "
        text += "sqlite3 makes every column TEXT in one pass; amigo-shell reads the file twice (types, then rows) and makes INTEGER, REAL and TEXT columns.\n\n"
        text += "| command | ms | × sqlite3 | peak RSS MB |\n|---|---:|---:|---:|\n"
        for r in results {
            text += "| `\(r.command)` | \(ms(r.median)) | \(ratio(r.median, reference.median)) | \(r.peakRSS.map { String(format: "%.1f", $0) } ?? "—") |\n"
        }
        return text
    }

    /// The goal rows: each amigo-shell command within 2 × sqlite3's `.import`.
    static func goalRows(_ results: [CSVStreamWorkload.Result], rows: Int) -> String {
        guard let reference = results.first else { return "" }
        return results.dropFirst().map { r in
            let ratio = r.median / reference.median
            return "| `\(r.command)`, \(grouped(rows)) rows (11), time | ≤ 2 × sqlite3 `.import --csv` | \(ratio <= 2 ? "met" : "**not met**") (\(String(format: "%.2f×", ratio)): \(ms(r.median)) vs \(ms(reference.median)) ms) |\n"
        }.joined()
    }
}
