import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// An export is complete or absent: a file gets every row or keeps what it had (stopped by the
/// interrupt, or a full disk), no temporary file is left beside it, and a stream says how many
/// rows went out before it stopped.
@Suite struct ExportCompletenessSpec {
    /// A folder holding `big.sqlite` (table `t`: 50,000 rows of an id, a name and a 16-byte
    /// BLOB) and an empty `out` folder for exports; removed by ``remove()``.
    struct Workspace {
        let folder = TemporaryFile.path("export", ext: "d")
        var database: String { folder + "/big.sqlite" }
        var out: String { folder + "/out" }

        init() throws {
            try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
            let engine = try SQLiteEngine(path: folder + "/big.sqlite", options: OpenOptions(create: true))
            try engine.executeScript("""
                CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, data BLOB);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
                  INSERT INTO t SELECT i, 'row ' || i, randomblob(16) FROM n;
                """)
        }

        /// An explorer on the database with `t` open.
        func explorer() throws -> Explorer {
            let explorer = try Explorer(amigo: AmigoDatabase(reflecting: database), displayPath: "big.sqlite")
            _ = try explorer.run("open t")
            return explorer
        }

        /// The names in the `out` folder.
        func outFiles() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: out).sorted() }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Counts the engine's interrupt checks; says stop from the `after`-th on (a few thousand rows in).
    final class StopAfter: @unchecked Sendable {
        let after: Int
        var calls = 0
        init(_ after: Int) { self.after = after }
        func check() -> Bool { calls += 1; return calls >= after }
    }

    @Test func aStoppedExportLeavesNoFileAndNoTemporaryFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let explorer = try workspace.explorer()
        defer { try? explorer.session.close() }
        let stop = StopAfter(20)
        explorer.amigo.engine.setInterruptCheck(stop.check)
        let target = workspace.out + "/t.csv"
        #expect(throws: ShellError.exportStopped(path: target, rowsWritten: nil)) { try explorer.run("export csv \(target)") }
        #expect(ErrorText.describe(ShellError.exportStopped(path: target, rowsWritten: nil)) == "export stopped; nothing written to \(target)")
        #expect(try workspace.outFiles() == [])
    }

    @Test func aStoppedExportKeepsTheOldFileByteForByte() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let explorer = try workspace.explorer()
        defer { try? explorer.session.close() }
        let target = workspace.out + "/t.json"
        let old = Data("the old export\n".utf8)
        #expect(FileManager.default.createFile(atPath: target, contents: old))
        let stop = StopAfter(20)
        explorer.amigo.engine.setInterruptCheck(stop.check)
        #expect(throws: ShellError.exportStopped(path: target, rowsWritten: nil)) { try explorer.run("export json \(target)") }
        #expect(FileManager.default.contents(atPath: target) == old)
        #expect(try workspace.outFiles() == ["t.json"])
    }

    @Test func aStoppedExportToStandardOutputSaysHowManyRowsWentOut() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let explorer = try workspace.explorer()
        defer { try? explorer.session.close() }
        var written = ""
        explorer.standardOutputWriter = { written += $0 }
        let stop = StopAfter(20)
        explorer.amigo.engine.setInterruptCheck(stop.check)
        var rows: Int?
        do {
            _ = try explorer.run("export csv -")
            Issue.record("the export was not stopped")
        } catch ShellError.exportStopped(let path, let count) {
            #expect(path == "-")
            rows = count
        }
        let count = try #require(rows)
        #expect(count > 0 && count < 50_000)
        // Whole rows, each one line after the header, all of them written out.
        #expect(written.hasSuffix("\r\n"))
        #expect(written.components(separatedBy: "\r\n").count - 2 == count)
        #expect(ErrorText.describe(ShellError.exportStopped(path: "-", rowsWritten: 1234)) == "export stopped after 1234 rows")
    }

    @Test func aFinishedExportReplacesTheFileAndKeepsItsMode() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let explorer = try workspace.explorer()
        defer { try? explorer.session.close() }
        let target = workspace.out + "/t.csv"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(try explorer.run("export csv \(target)").output == "wrote 50000 rows to \(target)")
        let text = String(decoding: try #require(FileManager.default.contents(atPath: target)), as: UTF8.self)
        #expect(text.hasPrefix("id,name,data\r\n1,row 1,"))
        #expect(text.components(separatedBy: "\r\n").count == 50_002)
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o600)
        #expect(try workspace.outFiles() == ["t.csv"])
    }

    @Test func anExportThroughASymbolicLinkReplacesTheFileItPointsAt() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let explorer = try workspace.explorer()
        defer { try? explorer.session.close() }
        try FileManager.default.createDirectory(atPath: workspace.out + "/real", withIntermediateDirectories: true)
        let real = workspace.out + "/real/t.csv"
        #expect(FileManager.default.createFile(atPath: real, contents: Data("old".utf8)))
        try FileManager.default.createSymbolicLink(atPath: workspace.out + "/link.csv", withDestinationPath: "real/t.csv")
        // A link to a file not made yet: the file is made where it points.
        try FileManager.default.createSymbolicLink(atPath: workspace.out + "/dangling.csv", withDestinationPath: "real/new.csv")
        for link in ["link.csv", "dangling.csv"] {
            _ = try explorer.run("export csv \(workspace.out)/\(link)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.out + "/" + link).hasPrefix("real/"))
        }
        for file in [real, workspace.out + "/real/new.csv"] {
            let text = String(decoding: try #require(FileManager.default.contents(atPath: file)), as: UTF8.self)
            #expect(text.hasPrefix("id,name,data\r\n1,row 1,"), "\(file)")
        }
        #expect(try workspace.outFiles() == ["dangling.csv", "link.csv", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.out + "/real").sorted() == ["new.csv", "t.csv"])
    }

    @Test func aLinkToAJournalNotMadeYetIsRefused() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let explorer = try workspace.explorer()
        defer { try? explorer.session.close() }
        let link = workspace.out + "/journal.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: workspace.database + "-journal")
        #expect(throws: ShellError.cannotWrite(path: link, reason: "it is a file of the open database (big.sqlite-journal)")) {
            try explorer.run("export csv \(link)")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.database + "-journal"))
    }

    @Test func aFullDeviceWrittenInPlaceSaysSoInOneLine() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Track")
        #expect(throws: ShellError.cannotWrite(path: "/dev/full", reason: "No space left on device")) {
            try f.explorer.run("export csv /dev/full")
        }
    }

    /// A full disk under the temporary file (an injected `write(2)` that fails with ENOSPC once
    /// some bytes are in): the old file keeps its bytes and the temporary file is removed.
    @Test func aFullDiskLeavesTheOldFileAndNoTemporaryFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let target = workspace.out + "/t.csv"
        let old = Data("old rows\r\n".utf8)
        #expect(FileManager.default.createFile(atPath: target, contents: old))
        var room = 100
        let replacement = try FileReplacement(path: target) { descriptor, bytes in
            guard room > 0 else { errno = ENOSPC; return -1 }
            let written = Glibc.write(descriptor, bytes.baseAddress, min(bytes.count, room))
            room -= written
            return written
        }
        #expect(try workspace.outFiles().count == 2)
        try replacement.write(String(repeating: "a", count: 60))
        #expect(throws: ShellError.exportDiscarded(path: target, reason: "No space left on device")) {
            try replacement.write(String(repeating: "b", count: 60))
        }
        #expect(ErrorText.describe(ShellError.exportDiscarded(path: target, reason: "No space left on device"))
                == "cannot write \(target): No space left on device; nothing written")
        #expect(FileManager.default.contents(atPath: target) == old)
        #expect(try workspace.outFiles() == ["t.csv"])
    }
}
