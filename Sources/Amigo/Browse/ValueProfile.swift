/// What one line of a value profile stands for: one value, a range of values (a bin of a
/// numeric column with many distinct values), a range of related-row counts (a bucket of
/// `tracks.@count`), or the rows whose key points at no row.
public enum ProfileGroup: Sendable, Equatable, Hashable {
    /// One value (NULL is a value of its own here; so is each blank text).
    case value(DatabaseValue)
    /// The values from `low` (included) up to `high` (excluded).
    case range(low: DatabaseValue, high: DatabaseValue)
    /// Rows with `low`…`high` related rows (both included; `0…0` are the orphans: parents without children).
    case relatedCount(low: Int, high: Int)
    /// Rows whose foreign key (`via`, the first relationship of the path) holds a value that no
    /// row of the parent table has: a dangling key.
    case dangling(via: String)
}

/// How often one value (or one ``ProfileGroup``) of a column occurs among a query's rows.
public struct ValueCount: Sendable, Equatable {
    /// What the line stands for.
    public let group: ProfileGroup
    /// The rows in it.
    public let count: Int

    /// The value of a ``ProfileGroup/value(_:)`` line; the low end of a range; NULL for dangling keys.
    public var value: DatabaseValue {
        switch group {
        case .value(let value): return value
        case .range(let low, _): return low
        case .relatedCount(let low, _): return .integer(Int64(low))
        case .dangling: return .null
        }
    }

    /// A value and its count.
    public init(value: DatabaseValue, count: Int) {
        self.init(group: .value(value), count: count)
    }

    /// A group and its count.
    public init(group: ProfileGroup, count: Int) {
        self.group = group
        self.count = count
    }
}

/// A column's value profile over a query's rows (VisiData's frequency sheet, datasette's facets):
/// the most frequent values with their counts — or, for a numeric column with many distinct
/// values, ranges of values; for `relationship.@count`, buckets of counts (0, 1, 2–5, 6–10 …) —
/// and how many rows and distinct values there are. Keys that point at no row are a line of their own.
package struct ValueProfile: Sendable, Equatable {
    /// How the lines group the rows.
    package enum Grouping: Sendable, Equatable {
        /// A line per value, most frequent first.
        case values
        /// A line per range of values, in value order (NULL last).
        case ranges
        /// A line per bucket of related-row counts, in count order.
        case relatedCounts
    }

    /// The column or path profiled (`Name`, `genre.Name`, `tracks.@count`).
    public let column: String
    /// The lines: most frequent first for values, in order for ranges and buckets; dangling keys last.
    public let values: [ValueCount]
    /// The rows of the query.
    public let rowCount: Int
    /// The distinct values, NULL counted as one.
    package let distinctCount: Int
    /// How the lines group the rows.
    package var grouping: Grouping = .values
    /// The foreign key whose parents' labels name the values (`GenreId` → `Genre`): the
    /// relationship's name, when the profiled column is a single-column foreign key.
    package var labelledBy: String?
    /// The parents' labels of the values (`1` → `Rock`), filled in by whoever shows the profile
    /// (naming a row is the reader's business).
    package var labels: [DatabaseValue: String] = [:]

    /// A profile of `column`.
    package init(column: String, values: [ValueCount], rowCount: Int, distinctCount: Int,
                 grouping: Grouping = .values, labelledBy: String? = nil) {
        self.column = column
        self.values = values
        self.rowCount = rowCount
        self.distinctCount = distinctCount
        self.grouping = grouping
        self.labelledBy = labelledBy
    }
}
