import Amigo
import AmigoPostgres
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// `export` on every engine over the same part of Chinook: a filtered, ordered view (its
/// statement's arguments bound: through a cursor on PostgreSQL) writes exactly the rows it
/// selects, in its order; stopped by the interrupt between batches, it writes nothing and the
/// session's transaction goes on.
@Suite("export on SQLite and PostgreSQL")
struct ExportScenarios {
    @Test(arguments: TestStore.Kind.available)
    func aFilteredViewExportsEveryRowItSelectsInItsOrder(_ kind: TestStore.Kind) throws {
        let shell = try ShellScenarios.Shell(kind)
        let folder = TemporaryFile.path("export", ext: "d")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/tracks.csv"
        let (_, errors) = shell.run(["open Track", "filter Milliseconds > 200000 AND Name CONTAINS[c] 'e'",
                                     "order Milliseconds desc", "export csv \(file)"])
        #expect(errors == [])
        let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\r\n").dropLast()
        // The same rows written from values, read by a statement of the test's own.
        let engine = shell.explorer.amigo.engine
        var formatter = CSVFormatter()
        var expected: [String] = []
        var header = ""
        try engine.fetch(#"SELECT * FROM "Track" WHERE "Milliseconds" > 200000 AND lower("Name") LIKE '%e%'"#, [],
                         describing: { header = formatter.begin(columns: $0.map(\.name), forms: $0.map(\.form)) }) { row in
            expected.append(String(formatter.row(row.values).dropLast()))    // "\r\n" is one Character
            return true
        }
        #expect(expected.count > 50)
        #expect(lines.first.map { $0 + "\r\n" } == header)
        #expect(lines.dropFirst().sorted() == expected.sorted())
        // In the view's order: Milliseconds (the seventh column) never grows.
        let milliseconds = lines.dropFirst().compactMap { line in Int(line.split(separator: ",", omittingEmptySubsequences: false).reversed()[2]) }
        #expect(milliseconds.count == expected.count)
        #expect(milliseconds == milliseconds.sorted(by: >))
    }

    /// On PostgreSQL, where the check is asked between the cursor's batches (SQLite's own
    /// interrupt is ExportCompletenessSpec's).
    @Test(arguments: TestStore.Kind.available.filter { $0 == .postgres })
    func aStoppedExportWritesNothingAndTheSessionGoesOn(_ kind: TestStore.Kind) throws {
        let shell = try ShellScenarios.Shell(kind)
        let folder = TemporaryFile.path("export", ext: "d")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/tracks.csv"
        _ = shell.run(["open PlaylistTrack", "count"])
        final class Stop: @unchecked Sendable { var calls = 0 }
        let stop = Stop()
        shell.explorer.amigo.engine.setInterruptCheck { stop.calls += 1; return stop.calls >= 3 }
        let (_, errors) = shell.run(["export csv \(file)"])
        shell.explorer.amigo.engine.setInterruptCheck(nil)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("export stopped; nothing written to \(file)") == true, "\(errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        // The session's transaction was not ended: the next command runs, and a full export follows.
        let (printed, after) = shell.run(["count", "export csv \(file)"])
        #expect(after == [])
        #expect(printed.first.flatMap { Int($0.filter(\.isNumber)) } == (try shell.committedCount("PlaylistTrack")).integerValue.map(Int.init))
        let rows = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\r\n").count - 2
        #expect(rows == (try shell.committedCount("PlaylistTrack")).integerValue.map(Int.init))
    }
}
