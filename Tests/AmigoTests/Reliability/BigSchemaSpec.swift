import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// A file of thousands of tables: reading its schema reports progress and can be cancelled, and
/// inferring undeclared links grows with the schema, not with its square.
@Suite struct BigSchemaSpec {
    /// A new file of `count` tables `item0…`, each with a column `item<i-1>_id` naming the table
    /// before it; only `item1` holds a row, pointing at `item0`'s.
    private func bigSchema(_ count: Int) throws -> String {
        let path = TemporaryFile.path("big-schema")
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        var script = "BEGIN;"
        for i in 0..<count {
            script += "CREATE TABLE item\(i) (id INTEGER PRIMARY KEY, name TEXT, note TEXT\(i > 0 ? ", item\(i - 1)_id INTEGER" : ""));"
        }
        script += "INSERT INTO item0 VALUES (1, 'a', NULL); INSERT INTO item1 VALUES (1, 'b', NULL, 1); COMMIT;"
        try engine.executeScript(script)
        return path
    }

    /// Seconds `body` takes.
    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        let started = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    /// A comparison of two timings of several seconds: it runs in scripts/test's second pass
    /// (`AMIGO_RUN_ALONE=1`), where no other test loads the machine while it is timed.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["AMIGO_RUN_ALONE"] == "1",
                   "a timing comparison: scripts/test runs it after the parallel suite, with AMIGO_RUN_ALONE=1"))
    func inferringLinksOverFiveThousandTablesCostsAboutAsMuchAsNotInferring() throws {
        let path = try bigSchema(5_000)
        defer { TemporaryFile.remove(path) }
        var baseline = 0.0, inferred = 0.0
        var amigo: AmigoDatabase?
        baseline = try seconds { _ = try AmigoDatabase(reflecting: path, reflection: ReflectionOptions(inferRelationships: false)) }
        inferred = try seconds { amigo = try AmigoDatabase(reflecting: path) }
        // Quadratic candidate search took minutes here (each column compared with every table).
        #expect(inferred < baseline * 4 + 2, "inferring \(inferred) s, baseline \(baseline) s")
        let link = try #require(amigo).model(named: "item1").relationships.first { $0.target.name == "item0" }
        #expect(link?.isInferred == true)
    }

    @Test func readingTheSchemaReportsProgressAndStopsWhenTold() throws {
        let path = try bigSchema(500)
        defer { TemporaryFile.remove(path) }
        var seen: [ReflectionProgress] = []
        _ = try AmigoDatabase(reflecting: path) { seen.append($0); return true }
        let reading = seen.compactMap { if case .readingTables(let done, let total) = $0 { return (done, total) } else { return nil } }
        #expect(reading.map(\.0) == Array(0..<500) && reading.allSatisfy { $0.1 == 500 })
        #expect(seen.last == .inferringLinks(tables: 500))

        #expect {
            _ = try AmigoDatabase(reflecting: path) { progress in
                if case .readingTables(let done, _) = progress { return done < 100 }
                return true
            }
        } throws: { error in
            guard case AmigoError.database(let db) = error else { return false }
            return db.isInterrupted && db.message == "interrupted while reading the schema"
        }
    }
}
