/// How far reading a schema has come, told to the callback given to
/// ``AmigoDatabase/init(reflecting:options:reflection:progress:)``, which answers whether to go on:
/// a file of thousands of tables takes seconds, and the wait is shown and can be cancelled.
public enum ReflectionProgress: Sendable, Equatable {
    /// `done` of `total` tables and views read.
    case readingTables(done: Int, total: Int)
    /// Every table read; links the file does not declare are being inferred.
    case inferringLinks(tables: Int)
}

extension AmigoError {
    /// What a reflection cancelled by its progress callback throws: an interrupted statement, as
    /// any cancelled work is (``DatabaseError/isInterrupted``).
    static func reflectionCancelled(path: String) -> AmigoError {
        .database(.cancelled("interrupted while reading the schema", path: path))
    }
}
