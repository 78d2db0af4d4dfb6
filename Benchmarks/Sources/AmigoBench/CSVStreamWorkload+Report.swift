import Foundation

/// The tables workloads 10, 10b and 10c stream, each with its section's words and its goal.
enum CSVTable {
    /// Workload 10: workload 8's `orders` (5 columns, text with spaces, NULLs).
    case orders
    /// Workload 10b: `blobs` (id, name, quantity and a 16-byte BLOB).
    case blobs
    /// Workload 10c: `tokens` (id and a 16-byte BLOB, 3,950,000 rows).
    case tokens

    /// The workload's number.
    var number: String { self == .orders ? "10" : self == .blobs ? "10b" : "10c" }
    /// The most amigo-shell may take, as a multiple of `sqlite3 -csv`'s time.
    var goal: Double { self == .orders ? 1.15 : 1.5 }
    /// Whether the outputs are compared with sqlite3's (not with a BLOB: sqlite3 writes its raw bytes).
    var compared: Bool { self == .orders }
    /// How the goals' rows name the table.
    var label: String { self == .orders ? "" : self == .blobs ? " with a BLOB (10b)" : " with one 16-byte BLOB each (10c)" }
}

extension CSVStreamWorkload {
    /// The section of workload 10, 10b or 10c.
    static func report(_ results: [Result], rows: Int, runs: Int, table: CSVTable) -> String {
        var text: String
        switch table {
        case .orders: text = "## Workload 10: streaming \(grouped(rows)) rows as CSV, amigo-shell beside sqlite3\n\n"
        case .blobs: text = "## Workload 10b: streaming \(grouped(rows)) rows with a 16-byte BLOB as CSV, amigo-shell beside sqlite3\n\n"
        case .tokens: text = "## Workload 10c: streaming \(grouped(rows)) rows of one 16-byte BLOB as CSV, amigo-shell beside sqlite3\n\n"
        }
        guard let reference = results.first else { return text + "Not measured (no `amigo-shell` built beside the harness, or no `sqlite3`).\n" }
        switch table {
        case .orders:
            text += "The real executables on workload 8's file (`orders`, 5 columns), standard output to /dev/null; "
        case .blobs:
            text += "The real executables on a file of its own (`blobs`: id, name, quantity and a 16-byte `randomblob`), standard output to /dev/null; "
        case .tokens:
            text += "The real executables on a file of its own (`tokens`: an integer key and a 16-byte `randomblob`, as a table keyed by UUIDs stored as bytes), standard output to /dev/null; "
        }
        text += "median of \(runs) runs of the whole process, the commands taking turns run by run (the range is the fastest and slowest run); "
        text += "peak RSS by `/usr/bin/time -f %M` (the highest of the runs). "
        if table.compared {
            text += "The outputs are compared once: sqlite3's `-csv` ends lines with LF; amigo-shell's `--csv` quotes as sqlite3 quotes (every field holding a space) and ends lines with CRLF (RFC 4180), and `export csv` quotes only what RFC 4180 needs, so they are compared with quotes and carriage returns left out (`amigo-shell -csv`, sqlite3's own option, writes sqlite3's bytes exactly: the text-mode specs check it). "
        } else {
            text += "The outputs differ by design (sqlite3 writes a BLOB's raw bytes, amigo-shell its hex), so they are not compared. "
        }
        text += "`amigo-shell` is the release build of this checkout's executable (`swift build -c release --product amigo-shell` in Benchmarks/).\n\n"
        text += "| command | ms | range ms | × sqlite3 | peak RSS MB | output against sqlite3's |\n|---|---:|---:|---:|---:|---|\n"
        for r in results {
            let same = identical[r.command] ?? "—"
            text += "| `\(r.command)` | \(ms(r.median)) | \(ms(r.fastest))–\(ms(r.slowest)) | \(ratio(r.median, reference.median)) | "
            text += "\(r.peakRSS.map { String(format: "%.1f", $0) } ?? "—") | \(same) |\n"
        }
        return text
    }
}
