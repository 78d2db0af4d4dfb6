import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Another program holds the file's lock (`BEGIN EXCLUSIVE`): a wait is slow work like any other
/// (said after 150 ms, cancelled by Esc), nothing read before is shown as current, and a version
/// that cannot be read is not a change.
@Suite struct LockWaitSpec {
    /// A second connection to `path` that holds an exclusive lock until it is released.
    final class LockHolder {
        let engine: SQLiteEngine
        init(_ path: String) throws { engine = try SQLiteEngine(path: path) }
        func lock() throws { try engine.execute(.begin(.exclusive)) }
        func release() { try? engine.execute(.rollback) }
    }

    static let lockNotice = "waiting for a lock held by another program… Esc or Ctrl-C cancels"

    /// Runs `keys` with `answers` on chinook while another connection holds the lock from the
    /// moment the prompt is answered; Esc is typed once the lock wait is announced.
    private func runCancelled(_ keys: [Key], answers: [String?], on f: ChinookFixture) throws -> ShellRunLoopSpec.ScriptedTerminal {
        let holder = try LockHolder(f.path)
        defer { holder.release() }
        let terminal = ShellRunLoopSpec.ScriptedTerminal(keys.map { .key($0) }, answers: answers)
        terminal.onAnswer = { try? holder.lock() }
        terminal.onStatus = { [unowned terminal] status in
            // Esc, then the other program lets go: the Esc is seen first, in the same check.
            if status == LockWaitSpec.lockNotice { terminal.typedDuringWork = [.escape]; holder.release() }
        }
        ShellRunLoop(app: ShellApp(explorer: f.explorer), terminal: terminal).run()
        return terminal
    }

    @Test func openingATableWhileAnotherProgramHoldsTheLockSaysSoAndEscCancels() throws {
        let f = try ChinookFixture()
        let started = DispatchTime.now().uptimeNanoseconds
        let terminal = try runCancelled([.char(":")], answers: ["open Genre"], on: f)
        #expect(terminal.statuses.contains(Self.lockNotice))
        #expect(terminal.lastScreen.contains("interrupted"))
        #expect(f.explorer.current?.model?.name != "Genre")
        // Cancelled, not waited out (the busy timeout is 2 s).
        #expect(DispatchTime.now().uptimeNanoseconds - started < 1_900_000_000)
    }

    @Test func aFilterWaitingForALockSaysSoAndEscCancels() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Track")
        f.explorer.releaseIdleLocks()
        let terminal = try runCancelled([.char("/")], answers: ["Milliseconds > 300000"], on: f)
        #expect(terminal.statuses.contains(Self.lockNotice))
        #expect(terminal.lastScreen.contains("interrupted"))
        #expect(f.explorer.current?.filter == nil)
    }

    @Test func theEngineAsksTheCheckWhileItWaitsForALockAndStopsWhenToldTo() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(busyTimeoutMilliseconds: 60_000))
        let holder = try LockHolder(path)
        try holder.lock()
        defer { holder.release() }
        var asked: [EngineWait] = []
        engine.setWaitCheck { wait in asked.append(wait); return asked.count > 3 }
        let started = DispatchTime.now().uptimeNanoseconds
        #expect {
            try engine.fetchScalar("SELECT count(*) FROM Genre")
        } throws: { error in
            guard case AmigoError.database(let db) = error else { return false }
            return db.isInterrupted && db.message.contains("waiting for a lock held by another program")
        }
        #expect(asked.allSatisfy { $0 == .lockHeldElsewhere } && asked.count == 4)
        #expect(DispatchTime.now().uptimeNanoseconds - started < 1_000_000_000)
    }

    @Test func textModeNeverPrintsACountOrRowsReadBeforeWhenTheFileIsLocked() throws {
        let f = try ChinookFixture(options: OpenOptions(busyTimeoutMilliseconds: 100))
        var printed: [String] = []
        var errors: [String] = []
        let runner = TextModeRunner(explorer: f.explorer, echo: false, output: { printed.append($0) }, errors: { errors.append($0) })
        runner.run("open Genre")
        runner.run("count")
        #expect(printed.last == "25\n")
        let other = try SQLiteEngine(path: f.path)
        try other.execute("INSERT INTO Genre (Name) VALUES ('Zydeco')", [])
        let holder = try LockHolder(f.path)
        try holder.lock()
        printed.removeAll()
        runner.run("count")
        runner.run("show")
        runner.run("tables")
        #expect(printed.isEmpty, "\(printed)")
        #expect(errors.count == 3 && errors.allSatisfy { $0.contains("locked") }, "\(errors)")
        #expect(!errors.contains { $0.contains("schema was changed") })
        holder.release()
        errors.removeAll()
        runner.run("count")
        #expect(printed.last == "26\n")
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func aVersionThatCannotBeReadIsNotAChange() throws {
        let f = try ChinookFixture(options: OpenOptions(busyTimeoutMilliseconds: 50))
        _ = try f.explorer.run("open Genre")
        f.explorer.releaseIdleLocks()
        let holder = try LockHolder(f.path)
        try holder.lock()
        #expect(!f.explorer.schemaChangedSinceReflection)
        #expect(!f.explorer.refreshIfChangedElsewhere())
        #expect(f.explorer.takeNotice() == nil)
        holder.release()
        #expect(!f.explorer.refreshIfChangedElsewhere())
        #expect(f.explorer.takeNotice() == nil)
    }
}
