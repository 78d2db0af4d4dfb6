import Foundation

/// Asking the engine how it would run a statement (SQLite's `EXPLAIN QUERY PLAN`, PostgreSQL's
/// `EXPLAIN`), read into a ``QueryPlan`` tree.
extension Session {
    /// Tables with at least this many rows are big: a plan that reads one whole is marked.
    public static let bigTableRows = 1000

    /// The plan of `statement` (which is not run), its steps as a tree, every step that reads a
    /// table of at least `bigTableRows` rows whole marked with the table and its size. `aliases`
    /// names the table behind each alias the statement uses (SQLite's plan names aliases); a
    /// name that is neither an alias nor a table (a subquery, a CTE) is never marked.
    ///
    ///     try session.queryPlan(of: SQLStatement(sql: "SELECT * FROM Track WHERE Composer = ?", arguments: ["AC/DC"]))
    ///     // EXPLAIN QUERY PLAN SELECT * FROM Track WHERE Composer = ?  → `--SCAN Track (full scan: 3503 rows)
    ///
    /// - Throws: the engine's error for a statement it cannot plan.
    package func queryPlan(of statement: SQLStatement, aliases: [String: String] = [:],
                          bigTableRows: Int = Session.bigTableRows) throws -> QueryPlan {
        let explain = engine.dialect.explainStatement(statement.sql)
        let rows = try fetch(explain, statement.arguments)
        var steps = rows.first.map { $0.values.count >= 4 } ?? true
            ? Session.sqlitePlanSteps(rows) : Session.indentedPlanSteps(rows.map { $0[0].textValue ?? $0[0].description })
        // Counting a table's rows is bookkeeping, not the statement explained.
        try engine.unechoed {
            var sizes: [String: (Int, Bool)?] = [:]
            func mark(_ steps: inout [QueryPlan.Step]) throws {
                for i in steps.indices {
                    if let name = Session.fullScanName(steps[i].detail) {
                        let table = aliases[name] ?? aliases[name.lowercased()] ?? name
                        if sizes[table.lowercased()] == nil { sizes[table.lowercased()] = try size(of: table, atLeast: bigTableRows) }
                        if let model = model(forTable: table), let (rows, bounded) = sizes[table.lowercased()] ?? nil {
                            steps[i].fullScan = QueryPlan.FullScan(table: model.name, rows: rows, isLowerBound: bounded)
                        }
                    }
                    try mark(&steps[i].children)
                }
            }
            try mark(&steps)
        }
        return QueryPlan(statement: statement, explainSQL: explain, steps: steps)
    }

    /// The model whose table is `name` (any case; a PostgreSQL name with or without its schema).
    func model(forTable name: String) -> ORMModel? {
        let lower = name.lowercased()
        return amigo.models.first { model in
            let table = model.table.name.lowercased()
            return table == lower || table.split(separator: ".").last.map(String.init) == lower
        }
    }

    /// The rows of table `name` when it has at least `threshold` (the engine's estimate, or a
    /// count that stops at the threshold, marked as a lower bound), or nil for a smaller table.
    private func size(of name: String, atLeast threshold: Int) throws -> (Int, Bool)? {
        guard let model = model(forTable: name), !model.table.isView else { return nil }
        if let estimate = engine.estimatedRowCount(of: model.table.name), estimate >= threshold { return (estimate, false) }
        let counted = try query(model.name).limit(threshold).count()
        return counted >= threshold ? (counted, true) : nil
    }

    /// The table (or alias) a step reads whole, or nil: SQLite's `SCAN Track` (not `SCAN Track
    /// USING … INDEX`), PostgreSQL's `Seq Scan on "Track" t`.
    static func fullScanName(_ detail: String) -> String? {
        var words = detail.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let on = detail.range(of: "Seq Scan on ") {
            words = detail[on.upperBound...].split(separator: " ").map(String.init)
            guard let first = words.first else { return nil }
            return unquoted(first)
        }
        guard words.first == "SCAN", !detail.contains(" USING ") else { return nil }
        words.removeFirst()
        if words.first == "TABLE" { words.removeFirst() }     // before SQLite 3.36: `SCAN TABLE Track`
        return words.first.map(unquoted)
    }

