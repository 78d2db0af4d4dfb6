// PostgresEngine: telling reads from writes, and running reads where the server refuses writes.

import Amigo
import Foundation

extension PostgresEngine {
    /// Whether `sql` only reads, by its words: `SELECT`, `VALUES`, `TABLE`, `SHOW`, `EXPLAIN`
    /// (without `ANALYZE`) and a `WITH` that holds no INSERT, UPDATE, DELETE or MERGE outside quotes
    /// read; anything else writes. PostgreSQL cannot say more without running the statement (a
    /// SELECT may call a function that writes), so a statement run as a read should run inside
    /// ``readingOnly(_:)``, where the server refuses any write (SQLSTATE 25006).
    public func isReadOnlyStatement(_ sql: String) throws -> Bool { Self.isReadOnlyText(sql) }

    /// ``isReadOnlyStatement(_:)``'s answer, which needs no connection.
    public static func isReadOnlyText(_ sql: String) -> Bool {
        let words = words(outsideQuotesOf: sql)
        guard let first = words.first else { return true }
        switch first {
        case "SELECT", "VALUES", "TABLE", "SHOW": return !words.contains("INTO")
        case "EXPLAIN": return !words.contains("ANALYZE") && !words.contains("ANALYSE")
        case "WITH": return words.allSatisfy { !["INSERT", "UPDATE", "DELETE", "MERGE", "INTO"].contains($0) }
        default: return false
        }
    }

    /// Runs `body` so that the statements in it cannot write: inside a savepoint whose transaction
    /// is made READ ONLY (rolled back to afterwards, which makes it writable again), or inside a
    /// `BEGIN READ ONLY` transaction, rolled back, when none is open. A failure in `body` leaves
    /// the session's transaction as it was.
    @discardableResult
    public func readingOnly<T>(_ body: () throws -> T) throws -> T {
        try serialized {
            if isInTransaction {
                try executeTransactionControl("SAVEPOINT amigo_read_only")
                defer {
                    try? executeTransactionControl("ROLLBACK TO SAVEPOINT amigo_read_only")
                    try? executeTransactionControl("RELEASE SAVEPOINT amigo_read_only")
                }
                try executeTransactionControl("SET TRANSACTION READ ONLY")
                return try body()
            }
            try executeTransactionControl("BEGIN READ ONLY")
            defer { try? executeTransactionControl("ROLLBACK") }
            return try body()
        }
    }

    /// The words of `sql` in upper case, outside string literals, quoted identifiers and comments.
    static func words(outsideQuotesOf sql: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var chars = Array(sql)[...]
        func flush() { if !current.isEmpty { words.append(current.uppercased()); current = "" } }
        while let ch = chars.popFirst() {
            if let q = quote {
                if ch == q { quote = nil }
                continue
            }
            if ch == "'" || ch == "\"" { flush(); quote = ch; continue }
            if ch == "-", chars.first == "-" {
                flush()
                while let c = chars.popFirst(), c != "\n" {}
                continue
            }
            if ch == "/", chars.first == "*" {
                flush()
                chars = chars.dropFirst()
                while let c = chars.popFirst() { if c == "*", chars.first == "/" { chars = chars.dropFirst(); break } }
                continue
            }
            if ch.isLetter || ch == "_" || (ch.isNumber && !current.isEmpty) { current.append(ch) } else { flush() }
        }
        flush()
        return words
    }
}
