import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// The echo pane reads: the statement that answered a key stands out in SQL's colours, the
/// bookkeeping around it (counts, link probes) is dimmed, and `y` in the pane copies the
/// statement at its bottom with its values in place, as SQL that runs.
@Suite struct EchoPaneSpec {
    private func event(_ sql: String, _ arguments: [DatabaseValue] = [], purpose: EchoPurpose = .statement) -> EchoEvent {
        EchoEvent(kind: .statement, sql: sql, arguments: arguments, duration: 0.001, rowCount: 1, purpose: purpose)
    }

    @Test func bookkeepingIsDimmedAndTheAnsweringStatementIsColoured() {
        let pane = EchoPane([event(#"SELECT count(*) FROM "Track""#, purpose: .count(bounded: true)),
                             event(#"SELECT "Track"."Name" FROM "Track" WHERE "Track"."TrackId" = ?"#, [1])], width: 80)
        #expect(pane.lines.map(\.text) == [
            #"SELECT count(*) FROM "Track""#, "  [] 1.00 ms · 1 row",
            #"SELECT "Track"."Name" FROM "Track" WHERE "Track"."TrackId" = ?"#, "  [1] 1.00 ms · 1 row",
        ])
        #expect(pane.lines[0].pieces.allSatisfy { $0.style.attributes.contains(.dim) })
        #expect(pane.lines[1].pieces.allSatisfy { $0.style.attributes.contains(.dim) })
        let answer = pane.lines[2].pieces
        #expect(answer.first == EchoPane.Piece(text: "SELECT", style: TextStyle(.bold, color: .blue)))
        #expect(answer.contains(EchoPane.Piece(text: #""Track""#, style: TextStyle(color: .cyan))))
        #expect(answer.contains(EchoPane.Piece(text: "?", style: TextStyle(color: .yellow))))
        #expect(!answer.contains { $0.style.attributes.contains(.dim) })
    }

    @Test func theStatementAtTheBottomIsSelectedAndCopiedWithItsValuesInlined() throws {
        let pane = EchoPane([event(#"UPDATE "Artist" SET "Name" = ? WHERE "ArtistId" = ?"#, ["AC/DC's", 1]),
                             event(#"SELECT "Album"."Title" FROM "Album" WHERE "Album"."ArtistId" = ?"#, [1])], width: 200)
        #expect(pane.selected(scroll: 0, height: 4) == 1)
        #expect(pane.selected(scroll: 2, height: 2) == 0)
        #expect(pane.selected(scroll: 99, height: 2) == 0)   // clamped
        let clipping = try pane.clipping(scroll: 2, height: 2, dialect: SQLiteDialect())
        #expect(clipping.text == #"UPDATE "Artist" SET "Name" = 'AC/DC''s' WHERE "ArtistId" = 1;"#)
        #expect(clipping.summary == "copied the statement with its values as SQL: 61 characters")
        #expect(throws: ShellError.self) { try EchoPane([], width: 40).clipping(scroll: 0, height: 3, dialect: SQLiteDialect()) }
    }

    @Test func yInTheFocusedEchoPaneCopiesTheStatementThatRanAndItRunsAgain() throws {
        let fixture = try ChinookFixture()
        let app = ShellApp(explorer: fixture.explorer)
        _ = app.submit(.command, text: "open Artist")
        _ = app.submit(.command, text: "get 1")
        app.focus = .echo
        let layout = FrameLayout(app, width: 160, height: 40)
        _ = app.render(width: 160, height: 40)
        guard case .copyToClipboard(let sql) = app.handle(.char("y"), in: layout) else {
            Issue.record("y did not copy: \(app.message)")
            return
        }
        #expect(app.message.hasPrefix("copied the statement with its values as SQL"))
        #expect(!sql.contains("?"), "\(sql)")
        // What was copied runs, on the file, and reads the row the key read.
        let rows = try fixture.amigo.engine.fetchAll(String(sql.dropLast()))
        #expect(rows.rows.first?.contains("AC/DC") == true, "\(sql)")
    }

    @Test func theEchoPaneDrawsTheSelectedStatementInReverseOnlyWhenFocused() throws {
        let fixture = try ChinookFixture()
        let app = ShellApp(explorer: fixture.explorer)
        _ = app.submit(.command, text: "open Genre")
        let unfocused = app.render(width: 160, height: 30)
        let echo = try #require(ShellLayout(width: 160, height: 30, echoVisible: true)?.echo?.inset(by: 1))
        let echoColumns = echo.x..<(echo.x + echo.width)
        #expect(!(2..<27).contains { row in echoColumns.contains { unfocused[row, $0].style.attributes.contains(.reverse) } })
        app.focus = .echo
        let focused = app.render(width: 160, height: 30)
        #expect((2..<27).contains { row in echoColumns.contains { focused[row, $0].style.attributes.contains(.reverse) } })
    }
}

extension EchoPaneSpec {
    @Test func theBookkeepingAfterAStatementIsPassedOverWhenSelecting() {
        let pane = EchoPane([EchoEvent(kind: .statement, sql: "SELECT 1", arguments: [], duration: 0),
                             EchoEvent(kind: .statement, sql: "SELECT count(*) FROM t", arguments: [], duration: 0, purpose: .count(bounded: false)),
                             EchoEvent(kind: .transaction, sql: "COMMIT", arguments: [], duration: 0)], width: 80)
        #expect(pane.selected(scroll: 0, height: 10) == 0)
        // Only bookkeeping on screen: the bottom one.
        #expect(pane.selected(scroll: 0, height: 2) == 2)
    }
}
