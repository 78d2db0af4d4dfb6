import Foundation
import Testing

/// A commit is all or nothing, even when the process is killed (-9) in the middle of it: the file
/// passes SQLite's integrity check and holds either every change of the commit or none.
@Suite("kill -9 during a commit", .serialized)
struct CrashSafetySpec {
    @Test("every kill leaves the file whole, with all of the commit's rows changed or none", arguments: [5, 15, 30, 60, 120])
    func killDuringCommit(delayMilliseconds: Int) throws {
        let workspace = try Workspace("kill-\(delayMilliseconds)")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        _ = try ProcessRunner.run(sqlite3, [workspace.database, "CREATE TABLE Counter (id INTEGER PRIMARY KEY, v INTEGER); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 400) INSERT INTO Counter SELECT x, 0 FROM c;"])
        // 400 updates in one transaction, then COMMIT, while the test kills the process.
        let script = ["open Counter"] + (1...400).flatMap { ["get \($0)", "set v = 1"] } + ["commit"]
        let binary = try Fixture.binary()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [workspace.database]
        process.currentDirectoryURL = workspace.directory
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((script.joined(separator: "\n") + "\n").utf8))
        usleep(useconds_t(delayMilliseconds * 1000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()

        #expect(try SQLite3.query(workspace.database, "PRAGMA integrity_check") == "ok")
        let changed = try SQLite3.query(workspace.database, "SELECT count(*) FROM Counter WHERE v = 1")
        #expect(changed == "0" || changed == "400", "a torn commit: \(changed) of 400 rows changed")
    }
}
