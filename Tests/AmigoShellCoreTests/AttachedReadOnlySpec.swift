import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// A file attached with `attach` is read-only unless asked (`rw`): its tables are marked in the
/// list, a write to them is refused with a line that names the file and says how to attach it
/// writable, and nothing else pending is lost. More files on the command line are opened as the
/// first is. The title names every open file.
@Suite struct AttachedReadOnlySpec {
    @Test func attachIsReadOnlyUnlessAskedAndAWriteToItSaysHowLosingNothingPending() throws {
        let files = try AttachFilesSpec.TwoFiles()
        let explorer = files.explorer
        let said = try explorer.run("attach '\(files.northwind)' AS nw")
        #expect(said.status.hasPrefix("attached \(files.northwind) as nw (read-only; attach … rw to write it): "))
        #expect(explorer.attachments == [AttachedFile(name: "nw", path: files.northwind, isReadOnly: true)])
        let shippers = try #require(explorer.tables.first { $0.name == "nw.Shippers" })
        #expect(shippers.listMark == "⊘ " && shippers.kindText == "table, read-only")
        #expect(explorer.tables.first { $0.name == "Artist" }?.listMark == "")
        let listed = try explorer.run("tables").output.split(separator: "\n").first { $0.hasPrefix("nw.Shippers ") }
        #expect(listed?.contains(" table, read-only ") == true)
        _ = try explorer.run("open Artist")
        _ = try explorer.run("get 1")
        _ = try explorer.run("set Name = 'AC-DC'")
        #expect(explorer.pendingChanges == 1)
        _ = try explorer.run("open nw.Shippers")
        _ = try explorer.run("get 1")
        let how = "to write it: detach nw, then attach \(files.northwind) AS nw rw; nothing was written, pending changes are kept"
        let set = #expect(throws: ShellError.self) { try explorer.run("set CompanyName = 'Speedy'") }
        #expect(set?.description == "set: nw.Shippers is read-only (nw is attached without rw); \(how)")
        let delete = #expect(throws: ShellError.self) { try explorer.run("delete") }
        #expect(delete?.description == "delete: nw.Shippers is read-only (nw is attached without rw); \(how)")
        let sql = #expect(throws: ShellError.self) { try explorer.run("sql UPDATE nw.Shippers SET Phone = '0'") }
        #expect(sql?.description == "sql: nw is attached read-only (without rw); \(how)")
        #expect(explorer.pendingChanges == 1)
        _ = try explorer.run("commit")
        #expect(try files.chinook.amigo.engine.fetchScalar("SELECT Name FROM Artist WHERE ArtistId = 1").textValue == "AC-DC")
        // Attached again with rw, it is written.
        _ = try explorer.run("detach nw")
        #expect(try explorer.run("attach \(files.northwind) AS nw rw").status.hasPrefix("attached \(files.northwind) as nw: "))
        #expect(explorer.tables.first { $0.name == "nw.Shippers" }?.listMark == "")
        _ = try explorer.run("open nw.Shippers")
        _ = try explorer.run("get 1")
        _ = try explorer.run("set CompanyName = 'Speedy'")
        _ = try explorer.run("commit")
        #expect(try SQLiteEngine(path: files.northwind).fetchScalar("SELECT CompanyName FROM Shippers WHERE ShipperID = 1").textValue == "Speedy")
    }

