import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// `MATCHES '(a|aa)*b'` over a thousand rows stays under the cap on each value but adds up to
/// minutes: in the terminal UI it is slow work that says so and Esc cancels; in text mode it has
/// a total budget and a clear error.
@Suite struct SlowMatchingSpec {
    /// An explorer over a new file with 1,000 rows on which `(a|aa)*b` backtracks.
    private func explorer() throws -> (Explorer, String) {
        let path = TemporaryFile.path("slow-matching")
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO t SELECT i, 'aaaaaaaaaaaaaaaaaaaaaaaaaa' FROM n;
            """)
        return (try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path), path)
    }

    @Test func inTheUIASlowPatternSaysItIsWorkingAndEscCancelsIt() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        _ = try explorer.run("open t")
        explorer.releaseIdleLocks()
        let terminal = ShellRunLoopSpec.ScriptedTerminal([.key(.char("/"))], answers: ["s MATCHES '(a|aa)*b'"])
        terminal.onStatus = { [unowned terminal] status in
            if status.hasPrefix("working…") { terminal.typedDuringWork = [.escape] }
        }
        let started = ContinuousClock.now
        ShellRunLoop(app: ShellApp(explorer: explorer), terminal: terminal).run()
        #expect(terminal.statuses.contains("working… Esc or Ctrl-C cancels the query"))
        #expect(terminal.lastScreen.contains("interrupted"))
        #expect(explorer.current?.filter == nil)
        #expect(ContinuousClock.now - started < .seconds(5))
        // The UI's loop lifts the total budget only while it runs.
        #expect((explorer.amigo.engine as? SQLiteEngine)?.totalMatchingBudget == .seconds(10))
    }

    @Test func textModeStopsAtTheTotalBudgetWithOneClearLine() throws {
        let (explorer, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        (explorer.amigo.engine as? SQLiteEngine)?.totalMatchingBudget = .milliseconds(500)
        var errors: [String] = []
        let runner = TextModeRunner(explorer: explorer, echo: false, output: { _ in }, errors: { errors.append($0) })
        runner.run("open t")
        let started = ContinuousClock.now
        runner.run("filter s MATCHES '(a|aa)*b'", location: "line 2")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(errors.count == 1)
        #expect(errors.first?.contains("regular expression took longer than 0.5 s in total over") == true, "\(errors)")
        #expect(errors.first?.contains("\n") == false)
    }
}
