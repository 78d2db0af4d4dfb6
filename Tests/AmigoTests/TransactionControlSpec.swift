import Foundation
import Testing
@testable import Amigo

/// Transaction control is a value the dialect writes (no engine reads the words back), and
/// `inTransaction` / `inSavepoint` are the one begin-run-commit-or-roll-back: an error of the
/// block is what is thrown, whatever the rollback does.
@Suite struct TransactionControlSpec {
    private struct Oops: Error {}

    @Test func sqlitesDialectWritesEveryControlWithQuotedSavepointNames() {
        let sqlite = SQLiteDialect()
        #expect(sqlite.transactionControlSQL(.begin(.deferred)) == "BEGIN")
        #expect(sqlite.transactionControlSQL(.begin(.immediate)) == "BEGIN IMMEDIATE")
        #expect(sqlite.transactionControlSQL(.begin(.exclusive)) == "BEGIN EXCLUSIVE")
        #expect(sqlite.transactionControlSQL(.begin(.readOnly)) == "BEGIN")
        #expect(sqlite.transactionControlSQL(.commit) == "COMMIT")
        #expect(sqlite.transactionControlSQL(.rollback) == "ROLLBACK")
        #expect(sqlite.transactionControlSQL(.savepoint(#"a "b""#)) == #"SAVEPOINT "a ""b""""#)
        #expect(sqlite.transactionControlSQL(.releaseSavepoint("s")) == #"RELEASE SAVEPOINT "s""#)
        #expect(sqlite.transactionControlSQL(.rollbackToSavepoint("s")) == #"ROLLBACK TO SAVEPOINT "s""#)
    }

    /// A name that would break unquoted SQL (a keyword, a space, a quote) works as a savepoint.
    @Test func anyNameWorksAsASavepoint() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (x INTEGER)")
        let name = #"select "all" of it"#
        try engine.execute(.begin(.deferred))
        try engine.execute(.savepoint(name))
        try engine.execute("INSERT INTO t (x) VALUES (?)", [.integer(1)])
        try engine.execute(.rollbackToSavepoint(name))
        try engine.execute(.releaseSavepoint(name))
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT count(*) FROM t") == .integer(0))
    }

    @Test func inTransactionCommitsWhatTheBlockDidAndRollsBackWhenItThrows() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (x INTEGER)")
        let log = EchoLog(engine.echo)
        let value = try engine.inTransaction(.immediate) { try engine.execute("INSERT INTO t (x) VALUES (1)", []).changes }
        #expect(value == 1)
        #expect(throws: Oops.self) {
            try engine.inTransaction { try engine.execute("INSERT INTO t (x) VALUES (2)", []); throw Oops() }
        }
        #expect(!engine.isInTransaction)
        #expect(try engine.fetchScalar("SELECT group_concat(x) FROM t") == .text("1"))
        #expect(log.statements == ["BEGIN IMMEDIATE", "INSERT INTO t (x) VALUES (1)", "COMMIT",
                                   "BEGIN", "INSERT INTO t (x) VALUES (2)", "ROLLBACK", "SELECT group_concat(x) FROM t"])
    }

    @Test func inSavepointReleasesRollsBackOrLeavesOpenAsAsked() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (x INTEGER)")
        try engine.execute(.begin(.deferred))
        try engine.inSavepoint("kept") { try engine.execute("INSERT INTO t (x) VALUES (1)", []) }
        try engine.inSavepoint("trial", ending: .rollBack) { try engine.execute("INSERT INTO t (x) VALUES (2)", []) }
        #expect(throws: Oops.self) {
            try engine.inSavepoint("failed") { try engine.execute("INSERT INTO t (x) VALUES (3)", []); throw Oops() }
        }
        try engine.inSavepoint("open", ending: .leaveOpen) { try engine.execute("INSERT INTO t (x) VALUES (4)", []) }
        #expect(try engine.fetchScalar("SELECT group_concat(x) FROM t") == .text("1,4"))
        try engine.execute(.rollbackToSavepoint("open"))     // still there to roll back to
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT group_concat(x) FROM t") == .text("1"))
    }

    /// The block's error is thrown even when the rollback after it fails too.
    @Test func aFailingRollbackNeverHidesTheBlocksError() throws {
        let engine = RollbackRefusingEngine(try SQLiteEngine(path: ":memory:"))
        #expect(throws: Oops.self) { try engine.inTransaction { throw Oops() } }
        #expect(engine.refusedRollbacks == 1)
        try engine.base.execute(.rollback)
        try engine.base.execute(.begin(.deferred))
        #expect(throws: Oops.self) { try engine.inSavepoint("s") { throw Oops() } }
        #expect(engine.refusedRollbacks == 2)
    }

    /// `atomically` nests as a savepoint inside an open transaction, else runs its own.
    @Test func atomicallyIsASavepointInsideATransactionAndATransactionOutside() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        let log = EchoLog(engine.echo)
        try engine.atomically(savepointName: "x") {}
        try engine.execute(.begin(.deferred))
        try engine.atomically(savepointName: "x") {}
        try engine.execute(.commit)
        #expect(log.statements == ["BEGIN", "COMMIT", "BEGIN", #"SAVEPOINT "x""#, #"RELEASE SAVEPOINT "x""#, "COMMIT"])
    }
}

/// A SQLite engine whose ROLLBACK and ROLLBACK TO fail, as they may on a lost connection.
private final class RollbackRefusingEngine: Engine, @unchecked Sendable {
    let base: SQLiteEngine
    private(set) var refusedRollbacks = 0
    init(_ base: SQLiteEngine) { self.base = base }

    var dialect: any SQLDialect { base.dialect }
    var echo: EchoStream { base.echo }
    var path: String { base.path }
    var isReadOnly: Bool { base.isReadOnly }
    var isInTransaction: Bool { base.isInTransaction }
    var transactionGate: TransactionGate { base.transactionGate }
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> ExecutionResult { try base.execute(sql, arguments) }
    func fetch(_ sql: String, _ arguments: [DatabaseValue], _ body: (StatementRow) throws -> Bool) throws -> Int {
        try base.fetch(sql, arguments, body)
    }
    func fetch(_ sql: String, _ arguments: [DatabaseValue], columns: ([String]) throws -> Void,
               _ body: (StatementRow) throws -> Bool) throws -> Int {
        try base.fetch(sql, arguments, columns: columns, body)
    }
    func executeRepeatedly(_ sql: String, _ argumentLists: [[DatabaseValue]]) throws -> Int {
        try base.executeRepeatedly(sql, argumentLists)
    }
    func executeScript(_ sql: String) throws { try base.executeScript(sql) }
    func execute(_ control: TransactionControl) throws {
        switch control {
        case .rollback, .rollbackToSavepoint:
            refusedRollbacks += 1
            throw AmigoError.database(DatabaseError(code: 10, message: "rollback refused (test)"))
        default:
            try base.execute(control)
        }
    }
    func serialized<T>(_ body: () throws -> T) rethrows -> T { try base.serialized(body) }
    func isReadOnlyStatement(_ sql: String) throws -> Bool { try base.isReadOnlyStatement(sql) }
    func setInterruptCheck(_ check: (() -> Bool)?) { base.setInterruptCheck(check) }
}

/// Every SQL text an engine echoed (statements and transaction control), in order.
private final class EchoLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    init(_ echo: EchoStream) {
        echo.isEnabled = true
        echo.subscribe { [weak self] event in self?.lock.withLock { self?.recorded.append(event.sql) } }
    }
    var statements: [String] { lock.withLock { recorded } }
}
