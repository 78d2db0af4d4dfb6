import Amigo
import Foundation

/// Workload 10: streaming CSV out of the real `amigo-shell` executable, side by side with the
/// `sqlite3` command-line shell on the same file and query (workload 8's 1,000,000-row `orders`).
/// Each command is a separate process writing to /dev/null; the figure is the median wall time
/// of `runs` runs, and the peak RSS is the process's own (`/usr/bin/time -f %M`, which forks the
/// command from its own small process, so the harness's memory is not counted).
enum CSVStreamWorkload {
    struct Result {
        let name: String
        let command: String
        let median: Double
        /// Highest peak RSS over the runs, in MB (nil without /usr/bin/time).
        let peakRSS: Double?
    }

    /// The `amigo-shell` executable: `--amigo-shell PATH`, else the one built beside this harness
    /// (`swift build -c release --product amigo-shell` in Benchmarks/, as scripts/bench does).
    static func shellBinary() -> String? {
        let arguments = CommandLine.arguments
        if let i = arguments.firstIndex(of: "--amigo-shell"), i + 1 < arguments.count { return arguments[i + 1] }
        let beside = URL(fileURLWithPath: arguments[0]).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent("amigo-shell").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }

    static func sqlite3Binary() -> String? {
        ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let timeBinary = "/usr/bin/time"

    /// Runs `arguments` once with standard output to `output`; returns the wall time and peak RSS.
    static func runOnce(_ arguments: [String], output: String = "/dev/null") throws -> (seconds: Double, rss: Double?) {
        let useTime = FileManager.default.isExecutableFile(atPath: timeBinary)
        let rssFile = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-bench-rss-\(getpid()).txt").path
        try? FileManager.default.removeItem(atPath: rssFile)
        let process = Process()
        if useTime {
            process.executableURL = URL(fileURLWithPath: timeBinary)
            process.arguments = ["-f", "%M", "-o", rssFile] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
        }
        // Never createFile on an existing path: it writes a new file and renames it over the old
        // one, which (as root) replaced the /dev/null device with a regular file.
        if !FileManager.default.fileExists(atPath: output) { FileManager.default.createFile(atPath: output, contents: nil) }
        guard let sink = FileHandle(forWritingAtPath: output) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? sink.close() }
        process.standardOutput = sink
        process.standardInput = FileHandle.nullDevice
        let started = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        check(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        var rss: Double?
        if useTime, let text = try? String(contentsOfFile: rssFile, encoding: .utf8),
           let kilobytes = Double(text.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") {
            rss = kilobytes / 1024
        }
        try? FileManager.default.removeItem(atPath: rssFile)
        return (seconds, rss)
    }

    /// How each command's CSV compares with sqlite3's: `yes` (byte for byte), `same values`
    /// (equal once quotes and carriage returns are left out: sqlite3 quotes every field with a
    /// space and ends lines with LF; amigo-shell quotes only what needs it and ends lines with
    /// CRLF, as RFC 4180 writes), or `**no**`.
    nonisolated(unsafe) static var identical: [String: String] = [:]

    /// Workload 10b's file: `blobs`, `rows` rows of an id, a name, a quantity and a 16-byte random BLOB
    /// (the BLOB is written as hex by amigo-shell: the per-byte cost issue 28 measured).
    static func generateBlobs(path: String, rows: Int) throws {
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            PRAGMA journal_mode = OFF;
            BEGIN;
            CREATE TABLE blobs (id INTEGER PRIMARY KEY, name TEXT NOT NULL, qty INTEGER NOT NULL, data BLOB NOT NULL);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
              INSERT INTO blobs SELECT i, 'item ' || i, i % 977, randomblob(16) FROM n;
            COMMIT;
            """)
    }

    /// What ``identical`` says of a table whose outputs are not compared: sqlite3 writes a BLOB's raw bytes.
    static let notCompared = "not compared (sqlite3 writes a BLOB's raw bytes, amigo-shell its hex)"

    /// Measures the three commands (sqlite3 first, the reference) on the file at `path`; with
    /// `compare` false the outputs are not compared with sqlite3's (a BLOB table).
    static func run(path: String, table: String, runs: Int, compare: Bool = true) throws -> [Result] {
        guard let shell = shellBinary(), let sqlite3 = sqlite3Binary() else {
            FileHandle.standardError.write(Data("amigo-bench: workload 10 skipped (no amigo-shell beside the harness, or no sqlite3)\n".utf8))
            return []
        }
        let sql = "SELECT * FROM \(table)"
        let commands: [(name: String, arguments: [String], shown: String)] = [
            ("sqlite3 -csv -header (reference)", [sqlite3, "-csv", "-header", path, sql],
             "sqlite3 -csv -header FILE '\(sql)'"),
            ("amigo-shell --csv -c 'sql SELECT …'", [shell, path, "--csv", "-c", "sql \(sql)"],
             "amigo-shell FILE --csv -c 'sql \(sql)'"),
            ("amigo-shell -c 'open T' -c 'export csv -'", [shell, path, "-c", "open \(table)", "-c", "export csv -"],
             "amigo-shell FILE -c 'open \(table)' -c 'export csv -'"),
        ]
        // Once each into a file: the outputs must be the same rows as sqlite3's (and it warms the cache).
        var reference: Data?
        for command in commands where !compare {
            identical[command.shown] = notCompared
            _ = try runOnce(command.arguments)   // warms the cache
        }
        for command in commands where compare {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-bench-csv-\(getpid()).csv").path
            _ = try runOnce(command.arguments, output: file)
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            try? FileManager.default.removeItem(atPath: file)
            if reference == nil { reference = data }
            let unquoted = { (d: Data) in d.filter { $0 != UInt8(ascii: "\"") && $0 != 13 } }
            identical[command.shown] = data == reference ? "yes"
                : unquoted(data) == unquoted(reference!) ? "same values (quoting and line ends aside)" : "**no**"
            if unquoted(data) != unquoted(reference!) {
                let lines = { (d: Data) in String(decoding: d.prefix(300), as: UTF8.self).split(separator: "\n").prefix(2).joined(separator: " | ") }
                FileHandle.standardError.write(Data("amigo-bench: \(command.name) differs from sqlite3 (\(data.count) vs \(reference!.count) bytes): \(lines(data)) vs \(lines(reference!))\n".utf8))
            }
        }
        var results: [Result] = []
        for command in commands {
            var times: [Double] = []
            var peak: Double?
            for _ in 0..<runs {
                let (seconds, rss) = try runOnce(command.arguments)
                times.append(seconds)
                if let rss { peak = max(peak ?? 0, rss) }
            }
            times.sort()
            let result = Result(name: command.name, command: command.shown, median: times[times.count / 2], peakRSS: peak)
            FileHandle.standardError.write(Data(String(format: "  %-52@ %10.2f ms  %8.1f MB\n", result.name as NSString, result.median * 1000, result.peakRSS ?? .nan).utf8))
            results.append(result)
        }
        return results
    }
}

extension CSVStreamWorkload {
    /// Workload 10's section; `blobs` makes it workload 10b's (the BLOB table, outputs not compared).
    static func report(_ results: [Result], rows: Int, runs: Int, blobs: Bool = false) -> String {
        var text = blobs ? "## Workload 10b: streaming \(grouped(rows)) rows with a 16-byte BLOB as CSV, amigo-shell beside sqlite3\n\n"
            : "## Workload 10: streaming \(grouped(rows)) rows as CSV, amigo-shell beside sqlite3\n\n"
        guard let reference = results.first else { return text + "Not measured (no `amigo-shell` built beside the harness, or no `sqlite3`).\n" }
        if blobs {
            text += "The real executables on a file of its own (`blobs`: id, name, quantity and a 16-byte `randomblob`), standard output to /dev/null; median of \(runs) runs "
            text += "of the whole process; peak RSS by `/usr/bin/time -f %M` (the highest of the runs). The outputs differ by design (sqlite3 writes a BLOB's raw bytes, amigo-shell its hex), so they are not compared. "
        } else {
            text += "The real executables on workload 8's file (`orders`, 5 columns), standard output to /dev/null; median of \(runs) runs "
            text += "of the whole process; peak RSS by `/usr/bin/time -f %M` (the highest of the runs). The outputs are compared once: sqlite3 quotes every field holding a space and ends lines with LF, amigo-shell quotes only what needs it and ends lines with CRLF (RFC 4180), so they are compared with quotes and carriage returns left out. "
        }
        text += "`amigo-shell` is the release build of this checkout's executable (`swift build -c release --product amigo-shell` in Benchmarks/).\n\n"
        text += "| command | ms | × sqlite3 | peak RSS MB | output against sqlite3's |\n|---|---:|---:|---:|---|\n"
        for r in results {
            let same = identical[r.command] ?? "—"
            text += "| `\(r.command)` | \(ms(r.median)) | \(ratio(r.median, reference.median)) | \(r.peakRSS.map { String(format: "%.1f", $0) } ?? "—") | \(same) |\n"
        }
        return text
    }
}
