import CSQLite
import Foundation

/// A collation a file names that this connection does not know (Anki's `unicase`), and the
/// comparison that stands in for it so that its tables can still be read, filtered and sorted.
/// Nothing is written with a stand-in: statements that change a table using it are refused.
public struct CollationSubstitute: Sendable, Hashable {
    /// The collation's name, as the file spells it.
    public var name: String
    /// Whether the stand-in ignores case (like NOCASE, for every script); otherwise it compares bytes (BINARY).
    public var caseInsensitive: Bool

    /// Creates a substitute description.
    public init(name: String, caseInsensitive: Bool) {
        self.name = name
        self.caseInsensitive = caseInsensitive
    }

    /// The substitute for a collation named `name`: case-insensitive when the name suggests it
    /// (`unicase`, `nocase`, `utf8_general_ci`, `caseless`), binary otherwise.
    public static func standIn(for name: String) -> CollationSubstitute {
        let lower = name.lowercased()
        let insensitive = ["nocase", "unicase", "icase", "caseless", "_ci", "ci_"].contains { lower.contains($0) }
            || lower.hasSuffix("ci")
        return CollationSubstitute(name: name, caseInsensitive: insensitive)
    }

    /// What stands in, in words: `a case-insensitive comparison (like NOCASE)` or `a binary comparison (like BINARY)`.
    public var standInDescription: String {
        caseInsensitive ? "a case-insensitive comparison (like NOCASE)" : "a binary comparison (like BINARY)"
    }

    /// One line: `unknown collation 'unicase': a case-insensitive comparison (like NOCASE) stands in for it; tables using it are read-only`.
    public var notice: String {
        "unknown collation '\(name)': \(standInDescription) stands in for it; tables using it are read-only"
    }
}

extension SQLiteConnection {
    /// Asks SQLite to call back for every collation it does not know, and registers a stand-in
    /// (``CollationSubstitute/standIn(for:)``) instead of failing with `no such collation sequence`.
    func registerCollationFallback() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_collation_needed(handle, context) { context, db, _, name in
            guard let context, let db, let name else { return }
            let connection = Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue()
            let substitute = CollationSubstitute.standIn(for: String(cString: name))
            let compare: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32
            compare = substitute.caseInsensitive ? caseInsensitiveCollation : binaryCollation
            if sqlite3_create_collation_v2(db, name, SQLITE_UTF8, nil, compare, nil) == SQLITE_OK {
                connection.collationSubstitutes.append(substitute)
                connection.tablesUsingSubstitutes = nil
            }
        }
    }

    /// Throws when the prepared statement `stmt` (for `sql`) changes a table that uses a stand-in
    /// collation: its indexes and UNIQUE constraints would be written in an order that is not the real one.
    func refuseWritesWithSubstitutes(_ stmt: OpaquePointer, sql: String) throws {
        guard !collationSubstitutes.isEmpty, sqlite3_stmt_readonly(stmt) == 0 else { return }
        let affected = try tablesUsingCollationSubstitutes()
        guard !affected.isEmpty else { return }
        // Which tables the statement writes (its triggers included), as the authorizer sees them.
        let recorder = WrittenTables()
        let context = Unmanaged.passUnretained(recorder).toOpaque()
        sqlite3_set_authorizer(handle, writtenTablesAuthorizer, context)
        var probe: OpaquePointer?
        _ = sqlite3_prepare_v2(handle, sql, -1, &probe, nil)
        sqlite3_finalize(probe)
        sqlite3_set_authorizer(handle, nil, nil)
        if let table = recorder.tables.first(where: { affected.contains($0.lowercased()) }) {
            let names = collationSubstitutes.map { "'\($0.name)'" }.joined(separator: ", ")
            throw AmigoError.readOnly(path: path, operation: "change \(table), which uses collation \(names) that this program only imitates")
        }
    }

    /// Lower-cased names of tables whose DDL (or an index's) names a substituted collation.
    private func tablesUsingCollationSubstitutes() throws -> Set<String> {
        if let cached = tablesUsingSubstitutes { return cached }
        var names: Set<String> = []
        for substitute in collationSubstitutes {
            var stmt: OpaquePointer?
            guard sqlite3_prepare_v2(handle, "SELECT tbl_name FROM sqlite_schema WHERE sql LIKE '%' || ?1 || '%'", -1, &stmt, nil) == SQLITE_OK else { continue }
            defer { sqlite3_finalize(stmt) }
            sqlite3_bind_text(stmt, 1, substitute.name, -1, amigo_sqlite_transient())
            while sqlite3_step(stmt) == SQLITE_ROW {
                if let text = sqlite3_column_text(stmt, 0) { names.insert(String(cString: text).lowercased()) }
            }
        }
        tablesUsingSubstitutes = names
        return names
    }
}

/// Tables an authorizer saw being inserted into, updated or deleted from.
private final class WrittenTables {
    var tables: [String] = []
}

private func writtenTablesAuthorizer(
    _ context: UnsafeMutableRawPointer?, _ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?,
    _ database: UnsafePointer<CChar>?, _ trigger: UnsafePointer<CChar>?
) -> Int32 {
    guard let context else { return SQLITE_OK }
    switch action {
    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
        if let first { Unmanaged<WrittenTables>.fromOpaque(context).takeUnretainedValue().tables.append(String(cString: first)) }
    default:
        break
    }
    return SQLITE_OK
}

/// BINARY: bytes compared, then lengths.
private func binaryCollation(_: UnsafeMutableRawPointer?, _ length1: Int32, _ text1: UnsafeRawPointer?,
                             _ length2: Int32, _ text2: UnsafeRawPointer?) -> Int32 {
    let n = Int(min(length1, length2))
    if n > 0, let text1, let text2 {
        let r = memcmp(text1, text2, n)
        if r != 0 { return r < 0 ? -1 : 1 }
    }
    return length1 == length2 ? 0 : (length1 < length2 ? -1 : 1)
}

/// Case-insensitive for every script: ASCII text folded byte by byte (as NOCASE does), other
/// text compared by its lower-cased UTF-8 bytes.
private func caseInsensitiveCollation(_: UnsafeMutableRawPointer?, _ length1: Int32, _ text1: UnsafeRawPointer?,
                                      _ length2: Int32, _ text2: UnsafeRawPointer?) -> Int32 {
    let a = UnsafeRawBufferPointer(start: text1, count: Int(max(length1, 0)))
    let b = UnsafeRawBufferPointer(start: text2, count: Int(max(length2, 0)))
    func fold(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
    if a.allSatisfy({ $0 < 0x80 }) && b.allSatisfy({ $0 < 0x80 }) {
        for (x, y) in zip(a, b) where fold(x) != fold(y) { return fold(x) < fold(y) ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
    let x = Array(String(decoding: a, as: UTF8.self).lowercased().utf8)
    let y = Array(String(decoding: b, as: UTF8.self).lowercased().utf8)
    return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
}
