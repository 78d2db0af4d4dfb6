import Amigo

/// A query plan as the shell shows it: the statement, the steps as a tree (`|--`, `` `-- ``, as
/// sqlite3 draws it), full scans of big tables marked, and the suggested index, never run.
package enum QueryPlanText {
    /// The lines of `plan`.
    public static func lines(_ plan: QueryPlan) -> [String] {
        var lines = [plan.statement.description, ""]
        func draw(_ steps: [QueryPlan.Step], indent: String) {
            for (i, step) in steps.enumerated() {
                let last = i == steps.count - 1
                var text = step.detail
                if let scan = step.fullScan {
                    text += "   ◀ full scan of \(scan.table): \(scan.isLowerBound ? "\(scan.rows)+" : String(scan.rows)) rows"
                }
                lines.append(indent + (last ? "`--" : "|--") + text)
                let under = indent + (last ? "   " : "|  ")
                for note in step.notes { lines.append(under + "   " + note) }
                draw(step.children, indent: under)
            }
        }
        draw(plan.steps, indent: "")
        if plan.steps.isEmpty { lines.append("(the database gave no plan)") }
        if !plan.fullScans.isEmpty, plan.suggestedIndexes.isEmpty {
            lines += ["", "full scan of a big table; no index suggested (no filter or order on its own columns an index would serve)"]
        }
        if !plan.suggestedIndexes.isEmpty {
            lines += ["", "an index that would help (not created; run it with sql if you want it):"]
            lines += plan.suggestedIndexes.map { "   " + $0 }
        }
        return lines
    }

    /// The one-line summary for the status line.
    package static func summary(_ plan: QueryPlan) -> String {
        let scans = plan.fullScans
        if scans.isEmpty { return "plan: no full scan of a big table" }
        return "plan: full scan of " + scans.map(\.table).joined(separator: ", ") + (plan.suggestedIndexes.isEmpty ? "" : " — an index is suggested")
    }
}
