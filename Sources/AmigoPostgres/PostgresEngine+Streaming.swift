// PostgresEngine: a query's rows streamed from the server (libpq's single-row mode), so that a
// result of any size is read in bounded memory.

import Amigo
import CPostgreSQL
import Dispatch
import Foundation

/// A query whose rows are being read from the server one `PGresult` each (libpq's single-row
/// mode): what the engine knows of it while its rows are handed out.
final class PostgresRowStream {
    /// The query, for errors.
    let sql: String
    /// The query's arguments, for errors.
    let arguments: [DatabaseValue]
    /// Results read ahead of the caller, in order, not cleared yet: a statement run inside the
    /// query's row callback needs the connection, so the rest of the query is read first (into
    /// memory, as a result read whole would be) — see ``PostgresEngine/finishActiveStream()``.
    var readAhead: [OpaquePointer] = []
    /// The first result of ``readAhead`` not handed out yet.
    var nextReadAhead = 0
    /// Whether libpq has no more results for the query (`PQgetResult` returned NULL).
    var isFinished = false
    /// A failure met while reading ahead (the connection lost), thrown after the results read.
    var pendingFailure: AmigoError? { didSet { hasPendingFailure = pendingFailure != nil } }
    /// Whether ``pendingFailure`` is set: asked for every row, without reading the error's tag.
    private(set) var hasPendingFailure = false
    /// Whether a cancel request went to the server (the interrupt check said stop, or the caller
    /// stopped early and the rest would have been waited for).
    var cancelRequested = false
    /// Whether the interrupt check said stop: no more rows are handed out.
    var interrupted = false
    /// When the interrupt check was last asked (`DispatchTime` nanoseconds).
    var lastCheck = DispatchTime.now().uptimeNanoseconds

    init(_ sql: String, _ arguments: [DatabaseValue]) {
        self.sql = sql
        self.arguments = arguments
    }

    deinit {
        for result in readAhead[nextReadAhead...] { PQclear(result) }
    }
}

extension PostgresEngine {
    /// How often the interrupt check is asked while rows keep coming without a wait: 50 ms.
    static let checkInterval: UInt64 = 50_000_000
    /// How many rows a query stopped early reads and drops, at most, before it is cancelled instead.
    static let rowsWorthACancel = 1000

    /// Runs a query and hands its rows to `body` as the server sends them (libpq's single-row
    /// mode: one row in memory at a time, whatever the size of the result); returns the rows
    /// handed out. The columns go to `columns` first (also for a result without rows).
    ///
    /// When `body` returns false (or throws) the rest of the result is not handed out: what has
    /// already arrived is read and dropped, and a read-only statement outside a transaction is
    /// then cancelled on the server rather than waited for (a cancel inside a transaction would
    /// abort it: the rest is read and dropped instead). Either way the connection takes the next
    /// statement. An error the server reports after some rows (`1/0` at row 5000) is thrown as the
    /// statement's ``AmigoError/database(_:)``; the interrupt check
    /// (``setInterruptCheck(_:)``) is asked while waiting and at least every 50 ms while rows
    /// arrive, and when it says stop no more rows are handed out and the statement fails with
    /// SQLSTATE 57014.
    func streamedQuery(_ sql: String, _ arguments: [DatabaseValue], columns: (([ResultColumn]) throws -> Void)?,
                       _ body: (StatementRow) throws -> Bool) throws -> Int {
        finishActiveStream()
        try sendPendingBegin(for: sql)
        var handedOut = false
        return try retrying(sql, while: { !handedOut }) {
            try inStatementSavepoint(sql) {
                // Cancelling ends the statement's own transaction only when there is no other.
                let cancellable = PQtransactionStatus(connection) == PQTRANS_IDLE && PostgresEngine.isReadOnlyText(sql)
                try send(sql, arguments)
                _ = PQsetSingleRowMode(connection)
                let stream = PostgresRowStream(sql, arguments)
                let outer = activeStream
                activeStream = stream
                defer { activeStream = outer }
                do {
                    return try readRows(stream, cancellable: cancellable, handedOut: &handedOut,
                                        columns: columns, body)
                } catch {
                    abandon(stream, cancellable: cancellable)
                    throw error
                }
            }
        }
    }

    /// Reads the results of `stream`'s query, handing its rows to `body` until it returns false.
    private func readRows(_ stream: PostgresRowStream, cancellable: Bool,
                          handedOut: inout Bool, columns: (([ResultColumn]) throws -> Void)?,
                          _ body: (StatementRow) throws -> Bool) throws -> Int {
        let sql = stream.sql, arguments = stream.arguments
        var rows: PostgresResultRows?
        var count = 0
        var stopped = false
        var dropped = 0
        var failure: AmigoError?
        // Whether `failure` is set, tested on every row: an `AmigoError?` compared with nil asks
        // the enum's tag through a value witness each time (about 2% of a million-row CSV).
        var failed = false
        while true {
            // Stopped early: read on while the rest is already here, but cancel rather than wait
            // for more, or read more than a cancel costs (a connection to the server: about a
            // thousand rows' reading).
            if stopped && cancellable && !stream.cancelRequested && !stream.isFinished
                && (dropped >= Self.rowsWorthACancel || !isResultWaiting(stream)) {
                requestCancel(stream)
            }
            guard let result = try nextResult(stream) else { break }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_SINGLE_TUPLE {
                guard !stopped && !failed && !stream.interrupted else {
                    dropped += 1
                    continue
                }
                if let rows { rows.result = result } else {
                    let first = PostgresResultRows(result)
                    rows = first
                    handedOut = true
                    try columns?(first.resultColumns)
                }
                count += 1
                // The rows do not keep their source alive (no reference counting per row): `rows` does.
                if try !withExtendedLifetime(rows!, { try body(StatementRow(source: $0, row: 0)) }) { stopped = true }
            } else if status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK || status == PGRES_EMPTY_QUERY {
                // The end of the rows (or a statement without any): its columns if no row told them.
                if rows == nil && !stopped && !failed {
                    handedOut = true
                    try columns?(PostgresResultRows(result).resultColumns)
                }
            } else if !failed {
                let reported = error(result, sql: sql, arguments: arguments)
                // The cancel this stop asked for is no failure.
                if case .database(let e) = reported, e.sqlState == "57014", stopped && stream.cancelRequested && !stream.interrupted {
                    continue
                }
                failure = reported
                failed = true
            }
        }
        if stream.interrupted {
            if case .database(let e)? = failure, e.sqlState == "57014" { throw failure! }
            throw AmigoError.database(DatabaseError(sqlState: "57014", message: "canceling statement due to user request",
                                                    system: "PostgreSQL", sql: sql, arguments: arguments))
        }
        // A connection the server ended: said as libpq says it (what the server said, then that it closed).
        if failure != nil && PQstatus(connection) != CONNECTION_OK { throw connectionError(sql: sql, arguments: arguments) }
        if let failure { throw failure }
        return count
    }

