import Amigo

/// The text of `path TABLE [KEY]`: how the current table is related to another — each chain of
/// relationships with the filter that follows it and the SQL that filter runs — and, given the
/// other table's row, the rows that link the current row to it along each chain.
///
///     Customer → Genre: 1 path, shortest first
///     1. invoices.tracks.genre   Customer ⇉ Invoice ⇄ Track (via InvoiceLine) → Genre
///        filter invoices.tracks.genre.GenreId = KEY
///        SQL: SELECT … WHERE EXISTS (…)
struct RelationshipPathsText {
    /// The session the SQL is compiled with and linking rows are read through.
    let session: Session
    /// How a row is named (its label), nil when it has none.
    let label: (Record) -> String?

    /// The listing of the chains from `source` to `target`, with the rows linking `row` (of
    /// `source`) to `target`'s row keyed `key` when both are given.
    func text(from source: ORMModel, to target: ORMModel, row: Record?, key: DatabaseValue?) throws -> (output: String, status: String) {
        let paths = session.amigo.relationshipPaths(from: source, to: target)
        let count = Plural.count(paths.count, "path")
        guard !paths.isEmpty else {
            let none = "\(source.name) → \(target.name): no path of at most 4 relationships (each table once)"
            return (none, "path: none from \(source.name) to \(target.name)")
        }
        var lines = ["\(source.name) → \(target.name): \(count), shortest first"]
        var linked = 0
        for (n, path) in paths.enumerated() {
            lines.append("\(n + 1). \(path.filterPath)   \(path.description)")
            let keyName = target.primaryKey.map { RelationshipPath.filterName($0.label) } ?? "KEY"
            lines.append("   filter \(path.filterPath).\(keyName) = \(key.map(ValueText.display) ?? "KEY")")
            if let filter = path.filter(toTargetKey: key ?? .integer(0)) {
                let sql = try session.query(source.name).filter(filter.filter, filter.arguments[0]).sql().sql
                lines.append("   SQL: " + sql)
            }
            guard let row, let key else { continue }
            if let rows = try session.linkingRows(along: path, from: row, toTargetKey: key) {
                linked += 1
                lines.append("   linked: " + ([row] + rows).map(name).joined(separator: " → "))
            } else {
                lines.append("   not linked this way")
            }
        }
        if let row, let key {
            let status = "path: \(name(row)) and \(target.name) \(ValueText.display(key)) linked along \(linked) of \(count)"
            return (lines.joined(separator: "\n"), status)
        }
        return (lines.joined(separator: "\n"), "path: \(count) from \(source.name) to \(target.name)")
    }

    /// `Invoice 121` or `Genre 1 (Rock)`: the row's model, key and label.
    private func name(_ row: Record) -> String {
        let key = row.model.table.primaryKey.map { ValueText.display(row.value(at: $0.index)) }.joined(separator: ",")
        return row.model.name + " " + key + (label(row).map { " (\($0))" } ?? "")
    }
}
