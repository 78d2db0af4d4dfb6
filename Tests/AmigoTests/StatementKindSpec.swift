import Amigo
import Testing

/// One classifier tells what a statement does, for every engine and for the shell.
@Suite struct StatementKindSpec {
    @Test("statements by their leading words, any case, after comments", arguments: [
        ("select 1", StatementKind.query),
        ("  -- a comment\n/* another */ SELECT * FROM t", .query),
        ("VALUES (1), (2)", .query),
        ("WITH x AS (SELECT 1) SELECT * FROM x", .query),
        ("WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", .dataChange),
        ("WITH x AS (SELECT 'INSERT') SELECT * FROM x", .query),
        ("EXPLAIN QUERY PLAN SELECT 1", .query),
        ("EXPLAIN ANALYZE SELECT 1", .query),
        ("EXPLAIN ANALYZE DELETE FROM t", .dataChange),
        ("PRAGMA journal_mode", .query),
        ("PRAGMA table_info(Track)", .query),
        ("PRAGMA journal_mode = WAL", .setting),
        ("insert into t values (1)", .dataChange),
        ("UPDATE t SET a = 1", .dataChange),
        ("DELETE FROM t", .dataChange),
        ("REPLACE INTO t VALUES (1)", .dataChange),
        ("TRUNCATE t", .dataChange),
        ("CREATE TABLE t (a)", .schemaChange),
        ("drop view v", .schemaChange),
        ("SELECT * INTO copy FROM t", .schemaChange),
        ("BEGIN", .transaction(.begin)),
        ("BEGIN IMMEDIATE TRANSACTION", .transaction(.begin)),
        ("START TRANSACTION", .transaction(.begin)),
        ("COMMIT", .transaction(.commit)),
        ("end transaction", .transaction(.commit)),
        ("ROLLBACK", .transaction(.rollback)),
        ("ABORT", .transaction(.rollback)),
        ("ROLLBACK TO SAVEPOINT a", .transaction(.rollbackToSavepoint)),
        ("rollback transaction to a", .transaction(.rollbackToSavepoint)),
        ("SAVEPOINT a", .transaction(.savepoint)),
        ("RELEASE a", .transaction(.release)),
        ("PREPARE TRANSACTION 'x'", .transaction(.twoPhase)),
        ("COMMIT PREPARED 'x'", .transaction(.twoPhase)),
        ("SET search_path = x", .setting),
        ("ATTACH 'b.sqlite' AS b", .maintenance),
        ("VACUUM", .maintenance),
        ("", .other),
        ("-- only a comment", .other),
        ("frobnicate", .other),
    ])
    func kinds(sql: String, kind: StatementKind) {
        #expect(StatementKind.of(sql) == kind, "\(sql)")
    }

    @Test func onlyTheFirstStatementCounts() {
        #expect(StatementKind.of("SELECT 1; DELETE FROM t") == .query)
        #expect(StatementKind.of("DELETE FROM t; SELECT 1") == .dataChange)
    }

    @Test func wordsInsideQuotesAndBracketsAreNotWords() {
        #expect(StatementKind.of("SELECT \"INTO\" FROM t") == .query)
        #expect(StatementKind.of("SELECT [into] FROM t") == .query)
        #expect(StatementKind.of("SELECT 'a -- b' INTO x") == .schemaChange)
    }

    @Test func whatCannotRunInsideATransaction() {
        #expect(StatementKind.cannotRunInTransaction("vacuum"))
        #expect(StatementKind.cannotRunInTransaction("ATTACH 'x' AS y"))
        #expect(!StatementKind.cannotRunInTransaction("ANALYZE"))
    }

    @Test func aLineIsSplitIntoItsStatementsWhereSQLiteSaysOneIsComplete() {
        #expect(SQLText.statements(in: "BEGIN; INSERT INTO t VALUES ('a;b'); COMMIT;") == ["BEGIN;", " INSERT INTO t VALUES ('a;b');", " COMMIT;"])
        #expect(SQLText.statements(in: "CREATE TRIGGER x AFTER INSERT ON t BEGIN DELETE FROM t; END;").count == 1)
        #expect(SQLText.statements(in: "SELECT 1") == ["SELECT 1"])
        #expect(SQLText.statements(in: "SELECT 1; -- done") == ["SELECT 1;"])
    }
}
