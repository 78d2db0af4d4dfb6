import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// sqlite3's `.open` in text mode: the lines after it run on another file (or a database in
/// memory), never while changes are pending, read-only after `--read-only`.
@Suite struct SQLite3OpenSpec {
    /// A runner on a fresh file with table `t`, what it printed, and the file.
    private func runner() throws -> (TextModeRunner, () -> String, String) {
        let run = try ScratchTextRun("open-first", schema: "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)", mode: .list, header: false)
        return (run.runner, run.printed, run.path)
    }

    @Test(".open FILE makes the file (when missing) and runs the next lines on it; the first file keeps its tables")
    func opensAnotherFile() throws {
        let (runner, printed, first) = try runner()
        let second = TemporaryFile.path("open-second")
        defer { TemporaryFile.remove(first); TemporaryFile.remove(second) }
        runner.run(".open \(second)")
        runner.run("CREATE TABLE u(x);")
        runner.run("INSERT INTO u VALUES (7);")
        runner.run(".tables")
        runner.run("SELECT x FROM u;")
        #expect(printed() == "u\n7\n")
        #expect(runner.explorer.databaseFile == second)
        #expect(try SQLiteEngine(path: first).fetchScalar("SELECT group_concat(name) FROM sqlite_schema") == .text("t"))
        runner.run(".open")
        runner.run(".tables")
        runner.run("SELECT 1;")
        #expect(printed() == "1\n")
    }

    @Test(".open is refused while a change is pending; the database open stays, with the change")
    func refusedWithPendingChanges() throws {
        let (runner, printed, first) = try runner()
        defer { TemporaryFile.remove(first) }
        runner.run("open t")
        runner.run("insert b='x'")
        _ = printed()
        runner.run(".open \(TemporaryFile.path("never"))")
        #expect(printed().contains("error: open: commit or roll back the changes first"))
        #expect(runner.explorer.databaseFile == first)
        #expect(runner.explorer.pendingChanges == 1)
        runner.run("rollback")
    }

    @Test("after --read-only, a file .open opens is read-only too; --new never empties the file open now")
    func readOnlyHoldsAndNewSparesTheOpenFile() throws {
        let (runner, printed, first) = try runner()
        let second = TemporaryFile.path("open-ro")
        defer { TemporaryFile.remove(first); TemporaryFile.remove(second) }
        try SQLiteEngine(path: second, options: OpenOptions(create: true)).executeScript("CREATE TABLE v(y); INSERT INTO v VALUES (1)")
        runner.run(".open --new \(first)")
        #expect(printed().contains("it is the open database"))
        runner.opensReadOnly = true
        runner.run(".open \(second)")
        runner.run("INSERT INTO v VALUES (2);")
        #expect(printed().contains("error:"))
        #expect(try SQLiteEngine(path: second).fetchScalar("SELECT count(*) FROM v") == .integer(1))
    }

    @Test(".open --new on a folder removes nothing in it and opens nothing (sqlite3 deletes files, never folders)")
    func newNeverRemovesAFolder() throws {
        let (runner, printed, first) = try runner()
        let folder = TemporaryFile.path("open-new-folder")
        defer { TemporaryFile.remove(first); try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/inside", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/inside/file.txt"))
        runner.run(".open --new \(folder)")
        #expect(printed().contains("error:"))
        #expect(FileManager.default.fileExists(atPath: folder + "/inside/file.txt"))
    }

    @Test("after a failed .open the next lines run on an empty database in memory, as in sqlite3, never on the file open before")
    func failedOpenNeverWritesTheFileOpenBefore() throws {
        let (runner, printed, first) = try runner()
        defer { TemporaryFile.remove(first) }
        runner.run(".open \(first)/no/such/folder.sqlite")
        #expect(printed().contains("note: using an empty database in memory instead of"))
        runner.run("DROP TABLE IF EXISTS t;")
        runner.run("SELECT count(*) FROM sqlite_schema;")
        #expect(printed() == "0\n")
        #expect(try SQLiteEngine(path: first).fetchScalar("SELECT count(*) FROM sqlite_schema WHERE name = 't'") == .integer(1))
    }
}
