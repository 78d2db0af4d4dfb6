// PostgresEngine: transaction control, with the BEGIN held back until the first statement.

import Amigo
import CPostgreSQL
import Dispatch
import Foundation

extension PostgresEngine {
    /// Runs `control` as ``PostgresDialect`` writes it. A plain BEGIN (every mode but
    /// ``TransactionMode/readOnly``) is sent with the transaction's first statement
    /// (``beginPending``): a COMMIT or ROLLBACK before any statement ends a transaction the server
    /// never saw, and sends nothing.
    public func execute(_ control: TransactionControl) throws {
        try serialized {
            let start = DispatchTime.now().uptimeNanoseconds
            let sql = dialect.transactionControlSQL(control)
            if case .begin(let mode) = control, mode != .readOnly, !beginPending, PQtransactionStatus(connection) == PQTRANS_IDLE {
                beginPending = true
                if echo.isEnabled { report(.transaction, sql, [], start) }
                return
            }
            if beginPending && control.endsTransaction {
                beginPending = false
                if echo.isEnabled { report(.transaction, sql, [], start) }
                return
            }
            do {
                try sendPendingBegin(for: sql)
                // A transaction one of whose statements failed cannot commit: the server answers
                // COMMIT with ROLLBACK and no error. Said as the error it is.
                let failedBefore = control == .commit && PQtransactionStatus(connection) == PQTRANS_INERROR
                try simple(sql, sqlForErrors: sql)
                if failedBefore {
                    throw AmigoError.database(DatabaseError(
                        sqlState: "25P02", message: "the transaction had failed (a statement in it was refused), so COMMIT rolled it back",
                        system: "PostgreSQL", sql: sql))
                }
                if echo.isEnabled { report(.transaction, sql, [], start) }
            } catch {
                if echo.isEnabled { report(.transaction, sql, [], start, error: error) }
                throw error
            }
        }
    }

    /// Makes the open transaction READ ONLY (`SET TRANSACTION READ ONLY`), reported to echo as
    /// transaction control: what ``readingOnly(_:)`` runs inside its savepoint.
    func restrictTransactionToReads() throws {
        let sql = "SET TRANSACTION READ ONLY"
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try sendPendingBegin(for: sql)
            try simple(sql, sqlForErrors: sql)
            if echo.isEnabled { report(.transaction, sql, [], start) }
        } catch {
            if echo.isEnabled { report(.transaction, sql, [], start, error: error) }
            throw error
        }
    }
}
