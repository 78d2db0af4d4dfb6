import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// More than one file: `attach FILE [AS NAME]` opens another SQLite file beside the first; its
/// tables are listed as `NAME.table`, browsed, filtered, followed and written through the same
/// session; `detach NAME` takes them away again.
@Suite struct AttachFilesSpec {
    /// Chinook open, with a private copy of Northwind to attach (deleted with the fixture).
    final class TwoFiles {
        let chinook: ChinookFixture
        let northwind: String

        init() throws {
            chinook = try ChinookFixture()
            northwind = try SampleDatabase.northwind.copy()
        }

        var explorer: Explorer { chinook.explorer }

        deinit { TemporaryFile.remove(northwind) }
    }

    @Test func exportNeverWritesOverAnAttachedFileOrItsJournalsEvenWithForce() throws {
        let files = try TwoFiles()
        let explorer = files.explorer
        _ = try explorer.run("attach '\(files.northwind)' AS nw")
        _ = try explorer.run("open Genre")
        let before = try Data(contentsOf: URL(fileURLWithPath: files.northwind))
        #expect(throws: ShellError.cannotWrite(path: files.northwind, reason: "it is a file attached to the open database")) {
            try explorer.run("export csv \(files.northwind) --force")
        }
        let wal = files.northwind + "-wal"
        let walName = (ExportGuard.resolved(wal) as NSString).lastPathComponent
        #expect(throws: ShellError.cannotWrite(path: wal, reason: "it is a file of a file attached to the open database (\(walName))")) {
            try explorer.run("export csv \(wal)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: files.northwind)) == before)
        #expect(!FileManager.default.fileExists(atPath: wal))
        // Detached, it is an ordinary SQLite file again: refused without --force only.
        _ = try explorer.run("detach nw")
        #expect(throws: ShellError.cannotWrite(path: files.northwind, reason: "it is an SQLite database (add --force to overwrite it)")) {
            try explorer.run("export csv \(files.northwind)")
        }
    }

    @Test func anAttachedFilesTablesAreListedQualifiedAndBrowsedFilteredAndFollowed() throws {
        let files = try TwoFiles()
        let explorer = files.explorer
        let attached = try explorer.run("attach '\(files.northwind)' AS nw")
        #expect(attached.status.hasPrefix("attached \(files.northwind) as nw (read-only; attach … rw to write it): "))
        let names = explorer.tables.map(\.name)
        #expect(names.contains("Artist") && names.contains("nw.Orders") && names.contains("nw.Customers"))
        #expect(try explorer.run("tables").output.contains("nw.Orders"))
        _ = try explorer.run("open nw.Orders")
        _ = try explorer.run("filter ShipCountry = 'France' AND customer.CompanyName BEGINSWITH 'Vins'")
        let france = try #require(explorer.current)
        #expect(france.totalCount == 5)
        let relations = try explorer.run("relations").output
        #expect(relations.contains("customer") && relations.contains("nw.Customers"))
        _ = try explorer.run("follow customer")
        #expect(explorer.current?.model?.name == "nw.Customers")
        #expect(try explorer.currentRecord()?["CompanyName"] == "Vins et alcools Chevalier")
        #expect(try explorer.run("schemas").output.contains("nw"))
    }

    @Test func writesToBothFilesGoThroughTheOneSessionAndOneCommit() throws {
        let files = try TwoFiles()
        let explorer = files.explorer
        _ = try explorer.run("attach \(files.northwind) as nw rw")
        _ = try explorer.run("open nw.Shippers")
        _ = try explorer.run("get 1")
        _ = try explorer.run("set CompanyName = 'Speedy'")
        _ = try explorer.run("open Artist")
        _ = try explorer.run("get 1")
        _ = try explorer.run("set Name = 'AC-DC'")
        #expect(explorer.pendingChanges == 2)
        // Attaching waits for the changes to be committed or rolled back.
        let refused = #expect(throws: ShellError.self) { try explorer.run("detach nw") }
        #expect(refused?.description.contains("commit or rollback first") == true)
        _ = try explorer.run("commit")
        let other = try SQLiteEngine(path: files.northwind)
        #expect(try other.fetchScalar("SELECT CompanyName FROM Shippers WHERE ShipperID = 1").textValue == "Speedy")
        #expect(try files.chinook.amigo.engine.fetchScalar("SELECT Name FROM Artist WHERE ArtistId = 1").textValue == "AC-DC")
    }

    @Test func aFileAttachedWithoutANameIsNamedAfterItsFileAndDetachTakesItsTablesAway() throws {
        let files = try TwoFiles()
        let explorer = files.explorer
        // A second copy: the same file is never attached twice.
        let second = try SampleDatabase.northwind.copy()
        defer { TemporaryFile.remove(second) }
        let stem = URL(fileURLWithPath: second).deletingPathExtension().lastPathComponent
        let name = AttachName.forFile(second, taken: [])
        #expect(name == String(stem.map { $0.isLetter || $0.isNumber ? $0 : "_" }))
        _ = try explorer.run("ATTACH DATABASE '\(files.northwind)' AS nw")   // sqlite3's form is the command
        _ = try explorer.run("attach \(second)")
        #expect(explorer.tables.contains { $0.name == name + ".Orders" })
        _ = try explorer.run("open nw.Orders")
        #expect(try explorer.run("detach nw").status == "detached nw")
        #expect(!explorer.tables.contains { $0.name.hasPrefix("nw.") })
        #expect(explorer.current?.model?.name != "nw.Orders")
        let gone = #expect(throws: AmigoError.self) { try explorer.run("detach nw") }
        #expect(gone?.description == "no file is attached as nw (attached: \(name))")
    }

    @Test func attachIsRefusedForAMissingFileATakenNameAndAsSQL() throws {
        let files = try TwoFiles()
        let explorer = files.explorer
        let missing = #expect(throws: AmigoError.self) { try explorer.run("attach /nonexistent/x.sqlite AS x") }
        #expect(missing?.description == "cannot attach /nonexistent/x.sqlite as x: no such file")
        let sql = #expect(throws: ShellError.self) { try explorer.run("sql ATTACH '\(files.northwind)' AS nw") }
        #expect(sql?.description.contains("the attach command does it") == true)
        #expect(throws: ShellError.self) { try explorer.run("attach a b c") }
        _ = try explorer.run("attach \(files.northwind) AS nw")
        let taken = #expect(throws: AmigoError.self) { try explorer.run("attach \(files.northwind) AS NW") }
        #expect(taken?.description.hasSuffix("a file is attached as NW already") == true)
    }

    @Test func theAttachNameIsAPlainNameNotTaken() {
        #expect(AttachName.forFile("/data/archive.sqlite", taken: []) == "archive")
        #expect(AttachName.forFile("sales 2024.v2.db", taken: []) == "sales_2024_v2")
        #expect(AttachName.forFile("archive.sqlite", taken: ["Archive", "archive2"]) == "archive3")
        #expect(AttachName.forFile("main.db", taken: []) == "main2")
        #expect(AttachName.forFile("2024.db", taken: []) == "_2024")
    }
}

