import Amigo

/// Writes rows through a ``RowFormatter`` to a sink, a buffer of about 64 KiB at a time, so that
/// a result of any size streams with flat memory: nothing but the buffer (and the table
/// formatter's first batch) is held.
public final class RowWriter {
    private var formatter: any RowFormatter
    private let sink: (String) throws -> Void
    private var buffer = ""
    private let bufferLimit: Int
    /// Rows written so far.
    public private(set) var count = 0

    /// A writer formatting with `formatter` into `sink`, which gets the text in pieces of about
    /// `bufferLimit` bytes (and what is left at ``finish()``).
    public init(formatter: any RowFormatter, bufferLimit: Int = 64 * 1024, sink: @escaping (String) throws -> Void) {
        self.formatter = formatter
        self.sink = sink
        self.bufferLimit = bufferLimit
    }

    /// Starts the output with the column names.
    public func begin(columns: [String]) throws {
        buffer += formatter.begin(columns: columns)
        try flushIfFull()
    }

    /// Writes one row.
    public func write(_ values: [DatabaseValue]) throws {
        formatter.appendRow(values, to: &buffer)
        count += 1
        try flushIfFull()
    }

    /// Ends the output and hands everything left to the sink.
    public func finish() throws {
        buffer += formatter.end(rowCount: count)
        if !buffer.isEmpty { try sink(buffer); buffer = "" }
    }

    private func flushIfFull() throws {
        if buffer.utf8.count >= bufferLimit {
            try sink(buffer)
            buffer.removeAll(keepingCapacity: true)   // the next chunk reuses the storage
        }
    }
}
