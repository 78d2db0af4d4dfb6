/// How sqlite3's shell writes the result of `EXPLAIN QUERY PLAN` (and of `.eqp on`): the plan's
/// rows as a tree under `QUERY PLAN`, each step after `|--` (or `` `-- `` for the last of its
/// parent's), its own steps indented under it:
///
///     QUERY PLAN
///     |--SCAN t
///     `--USE TEMP B-TREE FOR ORDER BY
struct SQLite3QueryPlanText {
    /// One row of `EXPLAIN QUERY PLAN`: its id, its parent's id, its words.
    struct Row: Equatable {
        let id: Int64
        let parent: Int64
        let detail: String
    }

    private(set) var rows: [Row] = []

    /// Adds the next row of the plan.
    mutating func append(_ row: Row) { rows.append(row) }

    /// The tree as sqlite3 writes it; empty for a plan of no rows.
    var text: String {
        guard !rows.isEmpty else { return "" }
        var out = "QUERY PLAN\n"
        var visited = Set<Int64>()
        func level(_ parent: Int64, prefix: String) {
            let children = rows.filter { $0.parent == parent && !visited.contains($0.id) }
            for (index, child) in children.enumerated() {
                visited.insert(child.id)
                let last = index == children.count - 1
                out += prefix + (last ? "`--" : "|--") + child.detail + "\n"
                // sqlite3 stops indenting past its prefix buffer; a plan so deep is not real.
                if prefix.count < 90 { level(child.id, prefix: prefix + (last ? "   " : "|  ")) }
            }
        }
        level(0, prefix: "")
        return out
    }
}

extension SQLite3QueryPlanText {
    /// Whether `sql` is an `EXPLAIN QUERY PLAN` statement (any case, any blanks between the words).
    static func isExplainQueryPlan(_ sql: String) -> Bool {
        let words = sql.split(whereSeparator: \.isWhitespace).prefix(3).map { $0.uppercased() }
        return words == ["EXPLAIN", "QUERY", "PLAN"]
    }
}
