import Amigo
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// What amigo-shell opens and how it talks, decided from its arguments, the environment and the
/// terminal before anything is opened.
@Suite struct LaunchPlanSpec {
    private static let noFiles: @Sendable (String) -> Bool = { _ in false }

    private func plan(_ arguments: LaunchArguments, environment: [String: String] = [:],
                      fileExists: (String) -> Bool = LaunchPlanSpec.noFiles,
                      terminal: TerminalAvailability = .fullScreen) throws -> LaunchPlan {
        try LaunchPlan(arguments: arguments, environment: environment, fileExists: fileExists, terminal: { terminal })
    }

    // MARK: The target

    @Test func aPathIsASQLiteFileAndAURLOrKeywordStringIsAServer() {
        #expect(DatabaseTarget.resolve(argument: "shop.sqlite", environment: [:]) == .sqliteFile("shop.sqlite"))
        #expect(DatabaseTarget.resolve(argument: "postgres://db/shop", environment: [:]) == .postgres("postgres://db/shop"))
        #expect(DatabaseTarget.resolve(argument: "PostgreSQL://db/shop", environment: [:]) == .postgres("PostgreSQL://db/shop"))
        #expect(DatabaseTarget.resolve(argument: "host=/run/postgresql dbname=shop", environment: [:], fileExists: Self.noFiles)
                == .postgres("host=/run/postgresql dbname=shop"))
        // Not a libpq keyword, or no `=` in the first word: a file name.
        #expect(DatabaseTarget.resolve(argument: "colour=red", environment: [:], fileExists: Self.noFiles) == .sqliteFile("colour=red"))
        #expect(DatabaseTarget.resolve(argument: "my dbname=x", environment: [:], fileExists: Self.noFiles) == .sqliteFile("my dbname=x"))
    }

    @Test func aFileNamedLikeAKeywordStringIsTheFile() {
        #expect(DatabaseTarget.resolve(argument: "dbname=shop", environment: [:], fileExists: { $0 == "dbname=shop" }) == .sqliteFile("dbname=shop"))
        // A URL is a server whatever files there are.
        #expect(DatabaseTarget.resolve(argument: "postgres://x", environment: [:], fileExists: { _ in true }) == .postgres("postgres://x"))
    }

    @Test func withNoArgumentTheEnvironmentNamesAServerAsForPsqlElseTheDemo() {
        #expect(DatabaseTarget.resolve(argument: nil, environment: [:]) == .demo)
        #expect(DatabaseTarget.resolve(argument: nil, environment: ["PGDATABASE": "", "PGSERVICE": ""]) == .demo)
        #expect(DatabaseTarget.resolve(argument: nil, environment: ["PGDATABASE": "shop"]) == .postgres("dbname='shop'"))
        #expect(DatabaseTarget.resolve(argument: nil, environment: ["PGSERVICE": "prod", "PGDATABASE": "o'neil\\x"])
                == .postgres(#"service='prod' dbname='o\'neil\\x'"#))
        // An argument wins over the environment.
        #expect(DatabaseTarget.resolve(argument: "a.sqlite", environment: ["PGDATABASE": "shop"]) == .sqliteFile("a.sqlite"))
    }

    // MARK: The interface

    @Test func commandsRunInTextModeWithoutProbingTheTerminal() throws {
        var arguments = LaunchArguments(database: "a.sqlite")
        arguments.commands = ["tables"]
        arguments.statements = ["SELECT 1"]
        arguments.firstCommands = [".mode csv"]
        var probed = false
        let plan = try LaunchPlan(arguments: arguments, environment: [:], fileExists: Self.noFiles,
                                  terminal: { probed = true; return .fullScreen })
        #expect(plan.interface == .commands)
        #expect(!probed)
        #expect(plan.commandLines == [".mode csv", "tables", "SELECT 1"])
        #expect(LaunchPlan.commandLocation(2) == "-c #2")
        #expect(LaunchPlan.inputLocation(7) == "line 7")
    }

    @Test func withoutCommandsTheTerminalDecides() throws {
        #expect(try plan(LaunchArguments(database: "a.sqlite")).interface == .fullScreen)
        let piped = try plan(LaunchArguments(database: "a.sqlite"), terminal: .plainOnly(reason: "stdin is not a terminal"))
        #expect(piped.interface == .standardInput(reason: "stdin is not a terminal"))
        #expect(piped.interface.isText)
    }

    @Test("with no database, a script on standard input gets an empty database in memory as in sqlite3; a terminal or -c, the demo")
    func noDatabaseIsTheDemoOrSQLite3sEmptyMemory() throws {
        #expect(try plan(LaunchArguments(database: nil)).target == .demo)
        var commands = LaunchArguments(database: nil)
        commands.commands = ["tables"]
        #expect(try plan(commands, terminal: .plainOnly(reason: "x")).target == .demo)
        #expect(try plan(LaunchArguments(database: nil), terminal: .plainOnly(reason: "x")).target == .emptyInMemory)
        #expect(try plan(LaunchArguments(database: nil), environment: ["PGDATABASE": "shop"], terminal: .plainOnly(reason: "x")).target
                == .postgres("dbname='shop'"))
        let explorer = try plan(LaunchArguments(database: nil), terminal: .plainOnly(reason: "x"))
            .openExplorer(postgres: { _, _ in throw LaunchError.walNeedsAWritableFile(path: "unused") })
        #expect(explorer.tables.isEmpty)
    }

    // MARK: Counting tables at start

    @Test func tableCountsAreBoundedOnTheFullScreenAndOnAServerOnly() throws {
        var commands = LaunchArguments(database: "a.sqlite")
        commands.commands = ["tables"]
        #expect(try plan(commands).tableCountLimit == nil)
        #expect(try plan(LaunchArguments(database: "a.sqlite"), terminal: .plainOnly(reason: "x")).tableCountLimit == nil)
        #expect(try plan(LaunchArguments(database: "a.sqlite")).tableCountLimit == LaunchPlan.boundedTableCount)
        var server = LaunchArguments(database: "postgres://db/shop")
        server.commands = ["tables"]
        #expect(try plan(server).tableCountLimit == 10_000)
        var fromEnvironment = LaunchArguments()
        fromEnvironment.commands = ["tables"]
        #expect(try plan(fromEnvironment, environment: ["PGDATABASE": "shop"]).tableCountLimit == 10_000)
        #expect(try plan(fromEnvironment).tableCountLimit == nil)
    }

    // MARK: Opening

    @Test func createIsRefusedOnAServerBeforeAnythingIsOpened() throws {
        var arguments = LaunchArguments(database: "postgres://db/shop")
        arguments.create = true
        arguments.commands = ["tables"]
        var opened = false
        #expect(throws: LaunchError.createUnsupportedOnPostgres(target: "postgres://db/shop")) {
            _ = try plan(arguments).openExplorer(postgres: { _, _ in opened = true; return try SQLiteEngine(path: ":memory:") })
        }
        #expect(!opened)
        #expect(LaunchError.createUnsupportedOnPostgres(target: "x").exitStatus == ExitStatus.cannotOpen)
        #expect(ErrorText.describe(LaunchError.createUnsupportedOnPostgres(target: "x"))
                == "--create is not supported on PostgreSQL: create the database with createdb")
    }

    @Test func aServerIsOpenedThroughTheOpenerWithReadOnlyPassedOn() throws {
        var arguments = LaunchArguments(database: "postgres://db/shop")
        arguments.readOnly = true
        arguments.commands = ["tables"]
        var asked: (String, Bool)?
        let explorer = try plan(arguments).openExplorer(postgres: { connection, readOnly in
            asked = (connection, readOnly)
            let engine = try SQLiteEngine(path: ":memory:")
            try DemoDatabase.populate(engine)
            return engine
        })
        #expect(asked?.0 == "postgres://db/shop")
        #expect(asked?.1 == true)
        #expect(explorer.displayPath == ":memory: (read-only)")
        #expect(explorer.tableCountLimit == 10_000)
    }

    @Test func theDemoOpensInMemoryWithItsTables() throws {
        var arguments = LaunchArguments()
        arguments.noInfer = true
        let explorer = try plan(arguments).openExplorer(postgres: { _, _ in throw LaunchError.unknownOutputMode("unused") })
        #expect(explorer.displayPath == "demo database (in memory)")
        #expect(explorer.reflectionOptions.inferRelationships == false)
        #expect(explorer.tables.map(\.name).contains("exercise"))
        #expect(explorer.tableCountLimit == 10_000)   // the full-screen UI
    }

    @Test func aSQLiteFileIsOpenedAsAskedAndSaysWhenItIsReadOnly() throws {
        let path = TemporaryFile.path("launch")
        defer { TemporaryFile.remove(path) }
        var arguments = LaunchArguments(database: path)
        arguments.commands = ["tables"]
        #expect(throws: (any Error).self) {
            _ = try plan(arguments).openExplorer(postgres: { _, _ in throw LaunchError.unknownOutputMode("unused") })
        }
        arguments.create = true
        let created = try plan(arguments).openExplorer(postgres: { _, _ in throw LaunchError.unknownOutputMode("unused") })
        #expect(created.displayPath == path)
        try created.session.close()
        arguments.create = false
        arguments.readOnly = true
        let readOnly = try plan(arguments).openExplorer(postgres: { _, _ in throw LaunchError.unknownOutputMode("unused") })
        #expect(readOnly.displayPath == path + " (read-only)")
    }

    @Test func walPutsTheFileInWALModeForGoodWhenAskedAndSaysSo() throws {
        let path = TemporaryFile.path("launch-wal")
        defer { for suffix in ["", "-wal", "-shm"] { TemporaryFile.remove(path + suffix) } }
        var arguments = LaunchArguments(database: path)
        arguments.commands = ["tables"]
        arguments.create = true
        let noPostgres: LaunchPlan.PostgresOpener = { _, _ in throw LaunchError.unknownOutputMode("unused") }
        var notes: [String] = []
        // Text mode without --wal: the file keeps its journal mode, as with sqlite3.
        let plain = try plan(arguments).openExplorer(postgres: noPostgres, notes: { notes.append($0) })
        #expect(try plain.amigo.engine.fetchScalar("PRAGMA journal_mode") == .text("delete"))
        plain.settleBeforeExit()
        #expect(notes.isEmpty)
        arguments.create = false
        arguments.wal = true
        let switched = try plan(arguments).openExplorer(postgres: noPostgres, notes: { notes.append($0) })
        #expect(try switched.amigo.engine.fetchScalar("PRAGMA journal_mode") == .text("wal"))
        #expect(notes == ["\(path) is in WAL mode now (it was delete; it stays so: sqlite3 and other programs read it as before)"])
        switched.settleBeforeExit()
        // Already in WAL: nothing to say.
        notes = []
        _ = try plan(arguments).openExplorer(postgres: noPostgres, notes: { notes.append($0) })
        #expect(notes.isEmpty)
        // Read-only, the demo, a server: refused before anything changes.
        arguments.readOnly = true
        #expect(throws: LaunchError.walNeedsAWritableFile(path: path)) { _ = try plan(arguments).openExplorer(postgres: noPostgres) }
        var demo = LaunchArguments()
        demo.wal = true
        #expect(throws: LaunchError.walNeedsAWritableFile(path: "demo database (in memory)")) { _ = try plan(demo).openExplorer(postgres: noPostgres) }
    }
}

