import Foundation

/// A file of rows that ``TypedImport`` turns into a table: delimited text (CSV, TSV) or JSON
/// (an array of objects, or one object a line), recognised by its extension.
///
/// For example:
///
///     DataFile(path: "sales/2024 Q1.CSV")   // format .csv, table "2024 Q1"
///     DataFile(path: "events.ndjson")       // format .jsonLines, table "events"
///     DataFile(path: "shop.sqlite")         // nil: not a data file
package struct DataFile: Sendable, Equatable {
    /// How the file's rows are written.
    package enum Format: String, Sendable, Equatable, CaseIterable {
        /// Comma-separated values (RFC 4180).
        case csv
        /// Tab-separated values, quoted as CSV is.
        case tsv
        /// One JSON array of objects.
        case json
        /// One JSON object a line (`.jsonl`, `.ndjson`).
        case jsonLines

        /// The format each extension names, compared without regard to case.
        package static let extensions: [String: Format] = [
            "csv": .csv, "tsv": .tsv, "tab": .tsv, "json": .json, "jsonl": .jsonLines, "ndjson": .jsonLines]
    }

    /// Where the file is.
    public let path: String
    /// How its rows are written.
    public let format: Format

    /// The data file at `path` when its extension names a format (`.csv`, `.tsv`, `.tab`,
    /// `.json`, `.jsonl`, `.ndjson`, in any case); nil otherwise. The file need not exist.
    public init?(path: String) {
        let ext = (path as NSString).pathExtension.lowercased()
        guard let format = Format.extensions[ext] else { return nil }
        self.init(path: path, format: format)
    }

    /// The data file at `path`, read as `format` whatever its extension.
    public init(path: String, format: Format) {
        self.path = path
        self.format = format
    }

    /// The name of the table the file becomes: its name without the directory and the
    /// extension (`data` for `~/in/data.csv`); `data` when that leaves nothing.
    public var tableName: String {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return stem.isEmpty ? "data" : stem
    }

    /// The file's name without its directory, for messages.
    var displayName: String { (path as NSString).lastPathComponent }
}
