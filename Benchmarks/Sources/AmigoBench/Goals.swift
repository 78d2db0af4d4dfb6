import Foundation

/// The goals of the benchmark issue, checked against this run's figures (not written by hand),
/// so that the report always says where today's build stands.
enum Goals {
    /// One ratio goal: Amigo's time over the raw C API's, for the workloads whose names start
    /// with `prefix` (the file and `:memory:` variants), at most `target`.
    struct RatioGoal {
        let name: String
        let prefix: String
        let target: Double
    }

    static let ratioGoals = [
        RatioGoal(name: "`session.add`, keys written back", prefix: "1. insert", target: 1.5),
        RatioGoal(name: "`session.batch`", prefix: "2. insert", target: 1.2),
        RatioGoal(name: "fetch as compiled models", prefix: "3. fetch", target: 1.3),
        RatioGoal(name: "fetch as reflected rows", prefix: "3. fetch", target: 1.8),
        RatioGoal(name: "`get(id)`", prefix: "4.", target: 1.5),
        RatioGoal(name: "filter string + order + limit, parse included", prefix: "5.", target: 1.5),
        RatioGoal(name: "one-to-many, one owner at a time", prefix: "6a.", target: 2),
        RatioGoal(name: "one-to-many, eager (`selectRelated`)", prefix: "6b.", target: 2),
        RatioGoal(name: "many-to-many through a junction, one owner at a time", prefix: "7.", target: 2),
    ]

    private static func range(_ ratios: [Double]) -> String {
        guard let low = ratios.min(), let high = ratios.max() else { return "not measured" }
        return low == high ? String(format: "%.2f×", low) : String(format: "%.2f–%.2f×", low, high)
    }

    private static func status(_ ratios: [Double], target: Double) -> String {
        guard let worst = ratios.max() else { return "not measured" }
        return worst <= target ? "met (\(range(ratios)))" : "**not met** (\(range(ratios)))"
    }

    /// The goals table in Markdown.
    static func table(results: [Measurement], shell: [(name: String, seconds: Double)], peakRSS: Double?) -> String {
        let names = workloadNames(results)
        var text = "| goal | target | status in this run |\n|---|---|---|\n"
        for goal in ratioGoals {
            let workloads = names.filter { name in
                guard name.hasPrefix(goal.prefix) else { return false }
                if goal.name.contains("compiled") { return name.contains("compiled") }
                if goal.name.contains("reflected") { return name.contains("reflected") }
                return true
            }
            let ratios = workloads.compactMap { w -> Double? in
                guard let a = median(results, w, "Amigo"), let r = median(results, w, "raw C") else { return nil }
                return a / r
            }
            text += "| \(goal.name) | ≤ \(String(format: "%g", goal.target)) × raw | \(status(ratios, target: goal.target)) |\n"
        }
        let versusGRDB = names.compactMap { w -> (String, Double)? in
            guard let a = median(results, w, "Amigo"), let g = median(results, w, "GRDB") else { return nil }
            return (w, a / g)
        }
        let slower = versusGRDB.filter { $0.1 >= 1 }
        let grdbStatus = versusGRDB.isEmpty ? "not measured"
            : slower.isEmpty ? "met on all \(versusGRDB.count) workloads (Amigo / GRDB \(range(versusGRDB.map(\.1))))"
            : "**not met** on " + slower.map { "\($0.0) (\(String(format: "%.2f×", $0.1)))" }.joined(separator: "; ")
        text += "| faster than GRDB wherever GRDB has an equivalent | Amigo / GRDB < 1 | \(grdbStatus) |\n"

        guard !shell.isEmpty else { return text }
        let baseline = shell.first { $0.name.hasPrefix("baseline") }?.seconds
        // The idle count is not a key press: it runs when the UI waits for input (see the step's name).
        let steps = shell.filter { !$0.name.hasPrefix("baseline") && !$0.name.hasPrefix("idle") }
        if let baseline {
            let ratios = steps.map { $0.seconds / baseline }
            text += "| shell: every step within 2 × the first screen of a 100-row table | ≤ 2 × | \(status(ratios, target: 2)) |\n"
        }
        if let first = shell.first(where: { $0.name.hasPrefix("first page") })?.seconds,
           let last = shell.first(where: { $0.name.hasPrefix("jump to the last") })?.seconds {
            text += "| shell: last page no slower than 2 × the first page | ≤ 2 × | \(status([last / first], target: 2)) |\n"
        }
        if let peakRSS {
            let met = peakRSS < 64 ? "met" : "**not met**"
            text += "| shell: peak RSS while browsing | < 64 MB | \(met) (\(String(format: "%.1f", peakRSS)) MB) |\n"
        }
        return text
    }
}

extension Goals {
    /// The rows of the real-world-files issue (workload 9).
    static func appRows(steps: [AppFileWorkload.Step]?, rows: Int, peakRSS: Double?) -> String {
        guard let steps else { return "" }
        guard !steps.isEmpty else { return "| \(grouped(rows))-row application file: every step ≤ 100 ms, or progress shown and Esc stops it | — | **not measured** (the workload failed) |\n" }
        let failing = steps.filter { !AppFileWorkload.verdict($0).ok }
        let status = failing.isEmpty ? "met (\(steps.count) steps, slowest \(ms(steps.map(\.seconds).max() ?? 0)) ms)"
            : "**not met** on " + failing.map { "\($0.name) (\(ms($0.seconds)) ms)" }.joined(separator: "; ")
        var text = "| \(grouped(rows))-row application file: every browse step ≤ 100 ms, except where the UI showed progress and a key stopped it | ≤ 100 ms | \(status) |\n"
        if let peakRSS {
            text += "| \(grouped(rows))-row application file: peak RSS | < 64 MB | \(peakRSS < 64 ? "met" : "**not met**") (\(String(format: "%.1f", peakRSS)) MB) |\n"
        }
        return text
    }

    /// The rows of the scripts issue (workload 10).
    static func csvRows(_ results: [CSVStreamWorkload.Result], rows: Int, table: CSVTable) -> String {
        guard let reference = results.first else { return "" }
        var text = ""
        for r in results.dropFirst() where !r.name.hasSuffix("(before)") {
            let ratio = r.median / reference.median
            let goal = String(format: "%.2f", table.goal).replacingOccurrences(of: ".50", with: ".5")
            text += "| `\(r.name)`, \(grouped(rows)) rows\(table.label), time | ≤ \(goal) × `sqlite3 -csv` | \(ratio <= table.goal ? "met" : "**not met**") (\(String(format: "%.2f×", ratio)): \(ms(r.median)) vs \(ms(reference.median)) ms) |\n"
            if let rss = r.peakRSS {
                text += "| `\(r.name)`\(table == .orders ? "" : " (\(table.number))"), peak RSS | < 64 MB | \(rss < 64 ? "met" : "**not met**") (\(String(format: "%.1f", rss)) MB; sqlite3 \(reference.peakRSS.map { String(format: "%.1f", $0) } ?? "?") MB) |\n"
            }
        }
        return text
    }
}
