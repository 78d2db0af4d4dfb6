import CSQLite

/// A prepared SQLite statement: bind arguments, step through rows, read columns by index.
///
/// Statements the library generates are prepared once per connection and kept in its
/// ``StatementCache``; reading a column goes straight to `sqlite3_column_*` with no
/// intermediate dictionary.
public final class Statement {
    /// The underlying `sqlite3_stmt*`.
    let handle: OpaquePointer
    /// The SQL text this statement was prepared from.
    public let sql: String
    /// Number of result columns (read each time: SQLite re-prepares a statement whose table changed).
    public var columnCount: Int32 { sqlite3_column_count(handle) }
    unowned let connection: SQLiteConnection

    /// Number of `?` parameters.
    let parameterCount: Int

    init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Whether the statement is between its first step and its reset (rows are being read).
    var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

    /// Whether the statement only reads (SELECT, read-only PRAGMA, EXPLAIN).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// The name of result column `index`.
    public func columnName(_ index: Int32) -> String {
        guard let cString = sqlite3_column_name(handle, index) else { return "column\(index + 1)" }
        return String(cString: cString)
    }

    /// The names of all result columns.
    public var columnNames: [String] { (0..<columnCount).map(columnName) }

    /// Resets the statement and binds `arguments` to its `?` parameters, in order.
    func bind(_ arguments: [DatabaseValue]) throws {
        // Every parameter is bound below (the count is checked), so no sqlite3_clear_bindings.
        sqlite3_reset(handle)
        // A run's progress (``SQLiteConnection/rowsScanned()``) counts from its own start.
        sqlite3_stmt_status(handle, Int32(SQLITE_STMTSTATUS_FULLSCAN_STEP), 1)
        let expected = parameterCount
        if arguments.isEmpty, expected > 0, let table = connection.parameterTable { return try bind(from: table) }
        guard expected == arguments.count else {
            throw AmigoError.database(DatabaseError(
                code: SQLITE_RANGE, message: "statement expects \(expected) argument(s), got \(arguments.count)",
                sql: sql, arguments: arguments))
        }
        for (offset, value) in arguments.enumerated() {
            let rc = StatementBinder.bind(value, to: handle, at: Int32(offset + 1))
            if rc != SQLITE_OK { throw connection.error(rc, sql: sql, arguments: arguments) }
        }
    }

    /// Binds each parameter by its name (`:x`, `@x`, `$x`, `?1`) from sqlite3's parameter
    /// `table`, NULL when the table lacks it, as sqlite3's shell binds a script's statements.
    private func bind(from table: [String: DatabaseValue]) throws {
        for index in 1...Int32(parameterCount) {
            let name = sqlite3_bind_parameter_name(handle, index).map { String(cString: $0) } ?? "?\(index)"
            let rc = StatementBinder.bind(table[name] ?? .null, to: handle, at: index)
            if rc != SQLITE_OK { throw connection.error(rc, sql: sql, arguments: []) }
        }
    }

    /// ``bind(_:)`` for exactly one argument, without an array.
    func bind(_ argument: DatabaseValue) throws {
        sqlite3_reset(handle)
        sqlite3_stmt_status(handle, Int32(SQLITE_STMTSTATUS_FULLSCAN_STEP), 1)
        guard parameterCount == 1 else { return try bind([argument]) }   // throws the count error
        let rc = StatementBinder.bind(argument, to: handle, at: 1)
        if rc != SQLITE_OK { throw connection.error(rc, sql: sql, arguments: [argument]) }
    }

    /// ``step(arguments:)`` for a statement bound with one argument (an array only for an error).
    func step(argument: DatabaseValue) throws -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        let error = connection.error(rc, sql: sql, arguments: [argument])
        sqlite3_reset(handle)
        throw error
    }

    /// Advances to the next row; false when done. Throws SQLite's error otherwise.
    func step(arguments: [DatabaseValue]) throws -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        let error = connection.error(rc, sql: sql, arguments: arguments)
        sqlite3_reset(handle)
        throw error
    }

    /// Resets the statement so it can be reused and releases its read lock.
    func reset() { sqlite3_reset(handle) }
}

