import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// `export` writes only where meant: never over the open database or its journals, not over
/// another SQLite file without --force, and never hangs on a FIFO nobody reads.
@Suite struct ExportGuardSpec {
    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func theOpenDatabaseIsRefusedByNameLinkAndJournalAndSurvivesByteForByte() throws {
        let f = try ChinookFixture(options: OpenOptions(readOnly: true))
        _ = try f.explorer.run("open Genre")
        let before = try #require(bytes(f.path))
        let link = TemporaryFile.path("link-to-db", ext: "csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: f.path)
        defer { try? FileManager.default.removeItem(atPath: link) }
        for target in [f.path, link, f.path + "-journal", f.path + "-wal"] {
            #expect(throws: ShellError.self) { try f.explorer.run("export csv \(target)") }
            do { _ = try f.explorer.run("export csv \(target)") } catch {
                #expect(ErrorText.describe(error).contains("it is "), "\(target): \(ErrorText.describe(error))")
            }
        }
        #expect(bytes(f.path) == before)
        #expect(!FileManager.default.fileExists(atPath: f.path + "-journal"))
        #expect(!FileManager.default.fileExists(atPath: f.path + "-wal"))
    }

    @Test func anotherSQLiteFileNeedsForce() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Genre")
        let other = try SampleDatabase.northwind.copy()
        defer { TemporaryFile.remove(other) }
        let before = try #require(bytes(other))
        #expect(throws: ShellError.cannotWrite(path: other, reason: "it is an SQLite database (add --force to overwrite it)")) {
            try f.explorer.run("export csv \(other)")
        }
        #expect(bytes(other) == before)
        let result = try f.explorer.run("export csv \(other) --force")
        #expect(result.output == "wrote 25 rows to \(other)")
        #expect(String(decoding: try #require(bytes(other)), as: UTF8.self).hasPrefix("GenreId,Name\r\n1,Rock\r\n"))
    }

    @Test func aFIFOWithoutAReaderIsAnErrorNotAHang() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Genre")
        let fifo = TemporaryFile.path("fifo", ext: "csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        #expect(throws: ShellError.cannotWrite(path: fifo, reason: "no program is reading it")) {
            try f.explorer.run("export csv \(fifo)")
        }
    }

    @Test func jsonEscapesC0C1AndDelete() {
        #expect(JSONFormatter.string("a\u{1b}]0;x\u{07}b\u{9b}c\u{7f}d") == #""a\u001b]0;x\u0007b\u009bc\u007fd""#)
        #expect(JSONFormatter.string("Straße ✓") == #""Straße ✓""#)
    }

    /// A database opened through a symbolic link: SQLite keeps its journal, WAL and shared
    /// memory beside the real file, and none of them may be written however its name is spelled
    /// (the real name, `..`, another case, a hard link).
    @Test func filesOfADatabaseOpenedThroughALinkAreRefusedByTheirRealNames() throws {
        let folder = TemporaryFile.path("linked", ext: "d")
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = folder + "/real.sqlite"
        try FileManager.default.copyItem(atPath: try SampleDatabase.chinook.copy(), toPath: real)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.sqlite", withDestinationPath: real)
        try FileManager.default.linkItem(atPath: real, toPath: folder + "/hard.sqlite")
        do {
            // WAL, with another program's commit in the WAL file.
            let other = try SQLiteEngine(path: real)
            _ = try other.execute("PRAGMA journal_mode=WAL", [])
            _ = try other.execute("INSERT INTO Genre (Name) VALUES ('Zydeco')", [])
        }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: folder + "/link.sqlite"), displayPath: "link.sqlite")
        defer { try? explorer.session.close() }
        _ = try explorer.run("open Genre")
        let targets = [real, real + "-journal", real + "-wal", real + "-shm", folder + "/sub/../real.sqlite-wal",
                       folder + "/REAL.sqlite-WAL", folder + "/hard.sqlite", folder + "/link.sqlite-journal"]
        for target in targets {
            do {
                _ = try explorer.run("export csv \(target)")
                Issue.record("\(target) was written")
            } catch {
                #expect(ErrorText.describe(error).contains("it is "), "\(target): \(ErrorText.describe(error))")
            }
        }
        // Every committed row is still there, read by another connection.
        let check = try SQLiteEngine(path: real)
        #expect(try check.fetchScalar("SELECT count(*) FROM Genre", []).integerValue == 26)
        #expect(try check.fetchScalar("PRAGMA integrity_check", []).textValue == "ok")
    }
}