extension AttachFilesSpec {
    @Test func aScriptsATTACHPrintsNothingAsInSqlite3AndItsTablesAreQueriedAndOpened() throws {
        let files = try TwoFiles()
        var output: [String] = []
        let runner = TextModeRunner(explorer: files.explorer, echo: false, mode: .list, header: false,
                                    output: { output.append($0) }, errors: { Issue.record("unexpected error: \($0)") })
        for line in ["ATTACH DATABASE '\(files.northwind)' AS nw;", "SELECT count(*) FROM nw.Shippers;", "DETACH DATABASE nw;"] {
            _ = runner.run(line)
        }
        #expect(output.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) == "3")
    }
}

extension AttachFilesSpec {
    @Test func anotherProgramsCommitToAnAttachedFileIsNoticedAndReadAgain() throws {
        let files = try TwoFiles()
        let explorer = files.explorer
        _ = try explorer.run("attach \(files.northwind) as nw")
        _ = try explorer.run("open nw.Shippers")
        #expect(explorer.current?.totalCount == 3)
        #expect(try !explorer.fileChangedElsewhere())
        explorer.releaseIdleLocks()
        let other = try SQLiteEngine(path: files.northwind)
        try other.execute("INSERT INTO Shippers (CompanyName) VALUES ('Elsewhere')", [])
        #expect(try explorer.fileChangedElsewhere())
        #expect(explorer.refreshIfChangedElsewhere())
        #expect(explorer.current?.totalCount == 4)
        // A table added to the attached file elsewhere is listed after the refresh.
        explorer.releaseIdleLocks()
        try other.execute("CREATE TABLE Depots (id INTEGER PRIMARY KEY, city TEXT)", [])
        #expect(explorer.refreshIfChangedElsewhere())
        #expect(explorer.tables.contains { $0.name == "nw.Depots" })
    }
}

extension AttachFilesSpec {
    @Test func tabCompletesTheFileThenASAndDetachTheAttachedNames() throws {
        let files = try TwoFiles()
        let explorer = files.explorer
        let folder = URL(fileURLWithPath: files.northwind).deletingLastPathComponent().path + "/"
        let file = URL(fileURLWithPath: files.northwind).lastPathComponent
        func complete(_ line: String) -> [String] {
            let start = line.lastIndex(of: " ").map { line.index(after: $0) } ?? line.startIndex
            return Completion.candidates(line: line, wordStart: line.distance(from: line.startIndex, to: start),
                                         word: String(line[start...]), kind: .command, explorer: explorer)
        }
        #expect(complete("attach " + folder + String(file.prefix(12))).contains(folder + file))
        #expect(complete("attach x.sqlite a") == ["AS"])
        #expect(complete("detach ").isEmpty)
        _ = try explorer.run("attach \(files.northwind) AS nw")
        #expect(complete("detach ") == ["nw"])
    }
}
