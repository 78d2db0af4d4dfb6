// PostgresEngine: a library query's rows read through a cursor, thousands at a time (exports).

import Amigo
import CPostgreSQL
import Dispatch
import Foundation

extension PostgresEngine {
    /// The most rows one `FETCH` asks for.
    static let batchRowLimit = 10_000
    /// The rows the first `FETCH` asks for: the rows' size is not known yet, and a row may be
    /// megabytes (long text, big `bytea`).
    static let firstBatchRows = 1
    /// About how many bytes of values one `FETCH` brings: the next batch's row count is sized by
    /// the last batch's bytes per row (growing at most eightfold a batch), so that wide rows keep
    /// memory bounded: two batches at most are held (one written, the next arriving).
    static let batchByteTarget = 4 << 20

    /// Reads the rows of `sql` (a query the library wrote: a `SELECT`) through a cursor —
    /// `DECLARE … NO SCROLL CURSOR FOR` the statement with its arguments bound, then `FETCH`
    /// up to 10,000 rows at a time — instead of one `PGresult` per row (single-row mode), for an
    /// output that reads every row (an export). Inside the transaction that is open (a session's),
    /// else in one of its own; with ``recoversFromFailedStatements``, inside a savepoint.
    ///
    /// Memory stays bounded: a batch is about 4 MB of values at most (fewer rows when they are
    /// wide; the first is one row), and two are held at a time at most. The connection is free between batches, so `body` may run
    /// statements. The interrupt check is asked while each batch is awaited (Esc cancels the
    /// `FETCH` on the server, SQLSTATE 57014) and after each batch (the cursor is then closed
    /// without cancelling anything: the transaction stays usable). When `body` returns false, the
    /// cursor is closed and the rest never read.
    ///
    /// - Throws: ``AmigoError/database(_:)``: the server's error, or SQLSTATE 57014 when the
    ///   interrupt check stopped it.
    @discardableResult
    public func fetchInBatches(_ sql: String, _ arguments: [DatabaseValue], describing columns: ([ResultColumn]) throws -> Void,
                               _ body: (StatementRow) throws -> Bool) throws -> Int {
        try serialized {
            let start = echo.isEnabled ? DispatchTime.now().uptimeNanoseconds : 0
            do {
                let count = try cursorQuery(sql, arguments, columns: columns, body)
                if echo.isEnabled { report(.statement, sql, arguments, start, rows: count) }
                return count
            } catch {
                if echo.isEnabled { report(.statement, sql, arguments, start, error: error) }
                throw error
            }
        }
    }

    /// ``fetchInBatches(_:_:describing:_:)`` in the open transaction, or in one of its own.
    private func cursorQuery(_ sql: String, _ arguments: [DatabaseValue], columns: ([ResultColumn]) throws -> Void,
                             _ body: (StatementRow) throws -> Bool) throws -> Int {
        finishActiveStream()
        try sendPendingBegin(for: sql)
        // A cursor lives in a transaction block: without one open, the read has its own.
        let ownTransaction = PQtransactionStatus(connection) == PQTRANS_IDLE
        if ownTransaction { try simple("BEGIN", sqlForErrors: sql) }
        do {
            let count = try inStatementSavepoint(sql) { try readThroughCursor(sql, arguments, columns: columns, body) }
            if ownTransaction { try simple("COMMIT", sqlForErrors: sql) }
            return count
        } catch {
            if ownTransaction { try? simple("ROLLBACK", sqlForErrors: sql) }
            throw error
        }
    }

    /// Declares the cursor, fetches its rows batch by batch into `body`, and closes it.
    ///
    /// The next `FETCH` is sent before the rows of the last are handed out, and what the server
    /// sends meanwhile is read as the rows are handed out, so that the server works on the next
    /// batch while this one is written (one batch waiting at most: memory stays bounded). The
    /// `FETCH` in flight is the engine's active stream: a statement run inside `body` first
    /// reads its result (``finishActiveStream()``), as it does a streamed query's.
    private func readThroughCursor(_ sql: String, _ arguments: [DatabaseValue], columns: ([ResultColumn]) throws -> Void,
                                   _ body: (StatementRow) throws -> Bool) throws -> Int {
        // The cursor's name is this engine's (random prefix, a number never reused): no user text.
        let cursor = statementPrefix + "cursor_" + String(nextStatement)
        nextStatement += 1
        // The statement's own parameter types (it is prepared once, as any query is): the
        // arguments are written for them (`uuid`, `bytea`, `bool`) and bound, never spliced.
        let declared = try withParameters(sql, arguments) { statement, values in
            PQsendQueryParams(connection, "DECLARE \(cursor) NO SCROLL CURSOR FOR " + statement.text,
                              Int32(arguments.count), statement.parameterTypes, values, nil, nil, 0)
        }
        guard declared == 1 else { throw connectionError(sql: sql, arguments: arguments) }
        PQclear(try awaitCommand(sql, arguments, expecting: PGRES_COMMAND_OK))
        let outer = activeStream
        defer { activeStream = outer }
        var inFlight: PostgresRowStream?
        var count = 0
        var described = false
        var batch = Self.firstBatchRows
        do {
            inFlight = try sendFetch(batch, from: cursor, sql, arguments)
            while let fetching = inFlight {
                let result = try awaitFetch(fetching)
                inFlight = nil
                activeStream = outer
                defer { PQclear(result) }
                let rows = PostgresResultRows(result)
                if !described {
                    described = true
                    try columns(rows.resultColumns)
                }
                if rows.rowCount == batch {
                    if let check = interruptCheck, check() {
                        throw AmigoError.database(DatabaseError(sqlState: "57014", message: "canceling statement due to user request",
                                                                system: "PostgreSQL", sql: sql, arguments: arguments))
                    }
                    batch = Self.nextBatch(after: result, rows: rows.rowCount)
                    inFlight = try sendFetch(batch, from: cursor, sql, arguments)
                }
                var stopped = false
                // The rows do not keep their source alive (no reference counting per row): `rows` does.
                try withExtendedLifetime(rows) {
                    for row in 0..<rows.rowCount {
                        count += 1
                        if try !body(StatementRow(source: rows, row: row)) { stopped = true; break }
                        // Read what the server sent of the next batch, so that it need not wait for room.
                        if row & 1023 == 1023, let fetching = inFlight, activeStream === fetching { _ = PQconsumeInput(connection) }
                    }
                }
                if stopped { break }
            }
        } catch {
            if let inFlight { drain(inFlight) }
            closeCursor(cursor, sql: sql)
            throw error
        }
        if let inFlight { drain(inFlight) }
        closeCursor(cursor, sql: sql)
        return count
    }

