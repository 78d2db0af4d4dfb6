import Foundation
import Testing

/// Another program holding a SQLite file's lock: the `sqlite3` shell after `BEGIN EXCLUSIVE`, fed
/// through a pipe, until ``release()``.
final class LockHoldingProgram {
    private let process = Process()
    private let input = Pipe()

    /// Starts `sqlite3 database`, begins an exclusive transaction and waits until the lock is held
    /// (another `sqlite3` that does not wait is refused a write).
    init(_ database: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"), "sqlite3 is not installed", sourceLocation: sourceLocation)
        process.executableURL = URL(fileURLWithPath: sqlite3)
        process.arguments = ["-batch", database]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(".timeout 10000\nBEGIN EXCLUSIVE;\n".utf8))
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            // A write, refused in either journal mode (in WAL mode readers are never refused).
            let probe = try ProcessRunner.run(sqlite3, ["-batch", database, "BEGIN IMMEDIATE; ROLLBACK;"])
            if probe.status != 0 && (probe.stdout + probe.stderr).contains("locked") { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        release()
        Issue.record("sqlite3 did not take the lock on \(database)", sourceLocation: sourceLocation)
    }

    /// Rolls the transaction back (the lock is let go) and ends the program.
    func release() {
        guard process.isRunning else { return }
        input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { release() }
}
