/// The parts of a ``Record`` that few rows use, kept in one box that a record allocates only when
/// it first needs one of them: every record read from a statement (hundreds of thousands in a
/// fetch) is then smaller, and page faults and the allocator's work scale with that size.
final class RecordExtras {
    /// The row's rowid, while the record's values are in an array.
    var rowID: Int64?
    /// The primary key the row had in the database before a key column was changed.
    var originalKey: [DatabaseValue]?
    /// Column index → full size in bytes, for the values read as a prefix (nil when none was).
    var prefixSizes: [Int: Int]?
    /// Related rows loaded by `selectRelated`, by relationship name (nil when there was none).
    var relatedRows: [String: Record?]?
}
