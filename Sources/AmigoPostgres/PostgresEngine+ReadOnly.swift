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
        switch StatementKind.of(sql) {
        case .query: return true
        case .other: return SQLText.leadingKeyword(of: sql).isEmpty   // nothing to run
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
            guard isInTransaction else { return try inTransaction(.readOnly, ending: .rollBack, body) }
            return try inSavepoint("amigo_read_only", ending: .rollBack) {
                try restrictTransactionToReads()
                return try body()
            }
        }
    }
}
