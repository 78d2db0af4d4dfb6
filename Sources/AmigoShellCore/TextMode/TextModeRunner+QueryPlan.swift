// TextModeRunner: sqlite3's rendering of a query plan.

import Amigo

extension TextModeRunner {
    /// Runs the `EXPLAIN QUERY PLAN` statement `sql` and writes its rows as sqlite3 does: the
    /// tree under `QUERY PLAN` (``SQLite3QueryPlanText``), whatever the output mode.
    func writeQueryPlan(of sql: String) throws {
        var plan = SQLite3QueryPlanText()
        var indexes: (id: Int, parent: Int, detail: Int)?
        _ = try explorer.streamSQL(sql, columns: { columns in
            let names = columns.map { $0.name.lowercased() }
            if let id = names.firstIndex(of: "id"), let parent = names.firstIndex(of: "parent"), let detail = names.firstIndex(of: "detail") {
                indexes = (id, parent, detail)
            }
        }, row: { row in
            guard let indexes else { return }
            plan.append(.init(id: row.int64(at: indexes.id), parent: row.int64(at: indexes.parent), detail: row.string(at: indexes.detail)))
        })
        try write(plan.text, raw: !mode.isForPeople)
    }

    /// With `.eqp on`, on SQLite: the plan of `sql` as sqlite3 writes it before the statement's
    /// output (nothing for a statement with no plan steps, or one that is itself an EXPLAIN).
    func writeQueryPlanFirst(of sql: String) throws {
        guard explainsQueryPlans, let sqlite = explorer.amigo.engine as? SQLiteEngine,
              !sql.drop(while: \.isWhitespace).uppercased().hasPrefix("EXPLAIN") else { return }
        var plan = SQLite3QueryPlanText()
        for row in try sqlite.queryPlanRows(of: sql) { plan.append(.init(id: row.id, parent: row.parent, detail: row.detail)) }
        try write(plan.text, raw: !mode.isForPeople)
    }
}
