import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// The parts an ``Explorer`` wires together, each built alone over an in-memory or temporary
/// SQLite database and driven without the facade or a terminal.
struct ExplorerParts {
    let database: BrowsedDatabase
    let pending: PendingTransaction
    let watcher: ChangeWatcher
    let tableList: TableList
    let loader: ViewLoader
    let navigator: Navigator

    /// The parts over `engine` after `script` ran on it, counting up to `countLimit`.
    init(engine: any Engine, script: String, countLimit: Int? = nil) throws {
        try engine.executeScript(script)
        database = try BrowsedDatabase(amigo: AmigoDatabase(reflecting: engine), displayPath: "parts", reflection: ReflectionOptions())
        pending = PendingTransaction(database: database)
        watcher = ChangeWatcher(database: database, pending: pending)
        tableList = TableList(database: database, watcher: watcher, countLimit: countLimit)
        loader = ViewLoader(database: database, watcher: watcher, tableList: tableList)
        navigator = Navigator(database: database, watcher: watcher, loader: loader)
        try tableList.reload()
    }

    /// Artists with their albums: artist 1 has albums 1 and 2, artist 2 has album 3.
    static let artists = """
        CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artist(id));
        INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept');
        INSERT INTO album VALUES (1, 'For Those About To Rock', 1), (2, 'Let There Be Rock', 1), (3, 'Balls to the Wall', 2);
        """
}

@Suite struct NavigatorSpec {
    @Test func followThenBackReturnsToTheRowFollowedFrom() throws {
        let parts = try ExplorerParts(engine: SQLiteEngine(path: ":memory:"), script: ExplorerParts.artists)
        let navigator = parts.navigator
        try navigator.open("artist")
        navigator.moveCursor(to: 1)
        try navigator.follow("albums")
        #expect(navigator.current?.totalCount == 1)
        #expect(navigator.breadcrumb.hasSuffix(" › albums"))
        try navigator.back()
        #expect(navigator.stack.count == 1)
        #expect(navigator.current?.cursorRow == 1)
        #expect(try navigator.currentRecord()?.value(at: 1) == .text("Accept"))
    }

    @Test func aSnapshotPutsBackTheStacksAnOpenReplaced() throws {
        let parts = try ExplorerParts(engine: SQLiteEngine(path: ":memory:"), script: ExplorerParts.artists)
        let navigator = parts.navigator
        try navigator.open("artist")
        let before = navigator.snapshot()
        try navigator.open("album")
        #expect(navigator.current?.title == "album")
        navigator.restore(before)
        #expect(navigator.current?.title == "artist")
        #expect(throws: ShellError.self) { try navigator.back() }   // nothing was left behind by the preview
    }

    @Test func aNarrowingStepIsPoppedByBack() throws {
        let parts = try ExplorerParts(engine: SQLiteEngine(path: ":memory:"), script: ExplorerParts.artists)
        let navigator = parts.navigator
        navigator.narrowingPushesSteps = true
        try navigator.open("album")
        try navigator.setFilter("artist_id = 1")
        #expect(navigator.stack.count == 2 && navigator.current?.totalCount == 2)
        try navigator.back()
        #expect(navigator.stack.count == 1 && navigator.current?.totalCount == 3 && navigator.current?.filter == nil)
    }
}

@Suite struct ChangeWatcherSpec {
    @Test func ddlInTheSessionIsASchemaChangeUntilReflectedAgain() throws {
        let parts = try ExplorerParts(engine: SQLiteEngine(path: ":memory:"), script: ExplorerParts.artists)
        #expect(!parts.watcher.schemaChangedSinceReflection)
        _ = try parts.database.session.execute("CREATE TABLE genre (id INTEGER PRIMARY KEY)")
        #expect(parts.watcher.schemaChangedSinceReflection)
        try parts.database.reflectAgain(keepingChanges: true)
        parts.watcher.noteReflected()
        #expect(!parts.watcher.schemaChangedSinceReflection)
        #expect(parts.database.amigo.models.contains { $0.name == "genre" })
    }

    @Test func anotherConnectionsCommitIsNoticedOnlyWhileNothingIsPending() throws {
        let path = TemporaryFile.path("watcher")
        defer { TemporaryFile.remove(path) }
        let parts = try ExplorerParts(engine: SQLiteEngine(path: path, options: OpenOptions(create: true)), script: ExplorerParts.artists)
        let other = try SQLiteEngine(path: path)
        #expect(try !parts.watcher.changedElsewhereWhileIdle())
        try parts.database.session.refresh()          // the read transaction ends, so the other connection may write
        try other.execute("INSERT INTO artist VALUES (3, 'Aerosmith')", [])
        #expect(try parts.watcher.fileChangedElsewhere())
        parts.pending.unreportedWritesPending = 1      // a pending change: its transaction could not see other commits
        #expect(try !parts.watcher.changedElsewhereWhileIdle())
        parts.pending.unreportedWritesPending = 0
        #expect(try parts.watcher.changedElsewhereWhileIdle())
        parts.watcher.noteRead()
        #expect(try !parts.watcher.fileChangedElsewhere())
    }
}

