/// A SELECT under construction: the FROM table and its alias, joins, result columns, WHERE terms,
/// ORDER BY terms, LIMIT and OFFSET, plus the arguments bound to its `?` placeholders in order.
///
/// It is a plain value; ``sql`` turns it into text. Everything a user typed is an argument.
public struct SelectStatement: Sendable {
    /// A JOIN clause.
    public struct Join: Sendable {
        /// `LEFT JOIN` or `JOIN`.
        public var kind: String
        /// The joined table.
        public var table: String
        /// Its alias.
        package var alias: String
        /// The ON condition (SQL text; its arguments, if any, are in the statement's arguments).
        public var condition: String
    }

    /// Quoting and placeholders.
    public let dialect: any SQLDialect
    /// The table queried.
    public var table: String
    /// Its alias (the table name itself unless it had to be disambiguated).
    package var alias: String
    /// Result column expressions.
    public var columns: [String] = []
    /// JOINs, in order.
    public var joins: [Join] = []
    /// WHERE terms, ANDed.
    package var conditions: [String] = []
    /// ORDER BY terms.
    public var orderings: [String] = []
    /// LIMIT.
    public var limit: Int?
    /// OFFSET.
    public var offset: Int?
    /// Arguments for the placeholders of joins, conditions and orderings, in textual order of
    /// ``whereArguments`` after ``joinArguments``.
    public var joinArguments: [DatabaseValue] = []
    /// Arguments of the WHERE terms.
    public var whereArguments: [DatabaseValue] = []
    /// Arguments of the ORDER BY terms (a path into a JSON column binds its keys); bound only
    /// while there are ``orderings``.
    package var orderArguments: [DatabaseValue] = []

    /// Creates a statement over `table`.
    public init(dialect: any SQLDialect, table: String, alias: String? = nil) {
        self.dialect = dialect
        self.table = table
        self.alias = alias ?? table
    }

    /// `"alias"."column"`.
    package func qualified(_ alias: String, _ column: String) -> String {
        dialect.quote(alias) + "." + dialect.quote(column)
    }

    /// The FROM clause with its joins.
    var fromClause: String {
        // A qualified name (`"sales"."order"`) always gets its alias: columns are qualified by it.
        let from = dialect.quoteTable(table)
        var text = "FROM " + from
        if alias != table || from != dialect.quote(alias) { text += " AS " + dialect.quote(alias) }
        for join in joins {
            let joined = dialect.quoteTable(join.table)
            text += " \(join.kind) \(joined)"
            if join.alias != join.table || joined != dialect.quote(join.alias) { text += " AS " + dialect.quote(join.alias) }
            text += " ON \(join.condition)"
        }
        return text
    }

    var whereClause: String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    /// The full SELECT text.
    public var sql: String {
        var text = "SELECT " + (columns.isEmpty ? "*" : columns.joined(separator: ", ")) + " " + fromClause + whereClause
        if !orderings.isEmpty { text += " ORDER BY " + orderings.joined(separator: ", ") }
        return text + dialect.limitClause(limit: limit, offset: offset)
    }

    /// All arguments of ``sql`` in placeholder order.
    public var arguments: [DatabaseValue] { joinArguments + whereArguments + (orderings.isEmpty ? [] : orderArguments) }

    /// The arguments of ``aggregateSQL(_:)`` and of ``fromClause`` + ``whereClause``: without
    /// the ORDER BY's, which they leave out unless the statement is limited.
    public var aggregateArguments: [DatabaseValue] { limit != nil || offset != nil ? arguments : joinArguments + whereArguments }

    /// `SELECT <expression> FROM … WHERE …` with the same joins and conditions (for counts and aggregates).
    public func aggregateSQL(_ expression: String) -> String {
        if limit != nil || offset != nil {
            var inner = self
            if inner.columns.isEmpty { inner.columns = ["1"] }
            return "SELECT \(expression) FROM (\(inner.sql)) AS bounded"
        }
        return "SELECT \(expression) " + fromClause + whereClause
    }
}
