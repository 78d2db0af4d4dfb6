import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// `changes` lists the uncommitted writes in order; `undo` (and `u`) takes back the last one
/// only, through the savepoint it ran after; the status line counts changes and rows.
@Suite struct PendingChangesSpec {
    /// The name of genre `id`, as the file holds it (read by a separate connection after commit).
    private func committedGenreName(_ path: String, _ id: Int) throws -> String? {
        let engine = try SQLiteEngine(path: path)
        return try engine.fetchScalar("SELECT Name FROM Genre WHERE GenreId = ?", [.integer(Int64(id))]).textValue
    }

    /// The screen's line that holds the transaction summary.
    private func statusLine(_ app: ShellApp) -> String {
        let grid = app.render(width: 120, height: 30)
        return (0..<grid.height).map { grid.line($0) }.first { $0.contains("tx: ") } ?? ""
    }

    @Test func changesListsEachWriteInOrderWithItsStatementRowsAndCascade() throws {
        let f = try LibraryFixture()
        let e = f.explorer
        _ = try e.run("open book")
        _ = try e.run("get 3")
        _ = try e.run("set title = 'Trois'")
        _ = try e.run("open author")
        _ = try e.run("get 1")
        _ = try e.run("delete")
        let lines = try e.run("changes").output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "2 uncommitted changes, 2 rows (undo takes back the last; commit keeps them; rollback undoes all):")
        #expect(lines[1] == "1. set title = 'Trois' on book 3 \"Three\" — 1 row")
        #expect(lines[2] == "   UPDATE \"book\" SET \"title\" = ? WHERE \"id\" = ?  ['Trois', 3]")
        #expect(lines[3] == "2. delete author 1 \"Ann\" — 1 row")
        #expect(lines[4] == "   DELETE FROM \"author\" WHERE \"id\" = ?  [1]")
        #expect(lines.contains("   also deletes 2 rows of book (ON DELETE CASCADE)"))
        #expect(lines.contains { $0.hasPrefix("   → deleted author 1 \"Ann\"; also 2 rows of book deleted") })
        #expect(e.changeLog.changes.map(\.command) == ["set", "delete"])
    }

    @Test func undoAfterThreeEditsLeavesExactlyTheFirstTwoForCommit() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        _ = try e.run("open Genre")
        for (id, name) in [(1, "one"), (2, "two"), (3, "three")] {
            _ = try e.run("get \(id)")
            _ = try e.run("set Name = '\(name)'")
        }
        let undone = try e.run("undo")
        #expect(undone.status.hasPrefix("undid set Name = 'three' on Genre 3 \"Metal\" (1 row)"))
        #expect(undone.status.hasSuffix("2 changes, 2 rows still uncommitted"))
        #expect(e.pendingChanges == 2)
        _ = try e.run("commit")
        #expect(try committedGenreName(f.path, 1) == "one")
        #expect(try committedGenreName(f.path, 2) == "two")
        #expect(try committedGenreName(f.path, 3) == "Metal")
    }

    @Test func undoWithNothingPendingOrAfterACommitSaysSoAndChangesNothing() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        #expect(throws: ShellError.nothingToUndo(reason: "no uncommitted change")) { try e.run("undo") }
        _ = try e.run("open Genre")
        _ = try e.run("get 1")
        _ = try e.run("set Name = 'kept'")
        _ = try e.run("commit")
        #expect(throws: ShellError.nothingToUndo(reason: "the last transaction ended: committed 1 change (1 row)")) { try e.run("undo") }
        #expect(try committedGenreName(f.path, 1) == "kept")
        #expect(e.pendingChanges == 0)
    }

    @Test func undoOfADeleteWithItsCascadeAndOfDDLPutsEverythingBack() throws {
        let f = try LibraryFixture()
        let e = f.explorer
        _ = try e.run("open author")
        _ = try e.run("get 1")
        _ = try e.run("delete")
        #expect(try f.scalar("SELECT count(*) FROM chapter") == 1)
        _ = try e.run("sql CREATE TABLE pet (id INTEGER PRIMARY KEY, name TEXT)")
        #expect(e.tables.contains { $0.name == "pet" })
        _ = try e.run("undo")
        #expect(!e.tables.contains { $0.name == "pet" })
        _ = try e.run("undo")
        #expect(try f.scalar("SELECT count(*) FROM chapter") == 6)
        #expect(try f.scalar("SELECT count(*) FROM review WHERE book_id IS NULL") == 0)
        #expect(e.pendingChanges == 0)
        #expect(e.changeLog.isEmpty)
    }

    @Test func aWriteThatChangedNothingIsNoPendingChange() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        try e.open("Playlist")
        try e.get("1")
        let relationship = try #require(e.current?.model?.relationships.first { $0.kind == .manyToMany && $0.target.name == "Track" })
        let linked = try #require(try f.scalar("SELECT min(TrackId) FROM PlaylistTrack WHERE PlaylistId = 1"))
        let result = try e.run("link \(relationship.name) \(linked)")
        #expect(result.output.contains("were already linked"))
        #expect(e.changeLog.isEmpty)
        #expect(throws: ShellError.nothingToUndo(reason: "no uncommitted change")) { try e.run("undo") }
    }

    @Test func aWriteThatFailedIsNotLoggedAndEarlierOnesStayUndoable() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        _ = try e.run("open Genre")
        _ = try e.run("get 1")
        _ = try e.run("set Name = 'first'")
        #expect(throws: ShellError.self) { try e.run("insert GenreId=2, Name='Dup'") }
        #expect(e.changeLog.changes.count == 1)
        _ = try e.run("undo")
        #expect(e.pendingChanges == 0)
    }

    @Test func theStatusLineCountsChangesAndRowsAndUUndoesTheLast() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Genre")
        _ = app.submit(.command, text: "get 1")
        _ = app.submit(.command, text: "sql UPDATE Track SET Composer = 'x' WHERE GenreId = 1")
        guard case .confirmWrite(let write) = app.overlay else { Issue.record("no confirmation: \(app.overlay)"); return }
        #expect(write.rowsIfRun == (try f.scalar("SELECT count(*) FROM Track WHERE GenreId = 1")))
        _ = app.handle(.char("y"))
        _ = app.submit(.command, text: "set Name = 'Rock!'")
        _ = app.handle(.char("y"))
        #expect(statusLine(app).contains("tx: 2 changes, 1298 rows"), "\(statusLine(app))")
        _ = app.handle(.char("u"))
        #expect(app.message.hasPrefix("undid set Name = 'Rock!' on Genre 1"), "\(app.message)")
        #expect(statusLine(app).contains("tx: 1 change, 1297 rows"), "\(statusLine(app))")
    }

    @Test func scriptStatementsInsideBeginCannotBeUndoneAlone() throws {
        let f = try ChinookFixture()
        var out = "", err = ""
        let runner = TextModeRunner(explorer: f.explorer, echo: false, output: { out += $0 }, errors: { err += $0 + "\n" })
        runner.run("BEGIN;")
        runner.run("UPDATE Genre SET Name = 'in script' WHERE GenreId = 1;")
        runner.run("undo")
        #expect(err.contains("undo: cannot undo run UPDATE: it ran inside the script's BEGIN … COMMIT"), "\(err)")
        #expect(f.explorer.pendingChanges == 1)
        _ = out
    }
}