@Suite struct PendingTransactionSpec {
    @Test func theAgeCountsFromWhenChangesWereFirstNoticedAndIsForgottenAfter() throws {
        let parts = try ExplorerParts(engine: SQLiteEngine(path: ":memory:"), script: ExplorerParts.artists)
        let start = Date(timeIntervalSince1970: 1_000)
        #expect(parts.pending.age(now: start) == nil)
        parts.pending.schemaChangesPending = 1
        #expect(parts.pending.count == 1)
        #expect(parts.pending.age(now: start) == 0)
        #expect(parts.pending.age(now: start.addingTimeInterval(125)) == 125)
        #expect(PendingTransaction.ageText(125) == "2m05s")
        parts.pending.forgetStatements()
        #expect(parts.pending.count == 0 && parts.pending.age(now: start.addingTimeInterval(200)) == nil)
        #expect(parts.pending.lostChangesText == nil)
    }
}

@Suite struct TableListSpec {
    @Test func countsStopAtTheLimitAndAreFinishedOneTableAtATime() throws {
        let parts = try ExplorerParts(engine: SQLiteEngine(path: ":memory:"), script: ExplorerParts.artists, countLimit: 2)
        let list = parts.tableList
        func counts() -> [String: String] { Dictionary(uniqueKeysWithValues: list.tables.map { ($0.name, $0.countText) }) }
        #expect(counts() == ["artist": "2", "album": "2+"])            // album has more rows than the limit
        #expect(list.knownCount(of: "album").map { [$0.count, $0.isExact ? 1 : 0] } == [2, 0])
        #expect(list.countNextDeferred())
        #expect(counts() == ["artist": "2", "album": "3"])
        #expect(!list.countNextDeferred())                             // nothing left to count
    }

    @Test("counts past the opening budget wait for idle time (shown as …), and are finished then; the budget's check is removed after")
    func countsPastTheBudgetAreDeferred() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        let parts = try ExplorerParts(engine: engine, script: ExplorerParts.artists, countLimit: 10_000)
        let list = parts.tableList
        try list.reload(within: 0)
        #expect(list.tables.allSatisfy { $0.isCountPending })
        #expect(list.tables.map(\.countText) == ["…", "…"])
        #expect(list.countNextDeferred())
        #expect(list.countNextDeferred())
        #expect(Dictionary(uniqueKeysWithValues: list.tables.map { ($0.name, $0.countText) }) == ["artist": "2", "album": "3"])
        // A budget that is not spent counts as before.
        try list.reload(within: 60)
        #expect(list.tables.map(\.countText).sorted() == ["2", "3"])
    }

    @Test func partitionsAreListedUnderTheirParents() {
        let tables = [TableSummary(name: "b", isView: false, partitionOf: "z", rowCount: 1),
                      TableSummary(name: "a", isView: false, partitionOf: "z", rowCount: 1),
                      TableSummary(name: "m", isView: false, rowCount: 1),
                      TableSummary(name: "z", isView: false, rowCount: 2)]
        #expect(TableList.partitionsUnderTheirParents(tables).map(\.name) == ["m", "z", "a", "b"])
    }
}

@Suite struct OverlayKeysSpec {
    @Test func relationsMenuLettersJumpByPrefixAndAMissStartsAgain() {
        let names = ["albums", "artist", "tracks"]
        #expect(RelationsMenuKeys.outcome(of: .char("a"), names: names, cursor: 2, typeAhead: "") == .stay(cursor: 0, typeAhead: "a"))
        #expect(RelationsMenuKeys.outcome(of: .char("r"), names: names, cursor: 0, typeAhead: "a") == .stay(cursor: 1, typeAhead: "ar"))
        #expect(RelationsMenuKeys.outcome(of: .char("t"), names: names, cursor: 1, typeAhead: "ax") == .stay(cursor: 2, typeAhead: "t"))
        #expect(RelationsMenuKeys.outcome(of: .char("2"), names: names, cursor: 0, typeAhead: "") == .followNumber(2))
        #expect(RelationsMenuKeys.outcome(of: .char("4"), names: names, cursor: 0, typeAhead: "") == .stay(cursor: 0, typeAhead: ""))
        #expect(RelationsMenuKeys.outcome(of: .enter, names: names, cursor: 1, typeAhead: "") == .follow("artist"))
        #expect(RelationsMenuKeys.outcome(of: .escape, names: names, cursor: 1, typeAhead: "ar") == .close)
    }

    @Test func frequencyListCursorClampsAndEnterKeepsTheValueOnIt() {
        #expect(FrequencyListKeys.outcome(of: .pageDown, count: 5, cursor: 1) == .stay(cursor: 4))
        #expect(FrequencyListKeys.outcome(of: .up, count: 5, cursor: 0) == .stay(cursor: 0))
        #expect(FrequencyListKeys.outcome(of: .enter, count: 5, cursor: 3) == .keep(index: 3))
        #expect(FrequencyListKeys.outcome(of: .enter, count: 0, cursor: 0) == .close)
        #expect(FrequencyListKeys.outcome(of: .char("x"), count: 5, cursor: 3) == .close)
    }
}