    /// Sends `FETCH FORWARD rows FROM cursor` without waiting, as the engine's active stream.
    private func sendFetch(_ rows: Int, from cursor: String, _ sql: String, _ arguments: [DatabaseValue]) throws -> PostgresRowStream {
        guard PQsendQueryParams(connection, "FETCH FORWARD \(rows) FROM \(cursor)", 0, nil, nil, nil, nil, 0) == 1 else {
            throw connectionError(sql: sql, arguments: arguments)
        }
        let stream = PostgresRowStream(sql, arguments)
        activeStream = stream
        return stream
    }

    /// The rows of the `FETCH` in flight (read ahead by a statement run meanwhile, or from the
    /// server, asking the interrupt check while waiting); the server's error when it failed.
    private func awaitFetch(_ fetching: PostgresRowStream) throws -> OpaquePointer {
        var first: OpaquePointer?
        while let result = try nextResult(fetching) {
            if first == nil { first = result } else { PQclear(result) }
        }
        guard let result = first else { throw connectionError(sql: fetching.sql, arguments: fetching.arguments) }
        guard PQresultStatus(result) == PGRES_TUPLES_OK else {
            let failure = error(result, sql: fetching.sql, arguments: fetching.arguments)
            PQclear(result)
            if PQstatus(connection) != CONNECTION_OK { throw connectionError(sql: fetching.sql, arguments: fetching.arguments) }
            throw failure
        }
        return result
    }

    /// Reads and drops the results of a `FETCH` no longer wanted, leaving the connection ready.
    private func drain(_ fetching: PostgresRowStream) {
        while let result = try? nextResult(fetching) { PQclear(result) }
        if !fetching.isFinished { while let result = PQgetResult(connection) { PQclear(result) } }
    }

    /// How many rows the next `FETCH` asks for: about ``batchByteTarget`` bytes of values at the
    /// last batch's bytes per row, at least one row, at most eight times the last batch's rows
    /// and ``batchRowLimit``.
    static func nextBatch(after result: OpaquePointer, rows: Int) -> Int {
        guard rows > 0 else { return firstBatchRows }
        let fields = PQnfields(result)
        var bytes = 0
        for row in 0..<Int32(rows) {
            for field in 0..<fields { bytes += Int(PQgetlength(result, row, field)) }
        }
        let perRow = max(1, bytes / rows + Int(fields) * 16)
        return min(batchRowLimit, 8 * rows, max(1, batchByteTarget / perRow))
    }

    /// Waits for the result of the statement just sent (asking the interrupt check, when one is
    /// installed, and cancelling on the server when it says stop) and returns it when its status
    /// is `expected`; otherwise throws the server's error.
    private func awaitCommand(_ sql: String, _ arguments: [DatabaseValue], expecting expected: ExecStatusType) throws -> OpaquePointer {
        let check = interruptCheck ?? { false }
        guard let result = try awaitResult(checking: check, sql: sql, arguments: arguments) else {
            throw connectionError(sql: sql, arguments: arguments)
        }
        guard PQresultStatus(result) == expected else {
            let failure = error(result, sql: sql, arguments: arguments)
            PQclear(result)
            if PQstatus(connection) != CONNECTION_OK { throw connectionError(sql: sql, arguments: arguments) }
            throw failure
        }
        return result
    }

    /// Closes `cursor` when the transaction can still run statements (a failed one refuses them
    /// until it is rolled back, which ends the cursor too).
    private func closeCursor(_ cursor: String, sql: String) {
        guard PQtransactionStatus(connection) == PQTRANS_INTRANS else { return }
        try? simple("CLOSE \(cursor)", sqlForErrors: sql)
    }
}
