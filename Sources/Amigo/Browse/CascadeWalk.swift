/// The walk behind a ``CascadePreview``: from the deleted rows along every foreign key that points
/// at them, recursively (up to ``CascadePreview/maxDepth`` steps), with one COUNT query per table
/// and action, so that each table's rows are counted once however many paths lead to them.
struct CascadeWalk {
    /// The rows deleted directly.
    let root: RowSelection
    /// The tables (not views) of the models.
    let tables: [Table]
    /// The engine the counts run on.
    let engine: any Engine

    init(root: RowSelection, models: [ORMModel], engine: any Engine) {
        self.root = root
        self.tables = models.filter { !$0.name.isEmpty && !$0.table.isView }.map(\.table)
        self.engine = engine
    }

    /// Walks the foreign keys and counts what each action does.
    func preview() throws -> CascadePreview {
        let table = root.table
        let rootKey = table.lowercased()
        var preview = CascadePreview(table: table, rows: try root.count(engine))
        var deleted: [String: [RowSelection]] = [rootKey: [root]]
        var nulled: [String: [RowSelection]] = [:]
        var order: [String] = []          // tables in the order they were reached
        var restrictions: [CascadePreview.Restriction] = []
        var frontier = [root]
        for _ in 0..<CascadePreview.maxDepth where !frontier.isEmpty {
            var next: [RowSelection] = []
            for parentSelection in frontier {
                let parent = parentSelection.table
                for child in tables {
                    for fk in child.foreignKeys where fk.referencedTable.lowercased() == parent.lowercased() {
                        let parentTable = tables.first { $0.name.lowercased() == parent.lowercased() }
                        let referenced = fk.referencedColumns.isEmpty ? (parentTable?.primaryKey.map(\.label) ?? []) : fk.referencedColumns
                        guard !referenced.isEmpty, referenced.count == fk.columns.count else { continue }
                        let condition = parentSelection.children(child.name, columns: fk.columns, referenced: referenced, dialect: engine.dialect)
                        let n = try condition.count(engine)
                        guard n > 0 else { continue }
                        let key = child.name.lowercased()
                        switch fk.onDelete.uppercased() {
                        case "CASCADE":
                            if deleted[key] == nil && key != rootKey { order.append(key) }
                            deleted[key, default: []].append(condition)
                            next.append(condition)
                        case "SET NULL", "SET DEFAULT":
                            if nulled[key] == nil { order.append(key) }
                            nulled[key, default: []].append(condition)
                        default:
                            // A row that points at itself, deleted with it, does not hold the delete up.
                            if key == rootKey && parent.lowercased() == rootKey, try condition.excluding(root).count(engine) == 0 {
                                continue
                            }
                            restrictions.append(CascadePreview.Restriction(table: child.name, columns: fk.columns, parent: parent,
                                                                           action: fk.onDelete.uppercased(), count: n))
                        }
                    }
                }
            }
            frontier = next
        }
        var seen = Set<String>()
        for key in order where seen.insert(key).inserted {
            if let gone = RowSelection.union(deleted[key] ?? []) {
                var n = try gone.count(engine)
                if key == rootKey { n -= preview.rows }
                if n > 0 { preview.cascaded.append(CascadePreview.Effect(table: gone.table, count: n)) }
            }
            if let changed = RowSelection.union(nulled[key] ?? []) {
                let n = try (RowSelection.union(deleted[key] ?? []).map { changed.excluding($0) } ?? changed).count(engine)
                if n > 0 { preview.nulled.append(CascadePreview.Effect(table: changed.table, count: n)) }
            }
        }
        // The root table reached again through a cascade (rows that point at deleted rows of their own table).
        if let conditions = deleted[rootKey], conditions.count > 1, !order.contains(rootKey), let all = RowSelection.union(conditions) {
            let n = try all.count(engine) - preview.rows
            if n > 0 { preview.cascaded.insert(CascadePreview.Effect(table: table, count: n), at: 0) }
        }
        preview.restrictions = restrictions
        return preview
    }
}