/// The current row of a query, as an engine hands it to the ORM: columns read by position,
/// with no copying. The API is the same for every engine: SQLite's rows read the running
/// statement in place; another engine reads its client library's result in place through a
/// ``RowSource`` (``init(source:row:)``), or hands values already read
/// (``init(columns:values:)``).
///
/// SQLite's rows read a column that takes more than one look (its type, then its contents; text,
/// then its length) through one `sqlite3_column_value` and `sqlite3_value_*` calls on it: each
/// `sqlite3_column_*` call repeats the statement's own checks around the same `sqlite3_value_*`
/// read, so the values are the same and the calls fewer. SQLite calls such a value unprotected,
/// which only matters to a connection with SQLite's mutex: the engine opens its connections
/// without it (`SQLITE_OPEN_NOMUTEX`) and serializes every use of them.
///
/// Only valid inside the closure it is passed to.
public struct StatementRow {
    /// Where the columns are read from.
    enum Storage {
        /// The `sqlite3_stmt*` of the running statement (not the ``Statement`` object, so that
        /// passing a row around costs no reference counting).
        case sqlite(OpaquePointer)
        /// Row `row` of an engine's result, read in place.
        case source(SourceReference, row: Int)
        /// Values already read.
        case values(columns: [String], values: [DatabaseValue])
    }

    /// A row source held without reference counting: a row only lives inside the closure it is
    /// passed to, while its engine holds the source.
    struct SourceReference {
        /// The source, not retained.
        let unmanaged: Unmanaged<RowSource>
        /// The source (retained for as long as the caller uses it).
        var source: RowSource { unmanaged.takeUnretainedValue() }

        init(source: RowSource) { unmanaged = .passUnretained(source) }

        /// `body` given the source without a retain and a release around it (what reading an
        /// `unowned(unsafe)` reference costs): the hot loop of CSV reads a cell of it per value.
        @inline(__always) func withSource<Result>(_ body: (RowSource) -> Result) -> Result {
            unmanaged._withUnsafeGuaranteedRef(body)
        }
    }

    let storage: Storage

    init(statement: Statement) {
        self.storage = .sqlite(statement.handle)
    }

    /// Row `row` of `source`, read in place. The row does not keep `source` alive: the caller
    /// (an engine) holds it for as long as the row is used, which is only inside the closure the
    /// row is passed to.
    public init(source: RowSource, row: Int) {
        self.storage = .source(SourceReference(source: source), row: row)
    }

    /// A row of values already read, named by `columns`.
    public init(columns: [String], values: [DatabaseValue]) {
        self.storage = .values(columns: columns, values: values)
    }

    /// Number of columns.
    public var count: Int {
        switch storage {
        case .sqlite(let handle): return Int(sqlite3_column_count(handle))
        case .source(let reference, _): return reference.source.columnCount
        case .values(_, let values): return values.count
        }
    }

    /// Name of column `index`.
    public func name(at index: Int) -> String {
        switch storage {
        case .sqlite(let handle): return sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? "column\(index + 1)"
        case .source(let reference, _): return index < reference.source.columnCount ? reference.source.columnName(index) : "column\(index + 1)"
        case .values(let columns, _): return index < columns.count ? columns[index] : "column\(index + 1)"
        }
    }

    /// Whether column `index` holds NULL.
    @inline(__always) public func isNull(at index: Int) -> Bool {
        switch storage {
        case .sqlite(let handle): return sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL
        case .source(let reference, let row): return reference.source.isNull(row: row, column: index)
        case .values(_, let values): return values[index].isNull
        }
    }

    /// The storage class of column `index`.
    @inline(__always) public func type(at index: Int) -> StorageClass {
        switch storage {
        case .sqlite(let handle):
            switch sqlite3_column_type(handle, Int32(index)) {
            case SQLITE_NULL: return .null
            case SQLITE_INTEGER: return .integer
            case SQLITE_FLOAT: return .real
            case SQLITE_TEXT: return .text
            default: return .blob
            }
        case .source(let reference, let row): return reference.source.storageClass(row: row, column: index)
        case .values(_, let values): return StorageClass(of: values[index])
        }
    }

    /// The storage classes of the ORM's values (SQLite's five).
    public enum StorageClass: Sendable {
        case null, integer, real, text, blob

        /// The storage class of `value`.
        public init(of value: DatabaseValue) {
            switch value {
            case .null: self = .null
            case .integer: self = .integer
            case .real: self = .real
            case .text: self = .text
            case .blob: self = .blob
            }
        }
    }

    /// Whether column `index` holds an integer.
    @inline(__always) public func isInteger(at index: Int) -> Bool { type(at: index) == .integer }

    /// Column `index`'s integer when it holds one, nil when it holds anything else (for SQLite one
    /// `sqlite3_column_value`, where asking the type and then the integer takes two column calls).
    @inline(__always) func integerIfStored(at index: Int) -> Int64? {
        switch storage {
        case .sqlite(let handle):
            guard let value = sqlite3_column_value(handle, Int32(index)), sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
            return sqlite3_value_int64(value)
        case .source, .values:
            return isInteger(at: index) ? int64(at: index) : nil
        }
    }

    /// Column `index` as an integer (SQLite's conversion rules apply; 0 for what does not convert).
    @inline(__always) public func int64(at index: Int) -> Int64 {
        switch storage {
        case .sqlite(let handle): return sqlite3_column_int64(handle, Int32(index))
        case .source(let reference, let row): return reference.source.int64(row: row, column: index)
        case .values(_, let values): return values[index].integerValue ?? 0
        }
    }

