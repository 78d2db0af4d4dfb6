import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Folding the indented JSON of the row's detail (`v`): a folded object reads `{…} 2 keys`, a
/// folded array `[…] 3 items`, the lines inside left out; nested nodes keep their own state.
@Suite struct JSONFoldingSpec {
    /// A detail of two columns, `body` holding an object with a nested object and an array.
    static let detail = "note 1 \"Ann\"\ntitle  Ann\nbody   " + JSONPrettyText.pretty(
        #"{"address":{"city":"Oslo","zip":"0150"},"tags":["a","b",{"c":1}],"age":34}"#)!
        .replacingOccurrences(of: "\n", with: "\n       ")

    @Test func theIndentedJSONIsWhatItsLinesRead() {
        #expect(JSONFolding(text: Self.detail).lines == [
            "note 1 \"Ann\"",
            "title  Ann",
            "body   {",
            "         \"address\": {",
            "           \"city\": \"Oslo\",",
            "           \"zip\": \"0150\"",
            "         },",
            "         \"tags\": [",
            "           \"a\",",
            "           \"b\",",
            "           {",
            "             \"c\": 1",
            "           }",
            "         ],",
            "         \"age\": 34",
            "       }",
        ])
    }

    @Test func foldingANodeShowsItAsOneLineWithItsMembersCounted() {
        var folding = JSONFolding(text: Self.detail)
        #expect(folding.closers == [2: 15, 3: 6, 7: 13, 10: 12])
        let address = folding.toggle(at: 3)
        let tags = folding.toggle(at: 8)            // a line inside the array folds the array
        #expect(address == 3)
        #expect(tags == 7)
        #expect(folding.visible().map(\.text) == [
            "note 1 \"Ann\"",
            "title  Ann",
            "body   {",
            "         \"address\": {…} 2 keys,",
            "         \"tags\": […] 3 items,",
            "         \"age\": 34",
            "       }",
        ])
        #expect(folding.visible().map(\.line) == [0, 1, 2, 3, 7, 14, 15])
    }

    @Test func aNestedNodeKeepsItsOwnStateWhileItsParentIsFolded() {
        var folding = JSONFolding(text: Self.detail)
        folding.toggle(at: 10)                      // the object inside the array
        folding.toggle(at: 7)                       // then the array itself
        #expect(folding.visible().map(\.text).contains("         \"tags\": […] 3 items,"))
        folding.toggle(at: 7)                       // the array unfolded: its object is still folded
        #expect(folding.visible().map(\.text)[8...11] == [
            "           \"a\",",
            "           \"b\",",
            "           {…} 1 key",
            "         ],",
        ])
    }

    @Test func foldingEverythingLeavesTheColumnsAndTheOutermostNode() {
        var folding = JSONFolding(text: Self.detail)
        folding.foldAll()
        #expect(folding.visible().map(\.text) == ["note 1 \"Ann\"", "title  Ann", "body   {…} 3 keys"])
        #expect(folding.visibleIndex(of: 11) == 2)
        folding.expandAll()
        #expect(folding.visible().count == 16)
    }

    @Test func textWithoutJSONHasNothingToFold() {
        let folding = JSONFolding(text: "artist 1 \"AC/DC\"\nName  AC/DC")
        #expect(!folding.canFold)
        #expect(folding.node(at: 1) == nil)
    }

    @Test func theDetailBrowserFoldsTheNodeUnderItsCursorWithEnter() {
        var browser = DetailBrowser(text: Self.detail)
        for _ in 0..<3 { _ = browser.handle(.down) }
        let stays = browser.handle(.enter)
        #expect(stays)
        #expect(browser.lines[3] == "         \"address\": {…} 2 keys,")
        #expect(browser.cursor == 3)
        _ = browser.handle(.char("-"))
        #expect(browser.lines == ["note 1 \"Ann\"", "title  Ann", "body   {…} 3 keys"])
        #expect(browser.cursor == 2)
        _ = browser.handle(.char("+"))
        #expect(browser.lines.count == 16)
        let closes = !browser.handle(.escape)
        #expect(closes)
    }

    @Test func vOnARowWithJSONOpensTheFoldingDetail() throws {
        let path = TemporaryFile.path("json-folding")
        defer { TemporaryFile.remove(path) }
        try SQLiteEngine(path: path, options: OpenOptions(create: true)).executeScript(#"""
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note VALUES (1, '{"address": {"city": "Oslo"}, "age": 34}');
            """#)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "notes.sqlite")
        defer { try? explorer.session.close() }
        let app = ShellApp(explorer: explorer)
        _ = app.submit(.command, text: "open note")
        _ = app.handle(.char("v"))
        guard case .foldingDetail = app.overlay else { Issue.record("no folding detail: \(app.overlay)"); return }
        for _ in 0..<3 { _ = app.handle(.down) }      // the caption, id, body's `{`, then the address
        _ = app.handle(.enter)
        let screen = app.render(width: 100, height: 24).text()
        #expect(screen.contains("\"address\": {…} 1 key,"), "\(screen)")
        #expect(!screen.contains("\"city\": \"Oslo\""))
        #expect(screen.contains(DetailBrowser.footer))
    }
}
