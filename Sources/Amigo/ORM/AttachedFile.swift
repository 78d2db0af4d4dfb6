/// A database file attached to a SQLite connection (``Session/attach(_:as:readOnly:)``): the
/// name its tables are qualified with, where it is, and whether it may be written.
public struct AttachedFile: Sendable, Equatable, Hashable {
    /// The name it is attached under (`archive` for `archive.orders`).
    public var name: String
    /// Its path, as SQLite resolved it (empty for a database in memory).
    public var path: String
    /// Whether it was attached read-only (or the connection is): every write to it is refused.
    public var isReadOnly: Bool

    /// A file attached as `name` at `path`.
    public init(name: String, path: String, isReadOnly: Bool) {
        self.name = name
        self.path = path
        self.isReadOnly = isReadOnly
    }
}
