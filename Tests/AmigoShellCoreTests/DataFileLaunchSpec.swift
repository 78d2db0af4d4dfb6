import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// A CSV, TSV or JSON file on amigo-shell's command line: which paths are data files, and how
/// the launch plan opens one (a table in memory, or written into a SQLite file first).
@Suite struct DataFileLaunchSpec {
    private static func noServer(_ connection: String, _ readOnly: Bool) throws -> any Engine {
        throw LaunchError.unknownOutputMode("unused")
    }

    private func plan(_ arguments: LaunchArguments) throws -> LaunchPlan {
        try LaunchPlan(arguments: arguments, environment: [:], fileExists: { _ in false }, terminal: { .fullScreen })
    }

    /// A new folder holding `name` with `content`.
    private func file(_ name: String, _ content: String) throws -> String {
        let folder = TemporaryFile.path("data-launch", ext: "d")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(content.utf8))
        return folder + "/" + name
    }

    // MARK: Which paths are data files

    @Test func theExtensionDecidesInAnyCaseWhetherTheFileExistsOrNot() {
        for (path, format) in [("data.csv", DataFile.Format.csv), ("DATA.CSV", .csv), ("a/b.Tsv", .tsv), ("t.tab", .tsv),
                               ("e.json", .json), ("e.JSONL", .jsonLines), ("e.ndjson", .jsonLines)] {
            #expect(DatabaseTarget.resolve(argument: path, environment: [:], fileExists: { _ in false })
                    == .dataFile(DataFile(path: path, format: format)))
        }
        for path in ["shop.sqlite", "shop.db", "csv", "data.csv.gz", "notes.txt"] {
            #expect(DatabaseTarget.resolve(argument: path, environment: [:]) == .sqliteFile(path))
        }
        #expect(DatabaseTarget.resolve(argument: "postgres://db/x.csv", environment: [:]) == .postgres("postgres://db/x.csv"))
    }

    @Test func importIntoNeedsADataFile() throws {
        var arguments = LaunchArguments(database: "shop.sqlite")
        arguments.importInto = "out.sqlite"
        #expect(throws: LaunchError.importIntoWithoutDataFile(given: "shop.sqlite")) { try plan(arguments) }
        #expect(throws: LaunchError.importIntoWithoutDataFile(given: "shop.sqlite")) { try arguments.checkImportInto() }
        #expect(LaunchError.importIntoWithoutDataFile(given: nil).exitStatus == ExitStatus.usage)
        arguments.database = "data.csv"
        #expect(try plan(arguments).importInto == "out.sqlite")
    }

    // MARK: Opening

    @Test func aDataFileOpensAsATableInMemoryWithItsNotesPassedOn() throws {
        let path = try file("people.csv", "id,name\n1,Ada\n2\n")
        var notes: [String] = []
        let explorer = try plan(LaunchArguments(database: path)).openExplorer(postgres: Self.noServer, notes: { notes.append($0) })
        #expect(explorer.displayPath == path + " (in memory)")
        #expect(explorer.amigo.engine.path == ":memory:")
        #expect(explorer.current?.title == "people")
        let rows = try explorer.amigo.engine.fetchAll("SELECT id, name FROM people").rows
        #expect(rows == [[.integer(1), .text("Ada")], [.integer(2), .null]])
        #expect(notes == ["people.csv: 1 row has fewer fields than the header (the first on line 3); the missing values are NULL"])
    }

    @Test func theFullScreenUIShowsTheOpeningNotesOnItsStatusLine() throws {
        let path = try file("people.csv", "id,name\n1,Ada\n2\n")
        var notes: [String] = []
        let explorer = try plan(LaunchArguments(database: path)).openExplorer(postgres: Self.noServer, notes: { notes.append($0) })
        let app = ShellApp(explorer: explorer, openingNotes: notes)
        let note = "people.csv: 1 row has fewer fields than the header (the first on line 3); the missing values are NULL"
        #expect(app.message == note && !app.messageIsError)
        #expect(app.render(width: 160, height: 30).line(28).hasPrefix(" row 1 of 2  │  " + note))
        // The next key clears it, as any message; `M` shows it again in full.
        _ = app.handle(.down)
        _ = app.handle(.char("M"))
        if case .detail(let text, _) = app.overlay { #expect(text == note) } else { Issue.record("M showed no detail") }
        // Without notes the first message says how many tables there are.
        #expect(ShellApp(explorer: explorer).message.hasPrefix("1 tables and views"))
    }

    @Test func aDataFileThatDoesNotExistIsAnErrorNamingIt() throws {
        let missing = TemporaryFile.path("missing", ext: "csv")
        #expect(throws: DataFileError.unreadable(path: missing, reason: "No such file or directory")) {
            try plan(LaunchArguments(database: missing)).openExplorer(postgres: Self.noServer)
        }
    }

    @Test func importIntoWritesTheTableIntoTheFileThenOpensItAndRefusesATableThere() throws {
        let csv = try file("people.csv", "id,name\n1,Ada\n")
        let database = TemporaryFile.path("import-into")
        defer { TemporaryFile.remove(database) }
        var arguments = LaunchArguments(database: csv)
        arguments.importInto = database
        let explorer = try plan(arguments).openExplorer(postgres: Self.noServer)
        #expect(explorer.displayPath == database)
        #expect(explorer.amigo.engine.path == database)
        let rows = try SQLiteEngine(path: database).fetchAll("SELECT * FROM people").rows
        #expect(rows == [[.integer(1), .text("Ada")]])
        // A second import of the same file meets its table: refused, the table as it was.
        #expect(throws: DataFileError.tableExists(table: "people", database: database)) {
            try plan(arguments).openExplorer(postgres: Self.noServer)
        }
        #expect(try SQLiteEngine(path: database).fetchScalar("SELECT count(*) FROM people") == .integer(1))
    }
}
