import Amigo

/// Writes rows through a ``RowFormatter`` to a sink, a buffer of about 64 KiB at a time, so that
/// a result of any size streams with flat memory: nothing but the buffer (and the table
/// formatter's first batch) is held. The buffer is UTF-8 bytes, reused from chunk to chunk.
///
/// The state a row changes is kept without Swift's run-time exclusivity checks
/// (`@exclusivity(unchecked)`): a writer is used on one thread, and its formatter and sink never
/// call back into it, so no two accesses overlap; the checks (a thread-local access set, entered
/// and left twice a row) were about 5% of writing a million rows of CSV.
package final class RowWriter {
    @exclusivity(unchecked) private var formatter: any RowFormatter
    private let sink: (String) throws -> Void
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    private let bufferLimit: Int
    /// Rows written so far (formatted; those since the last flush are still in the buffer).
    @exclusivity(unchecked) public private(set) var count = 0
    /// Whether what comes before the rows (the header line) is written only once a row comes,
    /// as sqlite3 writes a query's result: no rows, no header.
    package var headerWaitsForARow = false
    /// The text before the rows, held while ``headerWaitsForARow`` and no row came yet.
    @exclusivity(unchecked) private var heldBeginning: [UInt8]?

    /// A writer formatting with `formatter` into `sink`, which gets the text in pieces of about
    /// `bufferLimit` bytes (and what is left at ``finish()``).
    package init(formatter: any RowFormatter, bufferLimit: Int = 64 * 1024, sink: @escaping (String) throws -> Void) {
        self.formatter = formatter
        self.sink = sink
        self.bufferLimit = bufferLimit
        buffer.reserveCapacity(bufferLimit + 4 * 1024)
    }

    /// Starts the output with the column names, and the ``ValueForm`` of each column's values
    /// (none: every column ``ValueForm/plain``).
    public func begin(columns: [String], forms: [ValueForm] = []) throws {
        let beginning = formatter.begin(columns: columns, forms: forms).utf8
        if headerWaitsForARow { heldBeginning = Array(beginning); return }
        buffer.append(contentsOf: beginning)
        if buffer.count >= bufferLimit { try flush() }
    }

    /// Writes one row.
    public func write(_ values: [DatabaseValue]) throws {
        releaseHeldBeginning()
        formatter.appendRow(values, to: &buffer)
        count += 1
        if buffer.count >= bufferLimit { try flush() }
    }

    /// Writes the first `columns` columns of `row` (a row the engine hands out, read in place).
    package func write(_ row: StatementRow, columns: Int) throws {
        releaseHeldBeginning()
        formatter.appendRow(row, columns: columns, to: &buffer)
        count += 1
        if buffer.count >= bufferLimit { try flush() }
    }

    /// The held header, before the first row.
    private func releaseHeldBeginning() {
        guard let held = heldBeginning else { return }
        buffer.append(contentsOf: held)
        heldBeginning = nil
    }

    /// Ends the output and hands everything left to the sink.
    public func finish() throws {
        buffer.append(contentsOf: formatter.end(rowCount: count).utf8)
        try flush()
    }

    /// Hands the rows written so far to the sink (an output stopped early ends with whole rows).
    package func flush() throws {
        guard !buffer.isEmpty else { return }
        let text = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll(keepingCapacity: true)   // the next chunk reuses the storage
        try sink(text)
    }
}
