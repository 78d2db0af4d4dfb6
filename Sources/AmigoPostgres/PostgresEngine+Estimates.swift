// PostgresEngine: row estimates without reading rows, and noticing a connection the server ended without sending anything.

import Amigo
import CPostgreSQL
import Foundation

extension PostgresEngine {
    // MARK: Estimates

    /// The server's estimate of the rows of `table`: `reltuples` of a table, partitioned table
    /// or materialized view the server has analysed (none for one never analysed: the planner
    /// would only guess from its size); for a view, the row count the planner expects for
    /// `SELECT 1 FROM view` — planned, never run, so a view that takes minutes is estimated at
    /// once. Nil when neither says.
    public func estimatedRowCount(of table: String) -> Int? {
        serialized {
            let name = DatabaseValue.text(dialect.quoteTable(table))
            var kind: String?
            var stored: Int64?
            _ = try? fetch("SELECT relkind::text, reltuples::bigint FROM pg_class WHERE oid = to_regclass($1)", [name]) { row in
                kind = row.value(at: 0).textValue
                stored = row.value(at: 1).integerValue
                return false
            }
            guard let kind else { return nil }
            if ["r", "p", "m"].contains(kind) { return stored.flatMap { $0 >= 0 ? Int($0) : nil } }
            var plan: String?
            _ = try? fetch("EXPLAIN SELECT 1 FROM " + dialect.quoteTable(table), []) { row in
                plan = row.value(at: 0).textValue
                return false
            }
            return plan.flatMap(PostgresEngine.plannedRows)
        }
    }

    /// The `rows=N` of an EXPLAIN line (`Seq Scan on actor  (cost=0.00..2.00 rows=200 width=4)`).
    static func plannedRows(_ line: String) -> Int? {
        guard let range = line.range(of: " rows=") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    // MARK: The connection while idle

    /// Reads what the server sent unasked, without sending a statement: a server that ended the
    /// connection (`idle_in_transaction_session_timeout`, `pg_terminate_backend`, a shutdown)
    /// sent its reason and closed the socket, and libpq marks the connection lost
    /// (``isConnectionLost``). Unlike a `SELECT 1`, this leaves an idle transaction's timer alone.
    public func pollConnection() {
        serialized {
            guard PQstatus(connection) == CONNECTION_OK, PQisBusy(connection) == 0 else { return }
            var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return }
            _ = PQconsumeInput(connection)
            // A notice or a parameter change is read and dropped with the rest; anything else
            // queued (nothing, between statements) would be handed out by the next PQgetResult.
            while PQisBusy(connection) == 0, let result = PQgetResult(connection) { PQclear(result) }
        }
    }
}
