import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Answers that were wrong and messages that misled: each now right, and each refusal one line.
@Suite struct RightAnswersSpec {
    /// An explorer over a new file: `u(id, x untyped, "a.b" INTEGER, g generated)`.
    private func explorer() throws -> (Explorer, String) {
        let path = TemporaryFile.path("right-answers")
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE u (id INTEGER PRIMARY KEY, x, "a.b" INTEGER, g INTEGER GENERATED ALWAYS AS (id * 2) VIRTUAL);
            INSERT INTO u (id, x, "a.b") VALUES (1, 'q', 5), (2, 'r', 3), (3, 's', 9);
            """)
        return (try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path), path)
    }

    @Test func aBareNumberSetOnAnUntypedColumnIsStoredAsANumberAndFoundByFilter() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        _ = try explorer.run("open u")
        _ = try explorer.run("set x = 7")
        _ = try explorer.run("commit")
        #expect(try explorer.amigo.engine.fetchScalar("SELECT typeof(x) FROM u WHERE id = 1").textValue == "integer")
        _ = try explorer.run("filter x = 7")
        #expect(explorer.current?.totalCount == 1)
        _ = try explorer.run("filter")
        _ = try explorer.run("get 2")
        _ = try explorer.run("set x = 2.5")
        #expect(try explorer.amigo.engine.fetchScalar("SELECT typeof(x) FROM u WHERE id = 2").textValue == "real")
        _ = try explorer.run("set x = '7'")
        #expect(try explorer.amigo.engine.fetchScalar("SELECT typeof(x) FROM u WHERE id = 2").textValue == "text")
    }

    @Test func orderAndStatsOnAColumnNamedWithADotWorkWhenQuoted() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        _ = try explorer.run("open u")
        for quoted in [#""a.b""#, "`a.b`", "[a.b]"] {
            _ = try explorer.run("order \(quoted) desc")
            #expect(try explorer.values(in: 0..<3).map { $0[0] } == [3, 1, 2], "\(quoted)")
            let stats = try explorer.run("stats \(quoted)").output
            #expect(stats.contains("max       9") && stats.contains("sum       17"), "\(quoted): \(stats)")
        }
    }

    @Test func aPragmaThatOnlyAsksIsARead() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        #expect(try !explorer.sqlWrites("PRAGMA journal_mode"))
        #expect(try explorer.run("sql PRAGMA journal_mode").output.contains("delete"))
        #expect(throws: ShellError.self) { try explorer.sqlWrites("PRAGMA journal_mode = WAL") }
    }

    @Test func sqlWithOnlyACommentSaysThereIsNothingToRun() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        for text in ["sql --", "sql /* x */", "sql -- a\n;"] {
            do {
                _ = try explorer.run(text)
                Issue.record("\(text) ran")
            } catch {
                let message = ErrorText.describe(error)
                #expect(message == "sql: usage: sql SELECT … (only a comment was given: nothing to run)", "\(text): \(message)")
            }
        }
        // The library says the same in its own words, never SQLite's "not an error".
        #expect {
            try explorer.amigo.engine.fetch("-- nothing", []) { _ in true }
        } throws: { error in
            !ErrorText.describe(error).contains("not an error") && ErrorText.describe(error).contains("nothing to run")
        }
    }

    @Test func setOnAGeneratedColumnIsRefusedInOneClearLine() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        _ = try explorer.run("open u")
        #expect(throws: ShellError.generatedColumnNotEditable(command: "set", column: "g", table: "u")) {
            try explorer.run("set g = 3")
        }
        let message = ShellError.generatedColumnNotEditable(command: "set", column: "g", table: "u").description
        #expect(!message.contains("\n") && message.hasPrefix("set: g is a generated column of u"))
    }

    @Test func aFIFOAFolderAndAHotJournalOpenedReadOnlyGetClearMessages() throws {
        let folder = TemporaryFile.path("odd-files")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo.sqlite"
        #expect(mkfifo(fifo, 0o600) == 0)
        func openError(_ path: String, readOnly: Bool = false) -> String {
            do {
                _ = try AmigoDatabase(reflecting: path, options: OpenOptions(readOnly: readOnly))
                return "opened"
            } catch {
                return ErrorText.describe(error)
            }
        }
        #expect(openError(fifo) == "cannot open \(fifo): it is a named pipe (FIFO), not a database file")
        #expect(openError(folder) == "cannot open \(folder): it is a folder, not a database file")

        // A hot journal: a copy of a file and its journal taken in the middle of a transaction.
        let source = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(source) }
        let writer = try SQLiteEngine(path: source)
        try writer.execute("PRAGMA cache_size = 1", [])
        try writer.execute(.begin(.deferred))
        try writer.execute("UPDATE Track SET Name = Name || 'x'", [])
        let hot = folder + "/hot.sqlite"
        try FileManager.default.copyItem(atPath: source, toPath: hot)
        try FileManager.default.copyItem(atPath: source + "-journal", toPath: hot + "-journal")
        try writer.execute(.rollback)
        let message = openError(hot, readOnly: true)
        #expect(message.hasPrefix("cannot open \(hot): it has an unfinished transaction (a hot journal, \(hot)-journal) that only a read-write open can roll back"), "\(message)")
        #expect(FileManager.default.fileExists(atPath: hot + "-journal"))   // left for a read-write open
    }

    @Test(.enabled(if: getuid() != 0, "root reads every file")) func anUnreadableFileSaysPermissionDenied() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        chmod(path, 0)
        defer { chmod(path, 0o644) }
        #expect(throws: AmigoError.self) { try AmigoDatabase(reflecting: path) }
        do { _ = try AmigoDatabase(reflecting: path) } catch {
            #expect(ErrorText.describe(error).contains("permission denied"))
        }
    }
}