    @Test func attachReadsAFileANameAndAFlagAnywhereAfterTheFile() throws {
        #expect(try AttachArguments.parse("a.sqlite", command: "attach") == .attach(path: "a.sqlite", name: nil, writable: false))
        #expect(try AttachArguments.parse("'my file.db' AS old rw", command: "attach") == .attach(path: "my file.db", name: "old", writable: true))
        #expect(try AttachArguments.parse("--write a.sqlite", command: "attach") == .attach(path: "a.sqlite", name: nil, writable: true))
        #expect(try AttachArguments.parse("DATABASE 'a.sqlite' AS a ro", command: "ATTACH") == .attach(path: "a.sqlite", name: "a", writable: false))
        #expect(try AttachArguments.parse("'rw' AS x", command: "attach") == .attach(path: "rw", name: "x", writable: false))
        // sqlite3's statement keeps sqlite3's meaning (writable, a missing file made): the SQL
        // shape is `DATABASE` or a closing `;`, with AS NAME and no flag.
        #expect(try AttachArguments.parse("'a.sqlite' AS a", command: "ATTACH", endsWithSemicolon: true) == .attach(path: "a.sqlite", name: "a", writable: true, creating: true))
        #expect(try AttachArguments.parse("DATABASE 'a.sqlite' AS a", command: "attach") == .attach(path: "a.sqlite", name: "a", writable: true, creating: true))
        #expect(try AttachArguments.parse("a.sqlite AS a", command: "attach") == .attach(path: "a.sqlite", name: "a", writable: false))
        #expect(try AttachArguments.parse("a.sqlite", command: "attach", endsWithSemicolon: true) == .attach(path: "a.sqlite", name: nil, writable: false))
        #expect(try AttachArguments.parse("a.sqlite AS a", command: "attach", endsWithSemicolon: true) == .attach(path: "a.sqlite", name: "a", writable: false))
        #expect(try CommandParser.parse("ATTACH DATABASE 'x.db' AS x;") == .attach(path: "x.db", name: "x", writable: true, creating: true))
        #expect(throws: ShellError.usage(command: "attach", usage: "attach FILE [AS NAME] [rw] (quote a file name with spaces)")) {
            try AttachArguments.parse("a.sqlite AS", command: "attach")
        }
        #expect(AttachArguments.quoted("/data/it's here.db") == "'/data/it''s here.db'")
        #expect(AttachArguments.quoted("/data/plain.db") == "/data/plain.db")
    }

    @Test func theOpenFileItselfATextFileAndAMissingFileAreRefusedAndTheShellGoesOn() throws {
        let files = try AttachFilesSpec.TwoFiles()
        let explorer = files.explorer
        let link = TemporaryFile.path("chinook-link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: files.chinook.path)
        defer { TemporaryFile.remove(link) }
        let itself = #expect(throws: AmigoError.self) { try explorer.run("attach \(link) AS again") }
        #expect(itself?.description == "cannot attach \(link) as again: it is the open database file itself (\(files.chinook.path))")
        let text = TemporaryFile.path("notes", ext: "txt")
        try String(repeating: "plain words, no database here. ", count: 8).write(toFile: text, atomically: true, encoding: .utf8)
        defer { TemporaryFile.remove(text) }
        let words = #expect(throws: AmigoError.self) { try explorer.run("attach \(text)") }
        #expect(words?.description == "cannot attach \(text) as \(AttachName.forFile(text, taken: [])): it is not an SQLite database (file is not a database)")
        let missing = TemporaryFile.path("never-made")
        #expect(throws: AmigoError.cannotAttach(path: missing, name: "x", reason: "no such file")) { try explorer.run("attach \(missing) AS x rw") }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(explorer.attachments.isEmpty)
        #expect(try explorer.run("open Genre").status.contains("25"))
    }

    @Test func moreFilesOnTheCommandLineAreOpenedAsTheFirstIs() throws {
        let chinook = try SampleDatabase.chinook.copy()
        let northwind = try SampleDatabase.northwind.copy()
        defer { TemporaryFile.remove(chinook); TemporaryFile.remove(northwind) }
        func open(_ flags: (inout LaunchArguments) -> Void) throws -> Explorer {
            var arguments = LaunchArguments(database: chinook)
            arguments.statements = [northwind]
            flags(&arguments)
            let plan = try LaunchPlan(arguments: arguments, environment: [:], fileExists: { FileManager.default.fileExists(atPath: $0) },
                                      terminal: { .fullScreen })
            return try plan.openExplorer(postgres: { _, _ in throw LaunchError.unknownOutputMode("unused") })
        }
        #expect(try open { _ in }.attachments.map(\.isReadOnly) == [false])
        #expect(try open { $0.readOnly = true }.attachments.map(\.isReadOnly) == [true])
    }

    @Test func theTitleNamesEveryOpenFileCutToTheRoomThereIs() {
        let files = [AttachedFile(name: "archive", path: "/data/archive.sqlite", isReadOnly: true),
                     AttachedFile(name: "crm", path: "/data/customer-relations.db", isReadOnly: false)]
        #expect(FilesTitle.text(main: "chinook.sqlite", attached: [], width: 80) == "chinook.sqlite")
        #expect(FilesTitle.text(main: "chinook.sqlite", attached: files, width: 80) == "chinook.sqlite + archive.sqlite (ro) + customer-relations.db")
        #expect(FilesTitle.text(main: "chinook.sqlite", attached: files, width: 50) == "chinook.sqlite + archive.sqlite (ro) + 1 more")
        #expect(FilesTitle.text(main: "chinook.sqlite", attached: files, width: 30) == "chinook.sqlite + 2 more")
        #expect(FilesTitle.text(main: "chinook.sqlite", attached: files, width: 5) == "chinook.sqlite + 2 more")
    }

    @Test func theScreensTitleNamesTheAttachedFile() throws {
        let files = try AttachFilesSpec.TwoFiles()
        _ = try files.explorer.run("attach \(files.northwind) AS nw")
        let app = ShellApp(explorer: files.explorer)
        let name = (files.northwind as NSString).lastPathComponent
        let title = app.render(width: 120, height: 30).text().split(separator: "\n").first.map(String.init) ?? ""
        #expect(title.hasPrefix(" amigo-shell · chinook.sqlite + \(name) (ro)"))
        _ = app.handle(.end)   // the tables list's last entries are the attached file's
        #expect(app.render(width: 120, height: 30).text().contains("⊘ nw.Shippers"))
    }

    /// A refused write names the read-only file its statement names, the name standing alone:
    /// `data.x` does not name the file attached as `a`.
    @Test func aRefusedWriteNamesTheFileItsStatementQualifies() {
        #expect(Editor.names("update a.album set x = 1", schema: "a"))
        #expect(Editor.names("update \"a\".album set x = 1", schema: "a"))
        #expect(Editor.names("update [a].album set x = 1", schema: "a"))
        #expect(!Editor.names("update data.album set x = 1", schema: "a"))
        #expect(Editor.names("update data.album set x = a.y", schema: "a"))
        #expect(!Editor.names("update album set x = 1", schema: ""))
    }
}
