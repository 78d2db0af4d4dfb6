/// What an INSERT does when a row with the same key (or unique value) exists.
public enum ConflictResolution: Sendable, Equatable {
    /// Fail with a constraint error (plain INSERT).
    case fail
    /// Keep the existing row and insert nothing.
    case ignore
    /// Delete the existing row (with its cascades) and insert the new one.
    case replace
}

/// The texts of the statements that write rows, compiled by a dialect: every identifier quoted
/// by it, every value a placeholder. The ORM writes no INSERT, UPDATE or DELETE text of its own.
///
///     dialect.insert(into: "dog", columns: ["label"])
///     // INSERT INTO "dog" ("label") VALUES (?)
///     dialect.insert(into: "child_parent", columns: ["parent_id", "child_id"], onConflict: .ignore)
///     // SQLite: INSERT OR IGNORE INTO "child_parent" ("parent_id", "child_id") VALUES (?, ?)
///     dialect.update("dog", set: ["label"], where: dialect.equalityCondition(["id"]))
///     // UPDATE "dog" SET "label" = ? WHERE "id" = ?
extension SQLDialect {
    /// `count` placeholders separated by commas.
    public func placeholders(_ count: Int) -> String {
        Array(repeating: placeholder, count: count).joined(separator: ", ")
    }

    /// `"a" = ? AND "b" = ?` over `columns`, each qualified by `table` when given.
    public func equalityCondition(_ columns: [String], table: String? = nil) -> String {
        let prefix = table.map { quote($0) + "." } ?? ""
        return columns.map { prefix + quote($0) + " = " + placeholder }.joined(separator: " AND ")
    }

    /// An INSERT of one row into `table` with a placeholder per column (`DEFAULT VALUES` for none).
    /// With ``ConflictResolution/replace`` and the table's `key` columns, the dialect's
    /// ``upsertSuffix(key:columns:)`` ends it.
    public func insert(into table: String, columns: [String], onConflict: ConflictResolution = .fail, key: [String] = []) -> String {
        let head = insertVerb(onConflict: onConflict) + " " + quoteTable(table)
        let body = columns.isEmpty ? " DEFAULT VALUES"
            : " (" + columns.map(quote).joined(separator: ", ") + ") VALUES (" + placeholders(columns.count) + ")"
        let suffix = onConflict == .replace && !key.isEmpty ? upsertSuffix(key: key, columns: columns) : insertSuffix(onConflict: onConflict)
        return head + body + suffix
    }

    /// An UPDATE of `columns` (a placeholder each) on the rows `condition` selects.
    public func update(_ table: String, set columns: [String], where condition: String) -> String {
        "UPDATE " + quoteTable(table) + " SET " + columns.map { quote($0) + " = " + placeholder }.joined(separator: ", ")
            + " WHERE " + condition
    }

    /// A DELETE of the rows `condition` selects.
    public func delete(from table: String, where condition: String) -> String {
        "DELETE FROM " + quoteTable(table) + " WHERE " + condition
    }
}