    /// `"Track"` → `Track`, `public."Track"` → `public.Track`.
    private static func unquoted(_ name: String) -> String {
        name.split(separator: ".").map { part in
            var text = String(part)
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"") }
            return text
        }.joined(separator: ".")
    }

    /// SQLite's plan rows (id, parent, unused, detail) as a tree.
    static func sqlitePlanSteps(_ rows: [Row]) -> [QueryPlan.Step] {
        let entries = rows.map { (id: $0[0].integerValue ?? 0, parent: $0[1].integerValue ?? 0, detail: $0[3].textValue ?? $0[3].description) }
        func children(of parent: Int64) -> [QueryPlan.Step] {
            entries.filter { $0.parent == parent && $0.id != parent }.map { QueryPlan.Step(detail: $0.detail, children: children(of: $0.id)) }
        }
        return children(of: 0)
    }

    /// PostgreSQL's text plan as a tree: a line starting `->` is a step under the nearest less
    /// indented step; other lines are notes of the step above them.
    static func indentedPlanSteps(_ lines: [String]) -> [QueryPlan.Step] {
        struct Node { var step: QueryPlan.Step; var indent: Int; var children: [Int] = [] }
        var nodes: [Node] = []
        var roots: [Int] = []
        var open: [Int] = []     // indices of the steps whose children may still follow
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let text = line.trimmingCharacters(in: .whitespaces)
            let isStep = text.hasPrefix("->") || nodes.isEmpty
            guard isStep else {
                if let last = open.last { nodes[last].step.notes.append(text) } else { roots.append(nodes.count); nodes.append(Node(step: .init(detail: text), indent: indent)) }
                continue
            }
            let detail = text.hasPrefix("->") ? text.dropFirst(2).trimmingCharacters(in: .whitespaces) : text
            while let last = open.last, nodes[last].indent >= indent { open.removeLast() }
            let index = nodes.count
            nodes.append(Node(step: .init(detail: detail), indent: indent))
            if let parent = open.last { nodes[parent].children.append(index) } else { roots.append(index) }
            open.append(index)
        }
        func build(_ i: Int) -> QueryPlan.Step {
            var step = nodes[i].step
            step.children = nodes[i].children.map(build)
            return step
        }
        return roots.map(build)
    }
}

extension Query {
    /// The plan of the statement ``all()`` runs for this query (see
    /// ``Session/queryPlan(of:aliases:bigTableRows:)``), and — when it reads the query's own
    /// table whole and that table is big — the index on the columns its filters compare (those
    /// compared with `=` or `IN` first, then one compared by range or prefix), or else on its
    /// first ordering column, as `CREATE INDEX …` text that is never run. No index is suggested
    /// when one already starts with those columns.
    ///
    /// - Throws: ``AmigoError/needsSession(operation:)`` for a query outside a session; what the
    ///   query or the engine throws.
    package func queryPlan(bigTableRows: Int = Session.bigTableRows) throws -> QueryPlan {
        guard let session else { throw AmigoError.needsSession(operation: "reading a query plan") }
        let model = try modelResult.get()
        let compiled = try compile()
        var aliases: [String: String] = [compiled.statement.alias: compiled.statement.table]
        for join in compiled.statement.joins { aliases[join.alias] = join.table }
        var plan = try session.queryPlan(of: SQLStatement(sql: compiled.statement.sql, arguments: compiled.statement.arguments),
                                         aliases: aliases, bigTableRows: bigTableRows)
        guard plan.fullScans.contains(where: { $0.table == model.name }) else { return plan }
        var columns = indexableColumns(of: model)
        if columns.isEmpty, let first = orderings.first, first.column, let column = model.table.column(named: first.key) {
            columns = [column.label]
        }
        guard !columns.isEmpty else { return plan }
        let lowered = columns.map { $0.lowercased() }
        let covered = model.table.indexes.contains { index in
            index.columns.count >= lowered.count && Array(index.columns.prefix(lowered.count)).map { $0.lowercased() } == lowered
        } || (model.table.primaryKey.first.map { $0.label.lowercased() == lowered[0] } ?? false)
        guard !covered else { return plan }
        let bare = model.table.name.split(separator: ".").last.map(String.init) ?? model.table.name
        let index = Index(([bare] + columns).joined(separator: "_") + "_idx", columns: columns)
        plan.suggestedIndexes = [SchemaCompiler(dialect: amigo.engine.dialect).createIndex(index, on: model.table)]
        return plan
    }

    /// The query's own columns its filters compare in a way an index serves: those compared with
    /// `=` or `IN` (in the order written), then the first compared by range, BETWEEN or a prefix.
    /// Comparisons ignoring case or diacritics, under OR or NOT, or through a path are left out.
    private func indexableColumns(of model: ORMModel) -> [String] {
        var equal: [String] = []
        var ranged: [String] = []
        func walk(_ expression: FilterExpression) {
            switch expression {
            case .and(let lhs, let rhs): walk(lhs); walk(rhs)
            case .comparison(let comparison):
                guard comparison.options.isEmpty, case .keyPath(let path, _) = comparison.lhs, path.count == 1,
                      let column = model.table.column(named: path[0]) else { return }
                switch comparison.op {
                case .equal, .in:
                    if !equal.contains(column.label) { equal.append(column.label) }
                case .less, .lessOrEqual, .greater, .greaterOrEqual, .between, .beginsWith:
                    if !ranged.contains(column.label) { ranged.append(column.label) }
                default: break
                }
            case .or, .not, .literal: break
            }
        }
        for filter in filters { walk(filter.expression) }
        return equal + ranged.filter { !equal.contains($0) }.prefix(1)
    }
}
