/// A statement as a value: its SQL, with placeholders, and the values bound to them in order.
/// What a preview shows and what then runs, so that nobody takes SQL text apart again.
package struct SQLStatement: Sendable, Equatable, CustomStringConvertible {
    /// The SQL, with the dialect's placeholders.
    public var sql: String
    /// The values bound to the placeholders, in order.
    public var arguments: [DatabaseValue]

    /// Creates a statement.
    public init(sql: String, arguments: [DatabaseValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// The SQL followed by its values: `DELETE FROM "dog" WHERE "id" = ?  [1]`.
    public var description: String {
        arguments.isEmpty ? sql : sql + "  [" + arguments.map(\.description).joined(separator: ", ") + "]"
    }
}
