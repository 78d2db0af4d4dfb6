import Amigo
import AmigoShellCore
import Foundation

/// Workload 12: opening a file of 5,000 tables in the shell (issue 28: within 2 s), with link
/// inference — the shell's default — and with `--no-infer` beside it. The file is the one
/// `BigSchemaSpec` builds: tables `item0…item4999`, each with a column `item<i-1>_id` naming the
/// table before it (a candidate link every table), and one row in `item0` and `item1`.
///
/// Each figure is the median of `runs` runs, the variants taking turns run by run. Measured in
/// process: reflection alone, and the whole opening as the user waits for it (reflection, the
/// tables list with its bounded counts, the first screen drawn).
///
/// Runnable alone: `AmigoBench --only 12 [--runs N]`.
enum BigSchemaWorkload {
    /// Tables in the file.
    static let tables = 5_000

    /// One variant's median, in seconds.
    struct Result {
        let name: String
        let seconds: Double
    }

    /// Writes the file of `count` tables at `path`.
    static func generate(path: String, count: Int) throws {
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        var script = "BEGIN;"
        for i in 0..<count {
            script += "CREATE TABLE item\(i) (id INTEGER PRIMARY KEY, name TEXT, note TEXT\(i > 0 ? ", item\(i - 1)_id INTEGER" : ""));"
        }
        script += "INSERT INTO item0 VALUES (1, 'a', NULL); INSERT INTO item1 VALUES (1, 'b', NULL, 1); COMMIT;"
        try engine.executeScript(script)
    }

    /// Opens the file as amigo-shell's terminal UI does and draws the first screen (the tables list).
    static func openInShell(path: String, infer: Bool) throws {
        let amigo = try AmigoDatabase(reflecting: path, reflection: ReflectionOptions(inferRelationships: infer))
        let explorer = try Explorer(amigo: amigo, displayPath: path, tableCountLimit: 10_000)
        let app = ShellApp(explorer: explorer)
        _ = app.render(width: AppFileWorkload.width, height: AppFileWorkload.height)
        check(amigo.models.count == tables, "tables reflected: \(amigo.models.count)")
        if infer {
            let inferred = amigo.models.first { $0.name == "item1" }?.relationships.contains { $0.target.name == "item0" && $0.isInferred }
            check(inferred == true, "item1.item0_id inferred as a link to item0")
        }
    }

    static func run(runs: Int) throws -> [Result] {
        let path = freshPath("big-schema")
        try generate(path: path, count: tables)
        defer { removeDatabase(at: path) }
        let variants: [(name: String, body: () throws -> Void)] = [
            ("reflect the 5,000 tables, links inferred (the default)", {
                _ = try AmigoDatabase(reflecting: path)
            }),
            ("reflect the 5,000 tables, --no-infer", {
                _ = try AmigoDatabase(reflecting: path, reflection: ReflectionOptions(inferRelationships: false))
            }),
            ("open in the shell and draw the first screen, links inferred (the default)", { try openInShell(path: path, infer: true) }),
            ("open in the shell and draw the first screen, --no-infer", { try openInShell(path: path, infer: false) }),
        ]
        // Once each first (the page cache warm, the answers checked), then the variants take turns.
        for variant in variants { try variant.body() }
        var times = Array(repeating: [Double](), count: variants.count)
        for _ in 0..<runs {
            for (i, variant) in variants.enumerated() { times[i].append(try ShellWorkload.time(variant.body)) }
        }
        return variants.enumerated().map { i, variant in
            let sorted = times[i].sorted()
            let result = Result(name: variant.name, seconds: sorted[sorted.count / 2])
            FileHandle.standardError.write(Data("  12. \(variant.name): \(ms(result.seconds)) ms (\(sorted.map(ms).joined(separator: ", ")))\n".utf8))
            return result
        }
    }

    /// The workload's section of the report.
    static func report(_ results: [Result], runs: Int) -> String {
        var text = "## Workload 12: opening a file of \(grouped(tables)) tables (in process)\n\n"
        text += "The file `BigSchemaSpec` builds: tables `item0…item\(tables - 1)`, each with a column naming the table before it "
        text += "(`item<i-1>_id`, a link to infer in every table), one row in `item0` and `item1`. Median of \(runs) runs, the variants "
        text += "taking turns; “open in the shell” is reflection, the tables list with its bounded counts and the first screen drawn.\n\n"
        text += "| step | ms | × --no-infer |\n|---|---:|---:|\n"
        for (i, result) in results.enumerated() {
            let plain = i % 2 == 0 && i + 1 < results.count ? results[i + 1].seconds : nil
            text += "| \(result.name) | \(ms(result.seconds)) | \(plain.map { ratio(result.seconds, $0) } ?? "—") |\n"
        }
        return text
    }

    /// The goal's row: the shell's opening with inference within 2 s.
    static func goalRows(_ results: [Result]) -> String {
        guard let open = results.first(where: { $0.name.hasPrefix("open in the shell") }) else { return "" }
        let met = open.seconds <= 2
        return "| open a file of \(grouped(tables)) tables in the shell, links inferred | ≤ 2 s | \(met ? "met" : "**not met**") (\(ms(open.seconds)) ms) |\n"
    }
}
