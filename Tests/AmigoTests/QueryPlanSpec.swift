@testable import Amigo
import AmigoTestSupport
import Testing

/// A query's plan as a tree, full scans of big tables marked, and the index that would help
/// named as text that is never run.
@Suite struct QueryPlanSpec {
    let path: String
    let amigo: AmigoDatabase

    init() throws {
        path = try SampleDatabase.chinook.copy()
        amigo = try AmigoDatabase(reflecting: path)
    }

    @Test func aFilterOnAnUnindexedColumnOfABigTableIsAFullScanWithAnIndexSuggested() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let plan = try session.query("Track").filter("Composer = 'AC/DC'").queryPlan()
        #expect(plan.explainSQL.hasPrefix("EXPLAIN QUERY PLAN SELECT "))
        #expect(plan.statement.arguments == [.text("AC/DC")])
        #expect(plan.steps.map(\.detail) == ["SCAN Track"])
        #expect(plan.fullScans == [QueryPlan.FullScan(table: "Track", rows: Session.bigTableRows, isLowerBound: true)])
        #expect(plan.suggestedIndexes == [#"CREATE INDEX IF NOT EXISTS "Track_Composer_idx" ON "Track" ("Composer");"#])
        // Never run: the file has no such index.
        #expect(try amigo.engine.fetchScalar("SELECT count(*) FROM sqlite_master WHERE name = 'Track_Composer_idx'").integerValue == 0)
    }

    @Test func equalitiesComeBeforeOneRangeAndAnIndexedColumnIsASearch() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let plan = try session.query("Track").filter("Milliseconds > 300000 AND Composer = 'x' AND Bytes < 5").queryPlan()
        #expect(plan.suggestedIndexes == [#"CREATE INDEX IF NOT EXISTS "Track_Composer_Milliseconds_idx" ON "Track" ("Composer", "Milliseconds");"#])
        let seek = try session.query("Track").filter("AlbumId = 1").queryPlan()
        #expect(seek.fullScans.isEmpty)
        #expect(seek.suggestedIndexes.isEmpty)
        #expect(seek.steps.first?.detail.hasPrefix("SEARCH Track USING INDEX") == true)
    }

    @Test func aSmallTableScannedWholeIsNotMarked() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let plan = try session.query("Genre").filter("Name = 'Rock'").queryPlan()
        #expect(plan.steps.map(\.detail) == ["SCAN Genre"])
        #expect(plan.fullScans.isEmpty)
        #expect(plan.suggestedIndexes.isEmpty)
    }

    @Test func nestedStepsOfRawSQLFormATree() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let plan = try session.queryPlan(of: SQLStatement(sql: "SELECT * FROM Track WHERE TrackId IN (SELECT TrackId FROM PlaylistTrack WHERE PlaylistId = 1)"))
        #expect(plan.steps.count == 2)
        #expect(plan.allSteps.count == 3)
        #expect(plan.steps.contains { !$0.children.isEmpty })
    }

    @Test func postgreSQLsIndentedPlanBecomesATree() {
        let lines = ["Hash Join  (cost=1.00..2.00 rows=10 width=4)", "  Hash Cond: (t.a = a.id)",
                     "  ->  Seq Scan on \"Track\" t  (cost=0.00..80.79 rows=3503 width=92)", "        Filter: (x = 1)",
                     "  ->  Hash  (cost=1.00..1.00 rows=1 width=4)", "        ->  Seq Scan on album a  (cost=0.00..1.00 rows=1 width=4)"]
        let steps = Session.indentedPlanSteps(lines)
        #expect(steps.count == 1)
        #expect(steps[0].notes == ["Hash Cond: (t.a = a.id)"])
        #expect(steps[0].children.map(\.detail) == ["Seq Scan on \"Track\" t  (cost=0.00..80.79 rows=3503 width=92)", "Hash  (cost=1.00..1.00 rows=1 width=4)"])
        #expect(steps[0].children[0].notes == ["Filter: (x = 1)"])
        #expect(steps[0].children[1].children.map(\.detail) == ["Seq Scan on album a  (cost=0.00..1.00 rows=1 width=4)"])
    }
}
