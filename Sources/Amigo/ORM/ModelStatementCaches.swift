/// The SQL texts one model compiled for one dialect: its writes, its select lists, its `get`
/// statements, its plain relationship queries and its direct INSERTs.
///
/// Why a bundle per dialect: the text depends on the dialect (`INSERT OR REPLACE` in SQLite,
/// `ON CONFLICT … DO UPDATE` and `RETURNING` in PostgreSQL), and one compiled model class may
/// be used with several engines in one process. Each bundle only ever holds its dialect's text,
/// so a model used with SQLite and then with PostgreSQL never sends one's SQL to the other.
/// ``ORMModel/caches(for:)`` hands the bundles out.
///
/// Each cache locks itself, as before; the bundle itself is immutable.
final class ModelStatementCaches: Sendable {
    /// The dialect type the texts were written for (see ``DialectIdentity``).
    let dialect: DialectIdentity
    /// INSERT, upsert, UPDATE and DELETE texts, by statement kind and written columns.
    let statements = StatementTexts()
    /// `"alias"."c1", "alias"."c2", …`, by alias.
    let selectLists = TextCache()
    /// Plain relationship queries over the model, by relationship.
    let relationshipQueries = RelationshipQueryCache()
    /// The SQL of `get` on a bare query, for objects and for records.
    let getStatements = GetStatementCache()
    /// The INSERTs of new compiled objects, with and without their integer key.
    let directInserts = DirectInsertTexts()

    /// An empty bundle for `dialect`.
    init(for dialect: DialectIdentity) {
        self.dialect = dialect
    }
}
