import Foundation

/// Workload P9: streaming a 1,000,000-row PostgreSQL table as CSV out of the real `amigo-shell`
/// executable, beside psql's `\copy … TO STDOUT` (the server writes the CSV there, through the
/// COPY protocol) on the same server and table. Each command is a separate process writing to
/// /dev/null; median wall time of `runs` runs; peak RSS by `/usr/bin/time -f %M` (workload 10's
/// ``CSVStreamWorkload/runOnce(_:output:)``).
enum PostgresCSVWorkload {
    /// The schema the table lives in (the connections' `search_path`).
    static let schema = "amigo_bench_csv"

    /// `url` with every connection's `search_path` set to ``schema``.
    static func url(_ url: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + schema
    }

    /// psql: the newest in /usr/lib/postgresql, else on the usual paths.
    static func psqlBinary() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        let candidates = versions.reversed().map { "\(root)/\($0)/bin/psql" } + ["/usr/bin/psql", "/usr/local/bin/psql"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Creates `orders` (`rows` rows of five columns: an integer key, an integer, a double, a
    /// text and a text NULL every fifth row, as workload 8's table) with `generate_series`. The
    /// doubles all have a fraction: amigo-shell writes a whole one as `3.0` where COPY writes `3`
    /// (the same value read back), which would keep the outputs from being compared as text.
    static func generate(url: String, rows: Int) -> Double {
        ShellWorkload.time {
            let raw = RawPostgres(url)
            raw.exec("SET client_min_messages TO warning; DROP SCHEMA IF EXISTS \(schema) CASCADE; CREATE SCHEMA \(schema)")
            raw.exec("""
                CREATE TABLE \(schema).orders (id integer PRIMARY KEY, customer_id integer NOT NULL,
                                               amount double precision NOT NULL, status text NOT NULL, note text);
                INSERT INTO \(schema).orders SELECT i, (i::bigint * 7919) % 10000 + 1, (i % 1000) * 1.5 + 0.25,
                       CASE i % 4 WHEN 0 THEN 'new' WHEN 1 THEN 'paid' WHEN 2 THEN 'shipped' ELSE 'returned' END,
                       CASE WHEN i % 5 = 0 THEN NULL ELSE 'order note, ' || i END
                  FROM generate_series(1, \(rows)) AS i;
                """)
            raw.exec("VACUUM ANALYZE \(schema).orders")
        }
    }

    /// Drops the schema.
    static func drop(url: String) {
        RawPostgres(url).exec("SET client_min_messages TO warning; DROP SCHEMA IF EXISTS \(schema) CASCADE")
    }

    /// Measures psql's two `\copy` forms (the first is the reference) and amigo-shell's two CSV
    /// commands; each output is compared once with the reference's.
    static func run(url serverURL: String, runs: Int) throws -> [CSVStreamWorkload.Result] {
        guard let shell = CSVStreamWorkload.shellBinary(), let psql = psqlBinary() else {
            FileHandle.standardError.write(Data("amigo-bench: workload P9 skipped (no amigo-shell beside the harness, or no psql)\n".utf8))
            return []
        }
        let url = url(serverURL)
        let commands: [(name: String, arguments: [String], shown: String)] = CSVStreamWorkload.withBefore([
            ("psql \\copy (SELECT …) TO STDOUT (reference)", [psql, "-X", "-q", "-d", url, "-c", "\\copy (SELECT * FROM orders) TO STDOUT CSV HEADER"],
             "psql -c '\\copy (SELECT * FROM orders) TO STDOUT CSV HEADER'"),
            ("psql \\copy orders TO STDOUT", [psql, "-X", "-q", "-d", url, "-c", "\\copy orders TO STDOUT CSV HEADER"],
             "psql -c '\\copy orders TO STDOUT CSV HEADER'"),
            ("amigo-shell --csv -c 'sql SELECT …'", [shell, url, "--csv", "-c", "sql SELECT * FROM orders"],
             "amigo-shell URL --csv -c 'sql SELECT * FROM orders'"),
            ("amigo-shell -c 'open T' -c 'export csv -'", [shell, url, "-c", "open orders", "-c", "export csv -"],
             "amigo-shell URL -c 'open orders' -c 'export csv -'"),
        ], shell: shell)
        var reference: Data?
        for command in commands {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-bench-pgcsv-\(getpid()).csv").path
            _ = try CSVStreamWorkload.runOnce(command.arguments, output: file)
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            try? FileManager.default.removeItem(atPath: file)
            if reference == nil { reference = data }
            // psql's COPY ends lines with LF, amigo-shell's CSV with CRLF (RFC 4180); both quote only
            // what needs it. Without ORDER BY the server may send the rows in another order (a
            // synchronized scan starts where another is): the lines are compared sorted.
            let lines = { (d: Data) in d.filter { $0 != 13 }.split(separator: 10).sorted { $0.lexicographicallyPrecedes($1) } }
            let same = lines(data) == lines(reference!)
            identical[command.shown] = data == reference ? "yes" : same ? "same rows (order and line ends aside)" : "**no**"
            if !same {
                let lines = { (d: Data) in String(decoding: d.prefix(200), as: UTF8.self).split(separator: "\n").prefix(3).joined(separator: " | ") }
                FileHandle.standardError.write(Data("amigo-bench: \(command.name) differs from psql's (\(data.count) vs \(reference!.count) bytes): \(lines(data)) vs \(lines(reference!))\n".utf8))
            }
        }
        return try CSVStreamWorkload.measure(commands, runs: runs, label: "P9. ")
    }

    /// How each command's CSV compares with psql's (``run(url:runs:)`` fills it).
    nonisolated(unsafe) static var identical: [String: String] = [:]

    /// The report's section.
    static func report(_ results: [CSVStreamWorkload.Result], rows: Int, runs: Int, generated: Double) -> String {
        var text = "## Workload P9: streaming \(grouped(rows)) PostgreSQL rows as CSV, amigo-shell beside psql's \\copy\n\n"
        guard let reference = results.first else { return text + "Not measured (no `amigo-shell` built beside the harness, or no `psql`).\n" }
        text += "The same server as above; `orders` (\(grouped(rows)) rows: integer key, integer, double precision, text, text NULL every fifth "
        text += "row, generated in \(String(format: "%.1f", generated)) s, not timed), read over the Unix socket by the real executables, standard output "
        text += "to /dev/null; median of \(runs) runs of the whole process, the commands taking turns run by run (the range is the fastest and slowest run); peak RSS by `/usr/bin/time -f %M` (the highest of the runs). "
        text += "psql's `\\copy` has the server write the CSV (the COPY protocol); amigo-shell reads the rows and writes them itself: "
        text += "`export` reads the view's statement through a cursor (`FETCH` up to 10,000 rows at a time), `sql` the typed statement "
        text += "in libpq's single-row mode (a statement someone typed is never wrapped in other SQL); both write each value's text as the server sent it "
        text += "where it is the same text (no conversion to a value and back). The outputs are compared once with psql's, line by line sorted (without "
        text += "ORDER BY the server may send rows in any order): both quote only what needs it; amigo-shell ends lines with CRLF "
        text += "(RFC 4180), COPY with LF.\n\n"
        text += "| command | ms | range ms | × psql \\copy (SELECT …) | peak RSS MB | output against psql's |\n|---|---:|---:|---:|---:|---|\n"
        for r in results {
            text += "| `\(r.command)` | \(ms(r.median)) | \(ms(r.fastest))–\(ms(r.slowest)) | \(ratio(r.median, reference.median)) | \(r.peakRSS.map { String(format: "%.1f", $0) } ?? "—") | \(identical[r.command] ?? "—") |\n"
        }
        return text
    }

    /// The goals' rows: ≤ 1.5 × psql's `\copy (SELECT …)` time and ≤ 64 MB peak RSS for amigo-shell's commands.
    static func goalRows(_ results: [CSVStreamWorkload.Result], rows: Int) -> String {
        guard let reference = results.first else { return "" }
        var text = ""
        for r in results where r.name.hasPrefix("amigo-shell") && !r.name.hasSuffix("(before)") {
            let ratio = r.median / reference.median
            text += "| `\(r.name)` on PostgreSQL, \(grouped(rows)) rows (P9), time | ≤ 1.5 × psql `\\copy (SELECT …) TO STDOUT` | \(ratio <= 1.5 ? "met" : "**not met**") (\(String(format: "%.2f×", ratio)): \(ms(r.median)) vs \(ms(reference.median)) ms) |\n"
            if let rss = r.peakRSS {
                text += "| `\(r.name)` on PostgreSQL (P9), peak RSS | ≤ 64 MB | \(rss <= 64 ? "met" : "**not met**") (\(String(format: "%.1f", rss)) MB; psql \(reference.peakRSS.map { String(format: "%.1f", $0) } ?? "?") MB) |\n"
            }
        }
        return text
    }
}
