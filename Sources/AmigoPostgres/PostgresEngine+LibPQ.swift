// PostgresEngine: libpq calls — simple and prepared statements, errors, reading values.

import Amigo
import CPostgreSQL
import Dispatch
import Foundation

extension PostgresEngine {
    // MARK: libpq

    /// Runs `sql` with the simple protocol, expecting no rows.
    func simple(_ sql: String, sqlForErrors: String) throws {
        finishActiveStream()
        guard let result = PQexec(connection, sql) else { throw connectionError(sql: sqlForErrors, arguments: []) }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
            throw error(result, sql: sqlForErrors, arguments: [])
        }
    }

    /// Sends the BEGIN ``beginPending`` holds back, before the transaction's first statement
    /// (`sql`, which a failure is reported with: it is what the user ran).
    func sendPendingBegin(for sql: String) throws {
        guard beginPending else { return }
        beginPending = false
        try simple("BEGIN", sqlForErrors: sql)
    }

    /// Prepares (once) and runs `sql` with `arguments`; the caller clears the result. With
    /// ``recoversFromFailedStatements``, inside a transaction, a savepoint undoes a failure alone.
    func run(_ sql: String, _ arguments: [DatabaseValue]) throws -> OpaquePointer {
        finishActiveStream()
        try sendPendingBegin(for: sql)
        return try retrying(sql) { try inStatementSavepoint(sql) { try runPrepared(sql, arguments) } }
    }

    /// Runs `attempt` (which prepares `sql` and runs it), and once more after the failures that
    /// preparing again mends — while `canRetry` says so (a streamed query that has handed out rows
    /// cannot start again).
    ///
    /// A statement prepared before another client changed a table it reads (`ALTER TABLE … TYPE`)
    /// fails with 0A000, "cached plan must not change result type": it is prepared again and run
    /// once more — unless the failure aborted the transaction (no savepoint), which only a
    /// rollback ends. A statement of ours not found by its name (26000) means a pooler in
    /// transaction mode: statements go unnamed from then on (``sendsUnnamedStatements``).
    func retrying<T>(_ sql: String, while canRetry: () -> Bool = { true }, _ attempt: () throws -> T) throws -> T {
        do {
            return try attempt()
        } catch AmigoError.database(let error) where error.sqlState == "0A000" && statements[sql] != nil && canRetry() {
            statements[sql] = nil    // the server's copy goes with the next DEALLOCATE ALL
            guard PQtransactionStatus(connection) != PQTRANS_INERROR else { throw AmigoError.database(error) }
            return try attempt()
        } catch AmigoError.database(let error) where error.sqlState == "26000" && !sendsUnnamedStatements && canRetry() {
            // A statement of ours not found by its name: a pooler in transaction mode gave another
            // server connection (our names are never another client's). Unnamed from now on.
            sendsUnnamedStatements = true
            statements.removeAll()
            guard PQtransactionStatus(connection) != PQTRANS_INERROR else { throw AmigoError.database(error) }
            return try attempt()
        }
    }

    /// Runs `body` (one statement, `sql`) inside a savepoint of its own when
    /// ``recoversFromFailedStatements`` and a transaction is open: a failure is undone alone.
    func inStatementSavepoint<T>(_ sql: String, _ body: () throws -> T) throws -> T {
        guard recovers && PQtransactionStatus(connection) == PQTRANS_INTRANS else { return try body() }
        try simple("SAVEPOINT amigo_statement", sqlForErrors: sql)
        do {
            let result = try body()
            try? simple("RELEASE SAVEPOINT amigo_statement", sqlForErrors: sql)
            return result
        } catch {
            try? simple("ROLLBACK TO SAVEPOINT amigo_statement", sqlForErrors: sql)
            try? simple("RELEASE SAVEPOINT amigo_statement", sqlForErrors: sql)
            throw error
        }
    }

    /// Prepares (once) and runs `sql` with `arguments`.
    func runPrepared(_ sql: String, _ arguments: [DatabaseValue]) throws -> OpaquePointer {
        let result: OpaquePointer?
        if let check = interruptCheck {
            try send(sql, arguments)
            result = try awaitResult(checking: check, sql: sql, arguments: arguments)
        } else {
            result = try withParameters(sql, arguments) { statement, values in
                // A statement without a name (``sendsUnnamedStatements``) goes whole, with its types.
                statement.name.isEmpty
                    ? PQexecParams(connection, statement.text, Int32(arguments.count), statement.parameterTypes, values, nil, nil, 0)
                    : PQexecPrepared(connection, statement.name, Int32(arguments.count), values, nil, nil, 0)
            }
        }
        guard let result else { throw connectionError(sql: sql, arguments: arguments) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
            let failure = error(result, sql: sql, arguments: arguments)
            PQclear(result)
            throw failure
        }
        return result
    }

    /// Prepares (once) and sends `sql` with `arguments` without waiting for its result
    /// (`PQsendQueryPrepared`, or `PQsendQueryParams` for an unnamed statement).
    func send(_ sql: String, _ arguments: [DatabaseValue]) throws {
        let sent = try withParameters(sql, arguments) { statement, values in
            statement.name.isEmpty
                ? PQsendQueryParams(connection, statement.text, Int32(arguments.count), statement.parameterTypes, values, nil, nil, 0)
                : PQsendQueryPrepared(connection, statement.name, Int32(arguments.count), values, nil, nil, 0)
        }
        guard sent == 1 else { throw connectionError(sql: sql, arguments: arguments) }
    }

    /// Calls `body` with the prepared statement for `sql` and its parameters in the text format
    /// (`arguments` written by the types the server inferred; nil for NULL).
    func withParameters<T>(_ sql: String, _ arguments: [DatabaseValue],
                                   _ body: (PreparedStatement, UnsafePointer<UnsafePointer<CChar>?>?) throws -> T) throws -> T {
        let statement = try prepared(sql, arguments)
        guard statement.parameterTypes.count == arguments.count else {
            throw AmigoError.database(DatabaseError(
                sqlState: "08P01", message: "statement expects \(statement.parameterTypes.count) argument(s), got \(arguments.count)",
                system: "PostgreSQL", sql: sql, arguments: arguments))
        }
        var texts: [UnsafeMutablePointer<CChar>?] = []
        texts.reserveCapacity(arguments.count)
        defer { for text in texts { free(text) } }
        for (value, type) in zip(arguments, statement.parameterTypes) {
            guard let text = try PostgresEngine.parameterText(value, type: type) else { texts.append(nil); continue }
            texts.append(strdup(text))
        }
        return try texts.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in try body(statement, values.baseAddress) }
        }
    }

    /// Waits for the result of the statement just sent, asking `check` every 50 ms and cancelling
    /// the statement on the server when it says so; returns the first result (the server's
    /// error when cancelled), having read and cleared the rest.
    func awaitResult(checking check: () -> Bool, sql: String, arguments: [DatabaseValue]) throws -> OpaquePointer? {
        var cancelled = false
        while PQisBusy(connection) != 0 {
            var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            guard PQconsumeInput(connection) == 1 else {
                // Read what is left so that the connection can take the next statement.
                while let leftover = PQgetResult(connection) { PQclear(leftover) }
                throw connectionError(sql: sql, arguments: arguments)
            }
            if !cancelled && check(), let cancel = PQgetCancel(connection) {
                cancelled = true
                var reason = [CChar](repeating: 0, count: 256)
                _ = PQcancel(cancel, &reason, Int32(reason.count))
                PQfreeCancel(cancel)
            }
        }
        let first = PQgetResult(connection)
        while let leftover = PQgetResult(connection) { PQclear(leftover) }
        return first
    }

    /// Prepares `text` as the statement `name` and returns the parameter types the server
    /// inferred. Preparing analyses the statement, which waits for a lock another session holds
    /// on a table it names (`LOCK TABLE …`): with an interrupt check installed, both steps are
    /// sent and awaited asking it (``awaitResult(checking:sql:arguments:)``), so that the wait
    /// shows as work and Esc cancels it (SQLSTATE 57014), as for the statement itself.
    func prepareOnServer(name: String, text: String, sql: String, arguments: [DatabaseValue]) throws -> [Oid] {
        func result(_ sent: () -> OpaquePointer?, _ send: () -> Int32) throws -> OpaquePointer {
            let result: OpaquePointer?
            if let check = interruptCheck {
                guard send() == 1 else { throw connectionError(sql: sql, arguments: arguments) }
                result = try awaitResult(checking: check, sql: sql, arguments: arguments)
            } else {
                result = sent()
            }
            guard let result else { throw connectionError(sql: sql, arguments: arguments) }
            guard PQresultStatus(result) == PGRES_COMMAND_OK else {
                let failure = error(result, sql: sql, arguments: arguments)
                PQclear(result)
                throw failure
            }
            return result
        }
        let prepared = try result({ PQprepare(connection, name, text, 0, nil) }, { PQsendPrepare(connection, name, text, 0, nil) })
        PQclear(prepared)
        let description = try result({ PQdescribePrepared(connection, name) }, { PQsendDescribePrepared(connection, name) })
        defer { PQclear(description) }
        return (0..<PQnparams(description)).map { PQparamtype(description, $0) }
    }

    /// The named statement for `sql`, prepared and described on first use (with
    /// ``sendsUnnamedStatements``, only described: ``described(_:_:)``).
    func prepared(_ sql: String, _ arguments: [DatabaseValue]) throws -> PreparedStatement {
        finishActiveStream()
        if let statement = statements[sql] { return statement }
        if statements.count >= Self.statementCacheLimit { deallocateAll() }
        if sendsUnnamedStatements {
            let statement = try described(sql, arguments)
            statements[sql] = statement
            return statement
        }
        let name = statementPrefix + String(nextStatement)
        nextStatement += 1
        let text = PostgresDialect.numberedPlaceholders(sql)
        let types = try prepareOnServer(name: name, text: text, sql: sql, arguments: arguments)
        let statement = PreparedStatement(name: name, text: text, parameterTypes: types)
        statements[sql] = statement
        return statement
    }

    /// `sql` described through the unnamed statement, for a pooler in transaction mode: outside
    /// a transaction, inside one of its own (BEGIN … COMMIT), so that the pooler gives the
    /// description from the server connection the statement was prepared on. Its name is empty:
    /// ``runPrepared(_:_:)`` sends its text with the types each time.
    func described(_ sql: String, _ arguments: [DatabaseValue]) throws -> PreparedStatement {
        let text = PostgresDialect.numberedPlaceholders(sql)
        let ownTransaction = PQtransactionStatus(connection) == PQTRANS_IDLE
        if ownTransaction { try simple("BEGIN", sqlForErrors: sql) }
        do {
            let types = try prepareOnServer(name: "", text: text, sql: sql, arguments: arguments)
            if ownTransaction { try simple("COMMIT", sqlForErrors: sql) }
            return PreparedStatement(name: "", text: text, parameterTypes: types)
        } catch {
            if ownTransaction { try? simple("ROLLBACK", sqlForErrors: sql) }
            throw error
        }
    }

    /// Forgets every prepared statement, on the server too (errors ignored: in a failed
    /// transaction the server refuses until ROLLBACK, and the names are never reused).
    func deallocateAll() {
        finishActiveStream()
        guard !statements.isEmpty else { return }
        guard !sendsUnnamedStatements else { statements.removeAll(); return }
        if PQtransactionStatus(connection) != PQTRANS_INERROR, let result = PQexec(connection, "DEALLOCATE ALL") { PQclear(result) }
        statements.removeAll()
    }

    /// The error a failed result reports: its SQLSTATE and message, on one line.
    func error(_ result: OpaquePointer, sql: String, arguments: [DatabaseValue]) -> AmigoError {
        func field(_ code: UInt8) -> String? {
            guard let p = PQresultErrorField(result, Int32(code)) else { return nil }
            return String(cString: p)
        }
        guard let state = field(UInt8(ascii: "C")) else { return connectionError(sql: sql, arguments: arguments) }
        var message = field(UInt8(ascii: "M")) ?? String(cString: PQresultErrorMessage(result))
        if let detail = field(UInt8(ascii: "D")) { message += " (\(detail))" }
        return AmigoError.database(DatabaseError(sqlState: state, message: PostgresEngine.oneLine(message, secrets: secrets),
                                                 system: "PostgreSQL", sql: sql, arguments: arguments))
    }

    /// The error of a lost or unusable connection (SQLSTATE `08006`), with libpq's message.
    func connectionError(sql: String, arguments: [DatabaseValue]) -> AmigoError {
        var message = PostgresEngine.oneLine(String(cString: PQerrorMessage(connection)), secrets: secrets)
        if message.isEmpty { message = "the connection failed" }
        return AmigoError.database(DatabaseError(sqlState: "08006", message: message, system: "PostgreSQL", sql: sql, arguments: arguments))
    }
}
