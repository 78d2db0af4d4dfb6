/// What the database itself will do when rows are deleted: the rows `ON DELETE CASCADE` removes
/// and the rows `SET NULL` (or `SET DEFAULT`) changes, per table and counted, and the foreign
/// keys that refuse the delete (`NO ACTION` or `RESTRICT` with rows still pointing at it).
///
/// Found by walking the foreign keys that point at the deleted rows, recursively (up to
/// ``maxDepth`` steps), with one COUNT query per table: each table's rows are counted once,
/// however many paths lead to them.
///
/// For example, for an author whose books cascade and whose reviews are set to NULL:
///
///     let preview = try session.query("author").havingKey([1]).cascadePreview()
///     // preview.rows == 1, preview.cascaded == [book: 2, chapter: 5], preview.nulled == [review: 2]
package struct CascadePreview: Equatable, Sendable {
    /// Rows of a table that the delete removes or changes.
    public struct Effect: Equatable, Sendable {
        /// The table.
        public var table: String
        /// How many rows.
        public var count: Int

        /// Creates an effect.
        public init(table: String, count: Int) {
            self.table = table
            self.count = count
        }
    }

    /// A foreign key that makes the delete fail.
    public struct Restriction: Equatable, Sendable {
        /// The table whose rows point at deleted rows.
        public var table: String
        /// Its foreign-key columns.
        public var columns: [String]
        /// The table they point at.
        public var parent: String
        /// The action (`NO ACTION`, `RESTRICT`).
        public var action: String
        /// How many rows still point at deleted rows.
        public var count: Int

        /// Creates a restriction.
        public init(table: String, columns: [String], parent: String, action: String, count: Int) {
            self.table = table
            self.columns = columns
            self.parent = parent
            self.action = action
            self.count = count
        }
    }

    /// How many foreign-key steps are followed from the deleted rows.
    package static let maxDepth = 6

    /// The table the rows are deleted from.
    public var table: String
    /// Rows deleted directly (the ones asked for).
    public var rows: Int

    /// Creates a preview of `rows` of `table` deleted directly and nothing else yet.
    public init(table: String, rows: Int) {
        self.table = table
        self.rows = rows
    }
    /// Rows other tables (or the same one) lose through `ON DELETE CASCADE`, by table.
    package var cascaded: [Effect] = []
    /// Rows whose foreign key `SET NULL` or `SET DEFAULT` changes, by table.
    package var nulled: [Effect] = []
    /// Foreign keys that refuse the delete.
    package var restrictions: [Restriction] = []

    /// Whether the database will refuse the delete.
    public var willFail: Bool { !restrictions.isEmpty }

    /// Every row the delete removes, its own and the cascaded ones.
    package var totalDeleted: Int { rows + cascaded.reduce(0) { $0 + $1.count } }

    /// How many rows each table loses: the deleted table its ``rows`` (and any it cascades to
    /// itself), every ``cascaded`` table its count.
    package var rowsLostByTable: [String: Int] {
        var lost = [table: rows]
        for effect in cascaded { lost[effect.table, default: 0] += effect.count }
        return lost
    }

    /// Computes the preview for deleting the rows `selection` picks. Runs only COUNT queries,
    /// not echoed (they are a preview's bookkeeping, not what the user asked to run).
    static func compute(_ selection: RowSelection, models: [ORMModel], engine: any Engine) throws -> CascadePreview {
        try engine.unechoed { try CascadeWalk(root: selection, models: models, engine: engine).preview() }
    }
}

extension Query {
    /// What deleting the query's rows would also do: the rows `ON DELETE CASCADE` removes and
    /// `SET NULL` changes in other tables, and the foreign keys that refuse it, counted without
    /// deleting anything and without echo. Compare it again just before the delete
    /// (``deleteStatement()``) to be sure the database does what was shown.
    ///
    /// - Throws: any error of the query, or of the COUNT queries.
    package func cascadePreview() throws -> CascadePreview {
        try CascadePreview.compute(try keySelection(), models: amigo.models, engine: amigo.engine)
    }
}
