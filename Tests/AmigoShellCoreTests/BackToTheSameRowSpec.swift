import Amigo
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// `back` shows the view it returns to on the row it was left at, in any view: a followed view of
/// 120,000 rows, whose count is bounded (`10000+`) when read again, as well as a whole table.
/// Untouched since, the view is shown as it was left without a query; read again (after an
/// edit), its row is found by key and its pages are read by keyset, never by OFFSET.
@Suite(.serialized) struct BackToTheSameRowSpec {
    static let children = 120_000

    /// One parent with 120,000 children and one with 3, counted up to 10,000 at first as the
    /// terminal UI counts; narrowing pushes back steps as it does there.
    func explorer() throws -> (Explorer, String) {
        let path = TemporaryFile.path("back-row")
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id), size INTEGER, name TEXT);
            CREATE INDEX child_parent ON child(parent_id);
            INSERT INTO parent VALUES (1, 'many'), (2, 'few');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.children))
              INSERT INTO child SELECT i, 1, (i * 7919) % 1000, 'child ' || i FROM n;
            INSERT INTO child VALUES (\(Self.children + 1), 2, 5, 'a'), (\(Self.children + 2), 2, 6, 'b'), (\(Self.children + 3), 2, 7, 'c');
            """)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path, tableCountLimit: 10_000)
        explorer.narrowingPushesSteps = true
        return (explorer, path)
    }

    /// The children of parent 1, with the cursor on the last of them (End).
    func followedToTheEnd(_ explorer: Explorer) throws -> BrowseView {
        try explorer.open("parent")
        try explorer.follow("children")
        let view = try #require(explorer.current)
        #expect(!view.countIsExact && view.totalCount == 10_000)
        explorer.moveCursor(to: Int.max / 2)
        #expect(view.countIsExact && view.cursorRow == Self.children - 1)
        #expect(try explorer.currentRecord()?["id"] == .integer(Int64(Self.children)))
        return view
    }

    /// The statements the shell ran since the log was cleared.
    func statements(_ explorer: Explorer) -> [String] {
        explorer.echoLog.entries.filter { $0.kind == .statement }.map(\.sql)
    }

    @Test func backFromAFilterOnAFollowedViewReturnsToTheSameRowWithoutAQuery() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        let view = try followedToTheEnd(explorer)
        let top = view.topRow
        try explorer.setFilter("size < 10")
        #expect(explorer.current !== view)
        explorer.echoLog.clear()
        try explorer.back()
        #expect(explorer.current === view)
        #expect(view.cursorRow == Self.children - 1 && view.topRow == top)
        #expect(view.countIsExact && view.totalCount == Self.children)
        #expect(try explorer.currentRecord()?["id"] == .integer(Int64(Self.children)))
        _ = try explorer.values(in: view.topRow..<(view.topRow + explorer.viewportRows))
        #expect(statements(explorer) == [])
    }

    @Test func backFromASortOnAFollowedViewReturnsToTheSameRowWithoutAQuery() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        let view = try followedToTheEnd(explorer)
        explorer.moveCursor(to: 80_000)
        try explorer.setOrder(column: "size", descending: true)
        explorer.echoLog.clear()
        try explorer.back()
        #expect(explorer.current === view && view.cursorRow == 80_000)
        #expect(try explorer.currentRecord()?["id"] == .integer(80_001))
        #expect(statements(explorer) == [])
    }

    @Test func backAfterAnEditFindsTheRowByKeyAndReadsItsPagesWithoutOffset() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        let view = try followedToTheEnd(explorer)
        explorer.moveCursor(to: 100_000)
        try explorer.setOrder(column: "size", descending: false)
        // An edit in the sorted step: the views behind it are read again when shown.
        _ = try explorer.run("set name = 'edited'")
        explorer.echoLog.clear()
        try explorer.back()
        #expect(explorer.current === view)
        #expect(view.cursorRow == 100_000)
        #expect(try explorer.currentRecord()?["id"] == .integer(100_001))
        let shown = try explorer.values(in: view.topRow..<(view.topRow + explorer.viewportRows))
        #expect(shown.count == explorer.viewportRows)
        let ran = statements(explorer)
        // The bounded count, the row by key, the rows before it (its place), the exact count
        // (the row lies past the bound), and the page before it on screen.
        #expect(ran.count == 5, "\(ran)")
        #expect(ran.allSatisfy { !$0.contains("OFFSET") }, "\(ran)")
    }

    @Test func backCancelledWhileReadingAgainLeavesTheStepAndComesBackLaterToTheSameRow() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        let view = try followedToTheEnd(explorer)
        explorer.moveCursor(to: 90_000)
        try explorer.setFilter("size < 500")
        _ = try explorer.run("set name = 'edited'")
        let step = explorer.current
        // Esc while the row is looked for (after the view's bounded count): the statement is
        // interrupted, navigation stays on the step.
        explorer.echoLog.clear()
        explorer.amigo.engine.setInterruptCheck { [explorer] in explorer.echoLog.entries.contains { $0.kind == .statement } }
        #expect(throws: (any Error).self) { try explorer.back() }
        explorer.amigo.engine.setInterruptCheck(nil)
        #expect(statements(explorer).count >= 1)
        #expect(explorer.current === step)
        try explorer.back()
        #expect(explorer.current === view && view.cursorRow == 90_000)
        #expect(try explorer.currentRecord()?["id"] == .integer(90_001))
    }

    @Test func backToAWholeTableStillRestoresItsRow() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        try explorer.open("child")
        explorer.moveCursor(to: 70_000)
        try explorer.follow("parent")
        explorer.echoLog.clear()
        try explorer.back()
        #expect(explorer.current?.cursorRow == 70_000)
        #expect(try explorer.currentRecord()?["id"] == .integer(70_001))
        #expect(statements(explorer) == [])
    }
}
