import Amigo
import Foundation

/// SQL that writes (`sql` with INSERT, UPDATE, DELETE or DDL), run through the session.
extension Editor {
    /// Whether `sql` writes. Transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE),
    /// ATTACH, DETACH, VACUUM and PRAGMAs that set something are refused: the session owns the
    /// transaction (`commit` and `rollback` end it). On a read-only file every write is refused.
    func sqlWrites(_ sql: String) throws -> Bool {
        let kind = StatementKind.of(sql)
        let readOnly: Bool
        do {
            readOnly = try amigo.engine.isReadOnlyStatement(sql)
        } catch {
            // A write SQLite cannot prepare is run anyway, so that its own error is reported.
            guard !kind.isQuery, kind != .other else { throw error }
            readOnly = false
        }
        if readOnly { return false }
        switch StatementKind.of(sql, readsOnly: false) {
        case .transaction:
            throw ShellError.writeRefused(command: "sql", reason: "\(SQLText.leadingKeyword(of: sql)) is not run here: the session owns the transaction; commit keeps its changes, rollback undoes them")
        case .maintenance where StatementKind.cannotRunInTransaction(sql):
            let keyword = SQLText.leadingKeyword(of: sql)
            let instead = ["ATTACH", "DETACH"].contains(keyword) ? " (the \(keyword.lowercased()) command does it, between transactions)" : ""
            throw ShellError.writeRefused(command: "sql", reason: "\(keyword) is not run here: it cannot run inside the session's transaction" + instead)
        case .setting where database.isSQLite:
            throw ShellError.writeRefused(command: "sql", reason: "a PRAGMA that sets something is not run here (reading PRAGMAs are)")
        default:
            break
        }
        if amigo.engine.isReadOnly {
            throw ShellError.readOnlyDatabase(command: "sql", path: database.displayPath, reason: database.amigo.engine.readOnlyReason)
        }
        return true
    }

    /// A writing statement, run through the session (inside a savepoint); after DDL the models
    /// are reflected again, keeping the session's pending changes, so a new table opens at once.
    ///
    /// With `recountingTables` false (a script's statements, run one after another), the table
    /// counts are read again when next listed instead of after every statement. The rows the
    /// statement returns (`RETURNING`) go to `returned`, if given.
    func previewSQLWrite(_ sql: String, recountingTables: Bool = true, returned: ReturnedRows? = nil) throws -> PendingWrite {
        guard try sqlWrites(sql) else { throw ShellError.writeRefused(command: "sql", reason: "the statement only reads") }
        let first = SQLText.leadingKeyword(of: sql)
        return PendingWrite(command: "sql", title: "run \(first)", statements: [sql], cascade: nil,
                            run: {
                                let version = watcher.schemaVersion()
                                let result = try returned.map { try session.execute(sql, returning: $0.columns, $0.row) } ?? session.execute(sql)
                                if watcher.schemaVersion() != version {
                                    pending.schemaChangesPending += 1
                                    return "\(first) done (schema changed)"
                                }
                                if result.changes == 0 {
                                    // TRUNCATE, a DO block, REFRESH MATERIALIZED VIEW … report no rows but
                                    // may have changed data: pending all the same, so that nothing
                                    // (the idle rollback, a quit) drops it before commit.
                                    pending.unreportedWritesPending += 1
                                    return "\(first) done (rows changed: not reported)"
                                }
                                return Plural.count(result.changes, "row") + " changed"
                            },
                            settle: {
                                let schemaChanged = watcher.schemaChangedSinceReflection
                                if schemaChanged { try refresher.reflectAgain(keepingChanges: true) }
                                if recountingTables || schemaChanged { try tableList.reload() } else { tableList.countsAreStale = true }
                                try navigator.reloadCurrentView()
                            })
    }
}
