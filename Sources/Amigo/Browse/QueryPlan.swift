/// How the engine would run a statement, as a tree of steps (SQLite's `EXPLAIN QUERY PLAN`,
/// PostgreSQL's `EXPLAIN`), with the full scans of big tables marked and, for a query whose own
/// table is scanned whole, the index that would let it seek instead.
package struct QueryPlan: Sendable, Equatable {
    /// One step of the plan: the engine's words for it, the steps under it, and whether it reads
    /// a big table whole.
    public struct Step: Sendable, Equatable {
        /// The engine's words (`SCAN Track`, `Seq Scan on "Track"  (cost=0.00..80.79 rows=3503 width=92)`).
        public var detail: String
        /// The engine's notes on the step (PostgreSQL's `Filter: …`, `Sort Key: …`).
        public var notes: [String] = []
        /// The steps it runs, in the engine's order.
        public var children: [Step] = []
        /// Set when the step reads every row of a table with at least the plan's big-table
        /// threshold of rows.
        package var fullScan: FullScan?

        /// A step with the engine's words.
        public init(detail: String, notes: [String] = [], children: [Step] = [], fullScan: FullScan? = nil) {
            self.detail = detail
            self.notes = notes
            self.children = children
            self.fullScan = fullScan
        }
    }

    /// A step that reads a table whole.
    public struct FullScan: Sendable, Equatable {
        /// The table, as the models name it.
        public var table: String
        /// Its rows (counted, or the engine's estimate), at least the threshold.
        public var rows: Int
        /// Whether ``rows`` is only a lower bound (the count stopped there).
        package var isLowerBound: Bool
    }

    /// The statement explained, with its bound values.
    public var statement: SQLStatement
    /// The statement that asked for the plan (`EXPLAIN QUERY PLAN …`).
    public var explainSQL: String
    /// The top steps.
    public var steps: [Step]
    /// `CREATE INDEX …` statements that would let the query seek rather than scan a big table
    /// whole — suggestions, never run.
    package var suggestedIndexes: [String] = []

    /// Every step, depth first.
    public var allSteps: [Step] {
        func walk(_ steps: [Step]) -> [Step] { steps.flatMap { [$0] + walk($0.children) } }
        return walk(steps)
    }

    /// The full scans of big tables, depth first.
    package var fullScans: [FullScan] { allSteps.compactMap(\.fullScan) }

    /// Creates a plan.
    public init(statement: SQLStatement, explainSQL: String, steps: [Step], suggestedIndexes: [String] = []) {
        self.statement = statement
        self.explainSQL = explainSQL
        self.steps = steps
        self.suggestedIndexes = suggestedIndexes
    }
}
