import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// The UI's event loop, driven by a scripted terminal: what happens on keys, prompts and idle ticks.
@Suite struct ShellRunLoopSpec {
    /// A terminal that plays back waits (keys, idle ticks, then the end) and answers prompts.
    final class ScriptedTerminal: ShellTerminal {
        var script: [ShellKeyWait]
        var answers: [String?]
        var frames: [ScreenGrid] = []
        var prompts: [ShellApp.PromptRequest] = []
        var statuses: [String] = []
        var onIdle: () -> Void = {}
        /// Called with each status the loop shows (after it is recorded).
        var onStatus: (String) -> Void = { _ in }
        /// Called when a prompt is answered, before its command runs.
        var onAnswer: () -> Void = {}
        /// Keys "typed" while work runs (handed out by pollKey), and the keys put back.
        var typedDuringWork: [Key] = []
        var unreadKeys: [Key] = []
        /// What the prompt "types" before it is answered (each text goes to onChange).
        var typing: [String] = []
        init(_ script: [ShellKeyWait], answers: [String?] = []) {
            self.script = script
            self.answers = answers
        }
        /// The terminal's size (a test may shrink it).
        var size: (width: Int, height: Int) = (100, 30)
        func draw(_ grid: ScreenGrid) { frames.append(grid) }
        func repaintAll() {}
        func waitForKey(idleAfterMilliseconds milliseconds: Int) -> ShellKeyWait {
            guard !script.isEmpty else { return .closed }
            let next = script.removeFirst()
            if next == .idle { onIdle() }
            return next
        }
        func pollKey() -> Key? { typedDuringWork.isEmpty ? nil : typedDuringWork.removeFirst() }
        func unread(_ keys: [Key]) { unreadKeys += keys }
        func showStatus(_ text: String) {
            statuses.append(text)
            onStatus(text)
        }
        /// What was put on the clipboard, in order.
        var clipboard: [String] = []
        func copyToClipboard(_ text: String) { clipboard.append(text) }
        /// Keys already in the script before its next `.idle` (a pause) were typed ahead: dropped.
        func discardTypeahead() {
            typedDuringWork.removeAll()
            while case .key = script.first { script.removeFirst() }
        }
        func readLine(_ request: ShellApp.PromptRequest, redraw: @escaping () -> ScreenGrid,
                      onMatches: @escaping ([String]) -> Void, onChange: ((String) -> Void)?) -> String? {
            prompts.append(request)
            for text in typing { onChange?(text) }
            typing.removeAll()
            onAnswer()
            return answers.isEmpty ? nil : answers.removeFirst()
        }
        func suspend() {}
        func resumeIfSuspended() -> Bool { false }
        var lastScreen: String { frames.last.map { (0..<$0.height).map($0.line).joined(separator: "\n") } ?? "" }
    }

    @Test func aPromptIsReadAndItsCommandRunsThenQQuits() throws {
        let f = try ChinookFixture()
        let terminal = ScriptedTerminal([.key(.char(":")), .key(.char("q"))], answers: ["open Genre"])
        let loop = ShellRunLoop(app: ShellApp(explorer: f.explorer), terminal: terminal)
        loop.run()
        #expect(terminal.prompts.map(\.prompt) == [":"])
        #expect(f.explorer.current?.model?.name == "Genre")
        #expect(terminal.lastScreen.contains("Rock"))
        #expect(!f.explorer.session.isActive)   // closed when the loop ends
    }

