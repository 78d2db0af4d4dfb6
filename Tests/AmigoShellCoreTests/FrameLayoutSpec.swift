import Amigo
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// A frame's layout is decided from the app's state and the terminal's size alone, and keys act
/// on the layout they are handed (the run loop's last frame), not on state drawing left behind.
@Suite struct FrameLayoutSpec {
    /// What the keys and the screen read of an app, to see that laying out changed none of it.
    private func observable(_ app: ShellApp) -> String {
        let view = app.explorer.current
        return "\(app.focus) \(app.tableCursor) \(app.echoScroll) \(app.message) \(app.overlay) "
            + "\(app.explorer.viewportRows) \(view?.cursorRow ?? -1) \(view?.topRow ?? -1)"
    }

    @Test func layingOutTwiceGivesTheSameValueAndChangesNothing() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.open("Artist")
        _ = app.handle(.tab)
        _ = app.handle(.tab)
        #expect(app.focus == .echo)
        _ = app.handle(.char("G"), in: nil)
        for (width, height) in [(120, 40), (60, 16), (30, 8)] {
            let before = observable(app)
            let statements = f.explorer.echoLog.totalCount
            let first = FrameLayout(app, width: width, height: height)
            let second = FrameLayout(app, width: width, height: height)
            #expect(first == second)
            #expect(observable(app) == before)
            #expect(f.explorer.echoLog.totalCount == statements)    // no query either
        }
        // What each size decides: the echo pane's focus is drawn on the grid where the pane has no room.
        let short = FrameLayout(app, width: 60, height: 16)
        #expect(!short.isTooSmall && !short.echoOnScreen && short.focus == .grid && short.gridRows == 8)
        #expect(FrameLayout(app, width: 120, height: 40).focus == .echo)
        #expect(FrameLayout(app, width: 30, height: 8).isTooSmall)
        #expect(app.focus == .echo)
    }

    @Test func keysUseTheLayoutTheyAreGiven() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.open("Artist")
        _ = app.handle(.tab)
        f.explorer.viewportRows = 30
        // A page is the grid of the frame shown, whatever the explorer was sized to.
        let short = FrameLayout(app, width: 60, height: 16)
        _ = app.handle(.pageDown, in: short)
        #expect(f.explorer.current?.cursorRow == short.gridRows! - 1)
        // On a screen too small for the panes the keys wait; the same keys act on a roomy one.
        let tiny = FrameLayout(app, width: 30, height: 8)
        _ = app.handle(.down, in: tiny)
        #expect(f.explorer.current?.cursorRow == 7)
        _ = app.handle(.down, in: FrameLayout(app, width: 120, height: 40))
        #expect(f.explorer.current?.cursorRow == 8)
        // Rendering a small frame leaves the next key's screen to the layout it is handed.
        _ = app.render(tiny)
        _ = app.handle(.down)
        #expect(f.explorer.current?.cursorRow == 9)
    }

    @Test func theRunLoopSizesReadsToTheFrameItDrewAndHandsItToTheKeys() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        let app = ShellApp(explorer: f.explorer)
        let terminal = ShellRunLoopSpec.ScriptedTerminal([.key(.down), .key(.char("q"))])
        terminal.size = (30, 8)
        ShellRunLoop(app: app, terminal: terminal).run()
        #expect(f.explorer.current?.cursorRow == 0)                 // the screen was too small: ↓ waited
        #expect(terminal.lastScreen.hasPrefix("Terminal too small"))

        let g = try ChinookFixture()
        try g.explorer.open("Artist")
        let roomy = ShellRunLoopSpec.ScriptedTerminal([.key(.down), .key(.char("q"))])
        ShellRunLoop(app: ShellApp(explorer: g.explorer), terminal: roomy).run()
        #expect(g.explorer.current?.cursorRow == 1)
        #expect(g.explorer.viewportRows == ShellLayout(width: 100, height: 30, echoVisible: true)?.gridRows)
    }

    /// How far the echo pane scrolls back is the layout's to decide: Home asks for "all the
    /// way", the layout clamps it to the lines beyond one screen, drawing keeps nothing, and
    /// the app keeps the layout's value when it renders (so ↓ then scrolls at once).
    @Test func theLayoutClampsTheEchoPanesScroll() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.open("Artist")
        for index in 0..<30 { f.explorer.moveCursor(to: index * 9) }   // statements for the pane
        _ = app.handle(.tab)
        _ = app.handle(.tab)
        #expect(app.focus == .echo)
        _ = app.handle(.home)
        let wanted = app.echoScroll
        let layout = FrameLayout(app, width: 120, height: 40)
        let box = try #require(layout.panes?.echo).inset(by: 1)
        let lines = EchoPaneLines.lines(f.explorer.echoLog.entries, width: box.width)
        #expect(layout.echoScroll == lines.count - box.height)
        #expect(app.echoScroll == wanted)                               // laying out stored nothing
        #expect(FrameLayout(app, width: 60, height: 16).echoScroll == nil)    // no pane on screen

        let screen = app.render(layout)
        #expect(app.echoScroll == lines.count - box.height)
        #expect(screen.text().split(separator: "\n")[box.y].contains(lines[0].text.prefix(20)))  // the oldest line on top
        _ = app.handle(.down, in: layout)
        #expect(app.echoScroll == lines.count - box.height - 1)
    }

    /// The schema map's boxes per row (↑ and ↓ move by a row) follow the width of the frame laid out.
    @Test func theLayoutCountsTheSchemaMapsBoxesPerRow() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        #expect(FrameLayout(app, width: 120, height: 40).schemaMapColumns == nil)
        _ = app.handle(.char("m"))
        guard case .schemaMap(let browser) = app.overlay else { Issue.record("no map: \(app.overlay)"); return }
        let wide = FrameLayout(app, width: 200, height: 40), narrow = FrameLayout(app, width: 80, height: 40)
        #expect(wide.schemaMapColumns == browser.layout(width: 200 - 6).columns)
        #expect(narrow.schemaMapColumns == browser.layout(width: 80 - 6).columns)
        #expect(try #require(wide.schemaMapColumns) > #require(narrow.schemaMapColumns))
        #expect(FrameLayout(app, width: 30, height: 8).schemaMapColumns == nil)    // too small to draw

        _ = app.render(narrow)
        guard case .schemaMap(let drawn) = app.overlay else { Issue.record("no map: \(app.overlay)"); return }
        #expect(drawn.columnsDrawn == narrow.schemaMapColumns)
        _ = app.render(wide)
        guard case .schemaMap(let redrawn) = app.overlay else { Issue.record("no map: \(app.overlay)"); return }
        #expect(redrawn.columnsDrawn == wide.schemaMapColumns)
    }
}
