import Synchronization

/// The names of the database files attached to one SQLite connection (`ATTACH 'b.sqlite' AS b`),
/// which ``SQLiteDialect/quoteTable(_:)`` reads to tell an attached file's table written
/// `b.orders` (quoted `"b"."orders"`) from a table of the main file whose name has a dot in it
/// (`"sales 2024.Q1"`).
///
/// One set per connection, shared by the engine and its dialect; ``SQLiteCatalog`` sets it from
/// `PRAGMA database_list` whenever the schema is read. Names are compared ignoring case, as
/// SQLite compares schema names.
public final class AttachedSchemas: Sendable {
    private let names = Mutex<Set<String>>([])

    /// An empty set: nothing attached.
    public init() {}

    /// Whether a file is attached under `name` (any case).
    public func contains(_ name: String) -> Bool {
        names.withLock { $0.contains(name.lowercased()) }
    }

    /// Replaces the set with `attached` (neither `main` nor `temp`: those are never split off).
    public func replace(with attached: [String]) {
        let lowered = Set(attached.map { $0.lowercased() }).subtracting(["main", "temp"])
        names.withLock { $0 = lowered }
    }

    /// The attached names, lower-cased and sorted.
    public var all: [String] { names.withLock { $0.sorted() } }
}