    /// Find as you type on a slow view: keys typed while a search runs are the prompt's next
    /// keys (put back for it to read), not keys for the grid once the prompt closes.
    @Test func keysTypedWhileAnAsYouTypeSearchRunsGoBackToThePrompt() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Track")
        let terminal = ScriptedTerminal([.key(.char("f"))], answers: [nil])
        terminal.typing = ["zzzz"]    // no row has it: the search reads the whole table
        terminal.typedDuringWork = [.char("b"), .char("c")]
        // A clock that runs a second a call: the search is slow at once, and the keys are polled.
        var clock: UInt64 = 0
        let loop = ShellRunLoop(app: ShellApp(explorer: f.explorer), terminal: terminal, now: { clock += 1_000_000_000; return clock })
        loop.run()
        #expect(terminal.prompts.count == 1)
        #expect(terminal.unreadKeys == [.char("b"), .char("c")])
    }

    @Test func idleTimeFinishesEveryDeferredCountWithoutAKey() throws {
        let path = TemporaryFile.path("runloop-counts")
        defer { TemporaryFile.remove(path) }
        do {
            let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
            try engine.executeScript("""
                CREATE TABLE a (id INTEGER PRIMARY KEY); CREATE TABLE b (id INTEGER PRIMARY KEY); CREATE TABLE c (id INTEGER PRIMARY KEY);
                WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 500) INSERT INTO a SELECT x FROM n;
                INSERT INTO b SELECT id FROM a; INSERT INTO c SELECT id FROM a;
                """)
        }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "counts", tableCountLimit: 100)
        #expect(explorer.tables.filter(\.isLowerBound).count == 3)
        var boundsSeenAtEachTick: [Int] = []
        let terminal = ScriptedTerminal([.idle, .idle, .idle])
        terminal.onIdle = { boundsSeenAtEachTick.append(explorer.tables.filter(\.isLowerBound).count) }
        ShellRunLoop(app: ShellApp(explorer: explorer), terminal: terminal).run()
        // Right after the first frame, one count after another while no key is pressed.
        #expect(boundsSeenAtEachTick == [0, 0, 0])
        #expect(explorer.tables.map(\.rowCount) == [500, 500, 500])
        #expect(terminal.lastScreen.contains("500"))
    }

    /// A count that reads rows (a filtered view, a database view) shows its progress and Esc
    /// stops it; a whole SQLite table is SQLite's one-step count, over before a key is read.
    @Test func anIdleCountShowsItsProgressAndEscStopsItKeepingTheView() throws {
        let path = TemporaryFile.path("runloop-idle-count")
        defer { TemporaryFile.remove(path) }
        do {
            let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
            try engine.executeScript("""
                CREATE TABLE big (id INTEGER PRIMARY KEY);
                WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300000) INSERT INTO big SELECT x FROM n;
                CREATE VIEW odd AS SELECT id FROM big WHERE id % 2 = 1;
                """)
        }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "counts", tableCountLimit: 100)
        // `:open odd`, then two idle ticks; Esc is typed once the count says how far it has come.
        let terminal = ScriptedTerminal([.key(.char(":")), .idle, .idle], answers: ["open odd"])
        terminal.onStatus = { [unowned terminal] status in
            if status.hasPrefix("counting odd: ") { terminal.typedDuringWork = [.escape] }
        }
        var clock: UInt64 = 0
        let app = ShellApp(explorer: explorer)
        ShellRunLoop(app: app, terminal: terminal, now: { clock += 20_000_000; return clock }).run()
        let progress = try #require(terminal.statuses.first { $0.hasPrefix("counting odd: ") }, "\(terminal.statuses)")
        #expect(progress.hasSuffix(" s · Esc stops"), "\(progress)")
        // Stopped, and not started again by the idle ticks after it: the view is still open, its count a lower bound.
        #expect(explorer.current?.title == "odd")
        #expect(explorer.current?.countIsExact == false)
        #expect(explorer.current?.totalCount == 100)
        #expect(app.message == ShellRunLoop.countingStopped)
        #expect(terminal.statuses.filter { $0.hasPrefix("counting odd: ") }.count >= 1)
        #expect(terminal.lastScreen.contains("1/100+"), "\(terminal.lastScreen)")
    }

    @Test func anIdleTickShowsRowsAnotherProgramCommitted() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Genre")
        let terminal = ScriptedTerminal([.idle])
        terminal.onIdle = {
            let other = try? SQLiteEngine(path: f.path)
            _ = try? other?.execute("INSERT INTO Genre (Name) VALUES ('Zydeco')", [])
        }
        ShellRunLoop(app: ShellApp(explorer: f.explorer), terminal: terminal).run()
        #expect(f.explorer.current?.totalCount == 26)
        #expect(terminal.lastScreen.contains("26"))
    }

    @Test func aCancelledPromptRunsNothing() throws {
        let f = try ChinookFixture()
        let terminal = ScriptedTerminal([.key(.char(":"))], answers: [nil])
        ShellRunLoop(app: ShellApp(explorer: f.explorer), terminal: terminal).run()
        #expect(terminal.prompts.count == 1)
        #expect(f.explorer.current == nil)
    }

    /// `Dy` typed (or pasted) faster than the box appears: the y was typed before the question
    /// was shown, so it answers nothing; a y typed after a pause confirms.
    @Test func aConfirmationIsAnsweredOnlyByKeysTypedAfterItAppeared() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open PlaylistTrack")
        let typedAhead = ScriptedTerminal([.key(.char("D")), .key(.char("y")), .key(.char("y"))])
        ShellRunLoop(app: ShellApp(explorer: f.explorer), terminal: typedAhead).run()
        // The box is still waiting for its answer when input ends.
        #expect(typedAhead.lastScreen.contains("Run inside the session?"))
        #expect(!typedAhead.lastScreen.contains("uncommitted ("))

        let g = try ChinookFixture()
        _ = try g.explorer.run("open PlaylistTrack")
        let afterAPause = ScriptedTerminal([.key(.char("D")), .idle, .key(.char("y"))])
        ShellRunLoop(app: ShellApp(explorer: g.explorer), terminal: afterAPause).run()
        #expect(!afterAPause.lastScreen.contains("Run inside the session?"))
        #expect(afterAPause.lastScreen.contains("uncommitted (:commit"))
    }

    /// Keys typed while the key's own work ran (polled by the watchdog) are typed ahead too.
    @Test func keysTypedWhileAPreviewRanDoNotConfirmIt() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open PlaylistTrack")
        let terminal = ScriptedTerminal([.key(.char("D"))])
        terminal.typedDuringWork = [.char("y")]
        var clock: UInt64 = 0
        ShellRunLoop(app: ShellApp(explorer: f.explorer), terminal: terminal, now: { clock += 1_000_000_000; return clock }).run()
        #expect(terminal.lastScreen.contains("Run inside the session?"))
    }

    /// A paste on the grid runs none of its characters as keys.
    @Test func aPasteOnTheGridRunsNothing() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Genre")
        let terminal = ScriptedTerminal([.key(.paste("Dy:commit\nq"))])
        let app = ShellApp(explorer: f.explorer)
        ShellRunLoop(app: app, terminal: terminal).run()
        #expect(terminal.prompts.isEmpty)
        #expect(!terminal.lastScreen.contains("Run inside the session?"))
        #expect(app.message.contains("nothing was run"))
    }
}
