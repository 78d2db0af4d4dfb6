import Amigo

/// `explain` and `x`: how the database would run the statement behind the current view.
extension Explorer {
    /// The plan of the statement behind the current view: a table's query (its filter,
    /// relationship scope and order) with the index that would help it, or a `sql` result's
    /// statement. Nothing is run but the EXPLAIN.
    public func explainCurrentView() throws -> QueryPlan {
        guard let view = current else { throw ShellError.noView(command: "explain") }
        if case .sql(let sql) = view.source {
            return try session.queryPlan(of: SQLStatement(sql: sql))
        }
        var query = try view.query(in: session)
        if let order = view.order { query = query.orderBy(order.column, ascending: !order.descending) }
        return try query.queryPlan()
    }
}
