import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Copy: `y` puts the current cell's whole value on the clipboard, `Y` the row as TSV; the
/// status line says how much; the terminal adapter sends it (OSC 52).
@Suite struct CopySpec {
    @Test func yCopiesTheWholeCellAndSaysHowMuch() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.open("Track")
        _ = app.handle(.right)                             // Name
        #expect(app.handle(.char("y")) == .copyToClipboard("For Those About To Rock (We Salute You)"))
        #expect(app.message == "copied 39 characters: Name of Track 1 \"For Those About To Rock…\"")
        #expect(!app.messageIsError)
    }

    @Test func capitalYCopiesTheRowAsTSVWithAHeaderLine() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.open("Track")
        f.explorer.moveCursor(to: 2)
        #expect(app.handle(.char("Y")) == .copyToClipboard("""
            TrackId\tName\tAlbumId\tMediaTypeId\tGenreId\tComposer\tMilliseconds\tBytes\tUnitPrice
            3\tFast As a Shark\t3\t2\t1\tF. Baltes, S. Kaufman, U. Dirkscneider & W. Hoffman\t230619\t3990994\t0.99

            """))
        #expect(app.message == "copied Track 3 \"Fast As a Shark\" as TSV: 9 columns, 175 characters")
    }

    @Test func nullsBlobsAndControlCharactersAreCopiedAsTheFileHoldsThem() {
        #expect(Clipping.cellText(.null) == "")
        #expect(Clipping.cellText(.blob([0x00, 0xff])) == "x'00ff'")
        // The text is the data's own; the adapter encodes it (base64) before it reaches the terminal.
        #expect(Clipping(.cell, columns: ["a"], values: [.text("\u{1B}]0;pwned\u{07}")], column: 0, caption: "t 1").text == "\u{1B}]0;pwned\u{07}")
        #expect(Clipping.rowText(columns: ["a\tb", "c"], values: [.text("x\ny"), .null]) == "a\\tb\tc\nx\\ny\t\n")
    }

    @Test func theRunLoopHandsTheTextToTheTerminal() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Genre")
        let terminal = ShellRunLoopSpec.ScriptedTerminal([.key(.char("l")), .key(.char("y"))])
        ShellRunLoop(app: ShellApp(explorer: f.explorer), terminal: terminal).run()
        #expect(terminal.clipboard == ["Rock"])
    }

    @Test func copyWithoutARowSaysSo() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        #expect(app.handle(.char("y")) == .none)
        #expect(app.messageIsError)
        #expect(app.message == "copy: open a table first (tables lists them)")
    }
}
