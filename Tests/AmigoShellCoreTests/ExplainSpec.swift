import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// `explain` and `x`: the plan of the statement behind the view as a tree, full scans of big
/// tables marked, and the index that would help as text that is never run.
@Suite struct ExplainSpec {
    @Test func explainAloneExplainsTheViewAndExplainWithAStatementIsSQL() throws {
        #expect(try CommandParser.parse("explain") == .explain)
        #expect(try CommandParser.parse("EXPLAIN QUERY PLAN SELECT 1") == .sql("EXPLAIN QUERY PLAN SELECT 1"))
    }

    @Test func aFilteredBigTableShowsItsFullScanAndTheIndexThatWouldHelp() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        _ = try e.run("open Track")
        _ = try e.run("filter Composer = 'AC/DC'")
        let result = try e.run("explain")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("SELECT "))
        #expect(lines[0].hasSuffix("  ['AC/DC']"))
        #expect(lines.contains("`--SCAN Track   ◀ full scan of Track: 1000+ rows"))
        #expect(lines.contains(#"   CREATE INDEX IF NOT EXISTS "Track_Composer_idx" ON "Track" ("Composer");"#))
        #expect(result.status == "plan: full scan of Track — an index is suggested")
        #expect(try f.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'Track_Composer_idx'") == 0)
    }

    @Test func aSQLResultIsExplainedAsATree() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        _ = try e.run("sql SELECT * FROM Track WHERE TrackId IN (SELECT TrackId FROM PlaylistTrack WHERE PlaylistId = 1)")
        let lines = try e.run("explain").output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("|--") || $0.hasPrefix("`--") })
        #expect(lines.contains { $0.hasPrefix("   `--") })
    }

    @Test func xInTheUIOpensThePlan() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Track")
        _ = app.handle(.char("x"))
        guard case .output(let title, let text, _) = app.overlay else { Issue.record("no plan: \(app.overlay)"); return }
        #expect(title.hasPrefix("explain"))
        #expect(text.contains("SCAN Track"))
    }
}