    /// The next result of `stream`'s query: read ahead, or from the server (asking the interrupt
    /// check while waiting); nil after the last.
    func nextResult(_ stream: PostgresRowStream) throws -> OpaquePointer? {
        if stream.nextReadAhead < stream.readAhead.count {
            defer { stream.nextReadAhead += 1 }
            return stream.readAhead[stream.nextReadAhead]
        }
        if stream.hasPendingFailure, let failure = stream.pendingFailure {
            stream.pendingFailure = nil
            throw failure
        }
        return try receive(stream)
    }

    /// The next result of `stream`'s query from the server; nil after the last. With an interrupt
    /// check, it is asked every 50 ms while waiting, and as often while results keep coming.
    func receive(_ stream: PostgresRowStream) throws -> OpaquePointer? {
        guard !stream.isFinished else { return nil }
        if let check = interruptCheck {
            var now = DispatchTime.now().uptimeNanoseconds
            if !stream.cancelRequested && now &- stream.lastCheck >= Self.checkInterval {
                stream.lastCheck = now
                if check() { requestCancel(stream, interrupted: true) }
            }
            while PQisBusy(connection) != 0 {
                var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 50)
                guard PQconsumeInput(connection) == 1 else {
                    // Read what is left so that the connection can take the next statement.
                    while let leftover = PQgetResult(connection) { PQclear(leftover) }
                    stream.isFinished = true
                    throw connectionError(sql: stream.sql, arguments: stream.arguments)
                }
                now = DispatchTime.now().uptimeNanoseconds
                if !stream.cancelRequested && now &- stream.lastCheck >= Self.checkInterval {
                    stream.lastCheck = now
                    if check() { requestCancel(stream, interrupted: true) }
                }
            }
        }
        guard let result = PQgetResult(connection) else {
            stream.isFinished = true
            return nil
        }
        return result
    }

    /// Whether the next result of `stream`'s query is here already (no wait for the server).
    private func isResultWaiting(_ stream: PostgresRowStream) -> Bool {
        if stream.nextReadAhead < stream.readAhead.count { return true }
        _ = PQconsumeInput(connection)
        return PQisBusy(connection) == 0
    }

    /// Asks the server to cancel the statement running on the connection (`PQcancel`).
    private func requestCancel(_ stream: PostgresRowStream, interrupted: Bool = false) {
        stream.cancelRequested = true
        if interrupted { stream.interrupted = true }
        guard let cancel = PQgetCancel(connection) else { return }
        var reason = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &reason, Int32(reason.count))
        PQfreeCancel(cancel)
    }

    /// Ends `stream`'s query after a failure (the caller's or the connection's), leaving the
    /// connection ready for the next statement: cancelled when `cancellable` and not over, and
    /// every result left read and dropped.
    private func abandon(_ stream: PostgresRowStream, cancellable: Bool) {
        if cancellable && !stream.cancelRequested && !stream.isFinished { requestCancel(stream) }
        for result in stream.readAhead[stream.nextReadAhead...] { PQclear(result) }
        stream.readAhead.removeAll()
        stream.nextReadAhead = 0
        guard !stream.isFinished else { return }
        while let result = PQgetResult(connection) { PQclear(result) }
        stream.isFinished = true
    }

    /// Reads the rest of the streamed query in progress, if any, into memory, so that the
    /// connection can take another statement (one run inside the query's row callback); the
    /// query's rows are then handed out from memory.
    func finishActiveStream() {
        guard let stream = activeStream else { return }
        while !stream.isFinished {
            do {
                if let result = try receive(stream) { stream.readAhead.append(result) }
            } catch {
                stream.pendingFailure = error as? AmigoError ?? connectionError(sql: stream.sql, arguments: stream.arguments)
            }
        }
    }
}

extension PostgresEngine {
    /// Runs a query and hands its rows to `body` from one result read whole first (libpq's
    /// default), when ``streamsResults`` is off.
    func wholeQuery(_ sql: String, _ arguments: [DatabaseValue], columns: (([ResultColumn]) throws -> Void)?,
                    _ body: (StatementRow) throws -> Bool) throws -> Int {
        let result = try run(sql, arguments)
        defer { PQclear(result) }
        let rows = PostgresResultRows(result)
        try columns?(rows.resultColumns)
        var count = 0
        // The rows do not keep their source alive (no reference counting per row): this does.
        try withExtendedLifetime(rows) {
            for r in 0..<rows.rowCount {
                count += 1
                if try !body(StatementRow(source: rows, row: r)) { break }
            }
        }
        return count
    }
}