    /// Column `index` as a double (SQLite's conversion rules apply; 0 for what does not convert).
    @inline(__always) public func double(at index: Int) -> Double {
        switch storage {
        case .sqlite(let handle): return sqlite3_column_double(handle, Int32(index))
        case .source(let reference, let row): return reference.source.double(row: row, column: index)
        case .values(_, let values): return values[index].doubleValue ?? 0
        }
    }

    /// Column `index` as text; empty text for NULL.
    @inline(__always) public func string(at index: Int) -> String {
        optionalString(at: index) ?? ""
    }

    /// Column `index` as text, or nil for NULL: one call into SQLite for text, where checking
    /// the type first would take two.
    @inline(__always) public func optionalString(at index: Int) -> String? {
        switch storage {
        case .sqlite(let handle):
            guard let value = sqlite3_column_value(handle, Int32(index)) else { return nil }
            guard let p = sqlite3_value_text(value) else {
                // NULL, or an empty BLOB (which SQLite also returns as a null pointer).
                return sqlite3_value_type(value) == SQLITE_NULL ? nil : ""
            }
            let length = Int(sqlite3_value_bytes(value))
            return String(decoding: UnsafeBufferPointer(start: p, count: length), as: UTF8.self)
        case .source(let reference, let row): return reference.source.optionalString(row: row, column: index)
        case .values(_, let values): return StatementRow.text(of: values[index])
        }
    }

    /// `value` as a row's text: nil for NULL, bytes decoded as UTF-8, numbers in their SQL form.
    public static func text(of value: DatabaseValue) -> String? {
        switch value {
        case .null: return nil
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        case let value: return value.textValue
        }
    }

    /// `value` as a row's bytes: text as its UTF-8, numbers as their SQL text, NULL as none.
    public static func bytes(of value: DatabaseValue) -> [UInt8] {
        switch value {
        case .blob(let bytes): return bytes
        case .null: return []
        case let value: return Array((value.textValue ?? "").utf8)
        }
    }

    /// Column `index` as an integer, or nil for NULL (the type is only checked for a 0).
    @inline(__always) public func optionalInt64(at index: Int) -> Int64? {
        let value = int64(at: index)
        return value == 0 && isNull(at: index) ? nil : value
    }

    /// Column `index` as a double, or nil for NULL (the type is only checked for a 0).
    @inline(__always) public func optionalDouble(at index: Int) -> Double? {
        let value = double(at: index)
        return value == 0 && isNull(at: index) ? nil : value
    }

    /// Column `index` as bytes.
    public func bytes(at index: Int) -> [UInt8] {
        switch storage {
        case .sqlite(let handle):
            let length = Int(sqlite3_column_bytes(handle, Int32(index)))
            guard length > 0, let p = sqlite3_column_blob(handle, Int32(index)) else { return [] }
            return Array(UnsafeRawBufferPointer(start: p, count: length))
        case .source(let reference, let row): return reference.source.bytes(row: row, column: index)
        case .values(_, let values): return StatementRow.bytes(of: values[index])
        }
    }

    /// Column `index` as a ``DatabaseValue`` of its storage class.
    public func value(at index: Int) -> DatabaseValue {
        switch storage {
        case .sqlite(let handle): return Self.sqliteValue(handle, index)
        case .source(let reference, let row): return reference.source.value(row: row, column: index)
        case .values(_, let values): return values[index]
        }
    }

    /// Columns `offset..<offset + count` as values, handed to `body` with their position
    /// (`0..<count`) in column order: the row's storage is looked at once, not per column.
    @inline(__always)
    func forEachValue(offset: Int, count: Int, _ body: (Int, consuming DatabaseValue) -> Void) {
        if case .sqlite(let handle) = storage {
            for i in 0..<count { body(i, Self.sqliteValue(handle, offset + i)) }
        } else {
            for i in 0..<count { body(i, value(at: offset + i)) }
        }
    }

    /// Column `index` of the SQLite statement `handle` as a value of its storage class, read
    /// through one `sqlite3_column_value` (see the type's notes on unprotected values).
    @inline(__always)
    private static func sqliteValue(_ handle: OpaquePointer, _ index: Int) -> DatabaseValue {
        guard let value = sqlite3_column_value(handle, Int32(index)) else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let p = sqlite3_value_text(value) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(value))), as: UTF8.self))
        default:
            let length = Int(sqlite3_value_bytes(value))
            guard length > 0, let p = sqlite3_value_blob(value) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: p, count: length)))
        }
    }

    /// All columns as values.
    public var values: [DatabaseValue] { (0..<count).map(value(at:)) }
}