/// More than one database on the command line.
@Suite struct LaunchPlanAttachmentsSpec {
    private func plan(_ database: String, _ statements: [String], files: Set<String>) throws -> LaunchPlan {
        var arguments = LaunchArguments(database: database)
        arguments.statements = statements
        return try LaunchPlan(arguments: arguments, environment: [:], fileExists: { files.contains($0) }, terminal: { .fullScreen })
    }

    @Test func filesAfterTheFirstDatabaseAreAttachedAndTheStatementsAfterThemRun() throws {
        let both = try plan("a.sqlite", ["b.sqlite", "c.db"], files: ["a.sqlite", "b.sqlite", "c.db"])
        #expect(both.attachments == ["b.sqlite", "c.db"])
        #expect(both.commands.isEmpty)
        #expect(both.interface == .fullScreen)
        let withSQL = try plan("a.sqlite", ["b.sqlite", "SELECT 1"], files: ["a.sqlite", "b.sqlite"])
        #expect(withSQL.attachments == ["b.sqlite"])
        #expect(withSQL.commands == ["SELECT 1"])
        #expect(withSQL.text.mode == .list)   // sqlite3's form, as without the second file
        // A statement naming no file is never a file.
        #expect(try plan("a.sqlite", ["tables"], files: ["a.sqlite"]).attachments.isEmpty)
    }

    @Test func aDataFileOrAServerWithMoreFilesIsAUsageError() throws {
        let data = #expect(throws: LaunchError.self) { try plan("a.sqlite", ["b.csv"], files: ["b.csv"]) }
        #expect(data?.exitStatus == ExitStatus.usage)
        let server = #expect(throws: LaunchError.self) { try plan("postgres://db/shop", ["b.sqlite"], files: ["b.sqlite"]) }
        #expect(server == .attachToServer(target: "postgres://db/shop", files: ["b.sqlite"]))
        #expect(server?.description == "PostgreSQL has no attached database files: open b.sqlite in its own amigo-shell")
    }
}
