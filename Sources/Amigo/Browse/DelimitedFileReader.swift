import Foundation

/// One record of a delimited file, as ``DelimitedFileReader`` hands it out: its fields' bytes
/// back to back, where each ends, the line it starts on, and whether any byte is not ASCII.
/// Valid only inside the call that receives it.
struct DelimitedRecord {
    /// The fields' bytes, quotes removed and `""` made `"`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The end offset of each field in ``bytes``.
    let ends: UnsafeBufferPointer<Int>
    /// The line (1-based) the record starts on.
    let line: Int
    /// Whether some byte is 0x80 or above (so may not be valid UTF-8).
    let hasNonASCII: Bool

    /// The number of fields.
    var count: Int { ends.count }

    /// The bytes of field `index`.
    @inline(__always)
    func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])
    }

    /// Field `index` as text (bad UTF-8 replaced by U+FFFD).
    func text(_ index: Int) -> String { String(decoding: field(index), as: UTF8.self) }
}

/// Reads a delimited text file record by record, as sqlite3's `.import` reads it: fields split
/// by a separator byte; a field starting with `"` may hold the separator, line breaks and `""`
/// for a quote (RFC 4180); a quote inside an unquoted field is kept as it is; records end with
/// LF, CRLF or CR; a UTF-8 byte-order mark at the start is skipped; blank lines are skipped.
///
/// The file is read in 1 MiB pieces and each record's bytes are reused for the next, so memory
/// stays flat and time is linear whatever the file's size.
struct DelimitedFileReader {
    /// The file.
    let path: String
    /// The byte between fields (`,` or tab).
    let separator: UInt8

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    /// Calls `body` with each record in order (the header first).
    ///
    /// - Throws: ``DataFileError/unreadable(path:reason:)`` when the file cannot be read,
    ///   ``DataFileError/unclosedQuote(path:line:)`` for a quote open at the end, or what `body` throws.
    func forEachRecord(_ body: (DelimitedRecord) throws -> Void) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw DataFileError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let chunkSize = 1 << 20
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r"), sep = separator
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 12)
        var ends: [Int] = []
        var state = State.fieldStart
        var line = 1, recordLine = 1
        var nonASCII = false, afterCR = false, atStart = true

        func emit() throws {
            ends.append(bytes.count)
            // A line holding nothing is not a record.
            if !(ends.count == 1 && bytes.isEmpty) {
                try bytes.withUnsafeBufferPointer { b in
                    try ends.withUnsafeBufferPointer { e in
                        try body(DelimitedRecord(bytes: b, ends: e, line: recordLine, hasNonASCII: nonASCII))
                    }
                }
            }
            bytes.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            nonASCII = false
            state = .fieldStart
            recordLine = line
        }

        while true {
            let n = read(fd, chunk, chunkSize)
            if n < 0 {
                if errno == EINTR { continue }
                throw DataFileError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            var i = 0
            if atStart {
                atStart = false
                if n >= 3 && chunk[0] == 0xEF && chunk[1] == 0xBB && chunk[2] == 0xBF { i = 3 }
            }
            while i < n {
                if afterCR {
                    afterCR = false
                    if chunk[i] == lf { i += 1; continue }
                }
                switch state {
                case .quoted:
                    var j = i
                    while j < n {
                        let c = chunk[j]
                        if c == quote { break }
                        if c == lf { line += 1 } else if c >= 0x80 { nonASCII = true }
                        j += 1
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(start: chunk + i, count: j - i))
                    if j < n { state = .quoteInQuoted; i = j + 1 } else { i = j }
                case .quoteInQuoted:
                    if chunk[i] == quote {
                        bytes.append(quote)
                        state = .quoted
                        i += 1
                    } else {
                        state = .unquoted
                    }
                case .fieldStart, .unquoted:
                    if state == .fieldStart && chunk[i] == quote {
                        state = .quoted
                        i += 1
                        continue
                    }
                    state = .unquoted
                    var j = i
                    while j < n {
                        let c = chunk[j]
                        if c == sep || c == lf || c == cr { break }
                        if c >= 0x80 { nonASCII = true }
                        j += 1
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(start: chunk + i, count: j - i))
                    i = j
                    guard j < n else { break }
                    let c = chunk[j]
                    i = j + 1
                    if c == sep {
                        ends.append(bytes.count)
                        state = .fieldStart
                    } else {
                        line += 1
                        afterCR = c == cr
                        try emit()
                    }
                }
            }
        }
        if state == .quoted { throw DataFileError.unclosedQuote(path: (path as NSString).lastPathComponent, line: recordLine) }
        if state != .fieldStart || !ends.isEmpty || !bytes.isEmpty { try emit() }
    }
}
