import CSQLite

/// Binds a prepared statement's `?` parameters one after another, straight from the caller's
/// values: the write path of `session.add` and `session.batch`, which therefore builds no
/// argument array and no ``DatabaseValue`` per column per row.
///
/// Used through ``Engine/withPreparedWrite(_:_:)``. When the values are needed afterwards (echo
/// is on, or the statement failed and its error should show them), the binder also records them.
public struct StatementBinder {
    /// The statement, or nil for a binder that only records the values.
    let handle: OpaquePointer?
    /// The next parameter, 1-based as SQLite counts them.
    private(set) var next: Int32 = 1
    /// The first result code other than SQLITE_OK, reported when the statement runs.
    private(set) var failure: Int32 = SQLITE_OK
    /// The values bound so far, when recording.
    private(set) var recorded: [DatabaseValue]?

    init(handle: OpaquePointer?, recording: Bool) {
        self.handle = handle
        self.recorded = recording ? [] : nil
    }

    /// A binder that binds nothing and records the values (to show them after the statement ran).
    static func recorder() -> StatementBinder { StatementBinder(handle: nil, recording: true) }

    /// Number of values bound.
    public var count: Int { Int(next - 1) }

    @inline(__always)
    private mutating func advance(_ rc: Int32, _ value: @autoclosure () -> DatabaseValue) {
        if rc != SQLITE_OK && failure == SQLITE_OK { failure = rc }
        if recorded != nil { recorded!.append(value()) }
        next += 1
    }

    /// Binds NULL.
    public mutating func bindNull() {
        advance(handle.map { sqlite3_bind_null($0, next) } ?? SQLITE_OK, .null)
    }

    /// Binds an integer.
    public mutating func bind(_ value: Int64) {
        advance(handle.map { sqlite3_bind_int64($0, next, value) } ?? SQLITE_OK, .integer(value))
    }

    /// Binds a floating-point number.
    public mutating func bind(_ value: Double) {
        advance(handle.map { sqlite3_bind_double($0, next, value) } ?? SQLITE_OK, .real(value))
    }

    /// Binds text (its bytes are copied by SQLite).
    public mutating func bind(_ value: String) {
        advance(handle.map { StatementBinder.bindText($0, next, value) } ?? SQLITE_OK, .text(value))
    }

    /// Binds text given as its UTF-8 bytes, which must be valid UTF-8 (SQLite copies them): the
    /// bulk import's path, which makes no `String` per value.
    public mutating func bindText(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        advance(handle.map { handle in
            let start = UnsafeRawPointer(bytes.baseAddress ?? StatementBinder.emptyText.utf8Start)
            return sqlite3_bind_text(handle, next, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), amigo_sqlite_transient())
        } ?? SQLITE_OK, .text(String(decoding: bytes, as: UTF8.self)))
    }

    /// Binds any stored value.
    public mutating func bind(_ value: DatabaseValue) {
        advance(handle.map { StatementBinder.bind(value, to: $0, at: next) } ?? SQLITE_OK, value)
    }

    /// Binds `value` to parameter `index` of `handle`, returning SQLite's result code.
    static func bind(_ value: DatabaseValue, to handle: OpaquePointer, at index: Int32) -> Int32 {
        switch value {
        case .null: return sqlite3_bind_null(handle, index)
        case .integer(let v): return sqlite3_bind_int64(handle, index, v)
        case .real(let d): return sqlite3_bind_double(handle, index, d)
        case .text(let s): return bindText(handle, index, s)
        case .blob(let bytes):
            return bytes.withUnsafeBytes { raw in
                sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), amigo_sqlite_transient())
            }
        }
    }

    private static let emptyText: StaticString = ""

    /// Binds text by its UTF-8 bytes and byte count (text may hold U+0000, which a C string would
    /// cut at). Short strings, which Swift keeps inline, are bound from a stack copy rather than
    /// through a temporary C-string array.
    static func bindText(_ handle: OpaquePointer, _ index: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            let start = bytes.baseAddress ?? emptyText.utf8Start
            return sqlite3_bind_text(handle, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                                     Int32(bytes.count), amigo_sqlite_transient())
        }
    }
}

/// Runs a prepared write statement once, with arguments bound by the closure it is given; handed
/// out by ``Engine/withPreparedWrite(_:_:)``. Returns what the run changed.
public typealias PreparedWrite = (_ bind: (inout StatementBinder) -> Void) throws -> ExecutionResult
