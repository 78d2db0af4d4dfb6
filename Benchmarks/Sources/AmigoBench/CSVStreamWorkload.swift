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
        /// The fastest and slowest runs, in seconds.
        var fastest: Double = .nan
        var slowest: Double = .nan
    }

    /// An `amigo-shell` built from other code (`--amigo-shell-before PATH`): each amigo-shell
    /// command is run with it too, in the same rounds, as "(before)".
    static func beforeBinary() -> String? {
        let arguments = CommandLine.arguments
        guard let i = arguments.firstIndex(of: "--amigo-shell-before"), i + 1 < arguments.count else { return nil }
        return arguments[i + 1]
    }

    /// `commands` with each amigo-shell command also run with ``beforeBinary()``, named "(before)".
    static func withBefore(_ commands: [(name: String, arguments: [String], shown: String)], shell: String)
        -> [(name: String, arguments: [String], shown: String)] {
        guard let before = beforeBinary() else { return commands }
        return commands + commands.filter { $0.arguments.first == shell }.map { command in
            (command.name + " (before)", [before] + command.arguments.dropFirst(), command.shown + " (before)")
        }
    }

    /// Times each command `runs` times, in rounds (every command once a round, in turn), so that
    /// a load that comes and goes on the machine falls on all of them alike; `label` prefixes
    /// the lines printed as each result is known.
    static func measure(_ commands: [(name: String, arguments: [String], shown: String)], runs: Int, label: String) throws -> [Result] {
        var times = Array(repeating: [Double](), count: commands.count)
        var peaks = Array(repeating: Double?.none, count: commands.count)
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() {
                let (seconds, rss) = try runOnce(command.arguments)
                times[index].append(seconds)
                if let rss { peaks[index] = max(peaks[index] ?? 0, rss) }
            }
        }
        return commands.indices.map { index in
            let sorted = times[index].sorted()
            let result = Result(name: commands[index].name, command: commands[index].shown, median: sorted[sorted.count / 2],
                                peakRSS: peaks[index], fastest: sorted.first ?? .nan, slowest: sorted.last ?? .nan)
            FileHandle.standardError.write(Data(String(format: "  %@%-58@ %10.2f ms (%.2f–%.2f)  %8.1f MB\n", label as NSString,
                                                       result.name as NSString, result.median * 1000, result.fastest * 1000,
                                                       result.slowest * 1000, result.peakRSS ?? .nan).utf8))
            return result
        }
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

    /// Runs `arguments` once with standard output to `output` (standard input from /dev/null);
    /// returns the wall time and the command's peak RSS in MB.
    ///
    /// Started with `posix_spawn` and waited for with `wait4`: Foundation's
    /// `Process.waitUntilExit()` polls every 50 ms on Linux, which made every time a multiple of
    /// 50 ms. The peak RSS is `/usr/bin/time -f %M`'s, which forks the command from its own small
    /// process (a child's own `ru_maxrss` starts at its parent's, the harness's hundreds of MB).
    static func runOnce(_ arguments: [String], output: String = "/dev/null") throws -> (seconds: Double, rss: Double?) {
        let useTime = FileManager.default.isExecutableFile(atPath: timeBinary)
        let rssFile = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-bench-rss-\(getpid()).txt").path
        try? FileManager.default.removeItem(atPath: rssFile)
        let command = useTime ? [timeBinary, "-f", "%M", "-o", rssFile] + arguments : arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let started = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        // Exited normally with status 0: the low seven bits (the signal) and the exit code are 0.
        check(status == 0, "\(arguments.joined(separator: " ")) exited with status \(status)")
        var rss: Double?
        if useTime, let text = try? String(contentsOfFile: rssFile, encoding: .utf8),
           let kilobytes = Double(text.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") {
            rss = kilobytes / 1024
        }
        try? FileManager.default.removeItem(atPath: rssFile)
        return (seconds, rss)
    }

    /// How each command's CSV compares with sqlite3's: `yes` (byte for byte), `same values`
    /// (equal once quotes and carriage returns are left out: sqlite3's `-csv` ends lines with LF,
    /// amigo-shell's `--csv` and `export csv` with CRLF as RFC 4180 writes, and `export csv`
    /// quotes only what RFC 4180 needs), or `**no**`.
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

    /// Workload 10c's file: `tokens`, `rows` rows of an id and one 16-byte random BLOB (a table
    /// keyed by UUIDs stored as bytes: 3,950,000 rows in issue 28), most of its CSV the BLOB's hex.
    static func generateTokens(path: String, rows: Int) throws {
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            PRAGMA journal_mode = OFF;
            BEGIN;
            CREATE TABLE tokens (id INTEGER PRIMARY KEY, token BLOB NOT NULL);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
              INSERT INTO tokens SELECT i, randomblob(16) FROM n;
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
        let commands: [(name: String, arguments: [String], shown: String)] = withBefore([
            ("sqlite3 -csv -header (reference)", [sqlite3, "-csv", "-header", path, sql],
             "sqlite3 -csv -header FILE '\(sql)'"),
            ("amigo-shell --csv -c 'sql SELECT …'", [shell, path, "--csv", "-c", "sql \(sql)"],
             "amigo-shell FILE --csv -c 'sql \(sql)'"),
            ("amigo-shell -c 'open T' -c 'export csv -'", [shell, path, "-c", "open \(table)", "-c", "export csv -"],
             "amigo-shell FILE -c 'open \(table)' -c 'export csv -'"),
        ], shell: shell)
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
        return try measure(commands, runs: runs, label: "\(table): ")
    }
}
