import Foundation
import Testing
@testable import Amigo

/// Sessions on several threads are independent transactions: one engine runs one session at a
/// time, a second one waits (or, on the same thread, is refused), a commit that returned stays
/// committed, and a session shared by threads never looks closed during another thread's commit.
@Suite struct SessionIsolationSpec {
    /// Runs `body` on a new thread (not a cooperative-pool one, which must not block).
    private static func spawn(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { body(); done.signal() }
        thread.start()
        return done
    }

    @Test func aSessionOnAnotherThreadWaitsAndItsCommitSurvivesTheFirstsRollback() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let db = try SeedDatabase(path: file.path)
        let outer = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "lucy"
        try outer.add(lucy)

        let began = Shared(false)
        let failure = Shared<String?>(nil)
        let amigo = db.amigo
        let done = Self.spawn {
            do {
                let inner = try amigo.openSession()          // waits for `outer` to close
                began.value = true
                let ollie = Dog(); ollie.label = "ollie"
                try inner.add(ollie)
                try inner.commit()
                try inner.close()
            } catch {
                failure.value = "\(error)"
            }
        }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!began.value)                          // not a SAVEPOINT inside `outer`
        try outer.rollback()                           // must not erase what `inner` will commit
        try outer.close()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(failure.value == nil)
        #expect(began.value)
        #expect(try db.amigo.query(Dog.self).all().map(\.label) == ["ollie"])
        // Seen from another connection: durable.
        let reader = try SeedDatabase(path: file.path)
        #expect(try reader.amigo.query(Dog.self).all().map(\.label) == ["ollie"])
    }

    @Test func aSecondSessionOnTheSameThreadThrowsATypedErrorAtOnce() throws {
        let db = try SeedDatabase()
        let first = try db.amigo.openSession()
        let start = Date()
        #expect(throws: AmigoError.sessionAlreadyOpen(path: db.amigo.engine.path)) { try db.amigo.openSession() }
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(first.isActive)
        let message = AmigoError.sessionAlreadyOpen(path: "x.db").description
        #expect(message.contains("savepoint"))
    }

    @Test func aWaitingSessionGivesUpAfterTheTimeoutWithATypedError() throws {
        let db = try SeedDatabase()
        db.amigo.engine.sessionWaitTimeout = 0.2
        #expect(db.amigo.engine.transactionGate.timeout == 0.2)
        let holder = try db.amigo.openSession()
        let amigo = db.amigo
        let outcome = Shared<(AmigoError?, TimeInterval)>((nil, 0))
        let done = Self.spawn {
            let start = Date()
            do { _ = try amigo.openSession() } catch let error as AmigoError { outcome.value = (error, Date().timeIntervalSince(start)) } catch {}
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(outcome.value.0 == .sessionBusy(path: db.amigo.engine.path, waited: 0.2))
        #expect(outcome.value.1 >= 0.19)
        #expect(holder.isActive)
        // The timeout is an open option too.
        let options = OpenOptions(create: true, sessionWaitMilliseconds: 1500)
        let engine = try SQLiteEngine(path: ":memory:", options: options)
        #expect(engine.sessionWaitTimeout == 1.5)
    }

    @Test func commitAndRollbackKeepTheEngineUntilClose() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let amigo = db.amigo
        let began = Shared(false)
        let done = Self.spawn {
            if let other = try? amigo.openSession() { began.value = true; try? other.close() }
        }
        for _ in 0..<20 {
            let d = Dog(); d.label = "x"
            try session.add(d)
            try session.commit()
            try session.rollback()
            try session.refresh()
        }
        #expect(!began.value)
        try session.close()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(began.value)
    }

    @Test func aQueryOutsideSessionsOnAnotherThreadNeverReadsAnOpenSessionsRows() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "lucy"
        try session.add(lucy)
        // On the session's own thread, a query outside sessions runs inside its transaction.
        #expect(try db.amigo.query(Dog.self).count() == 1)
        let amigo = db.amigo
        let seen = Shared<Int?>(nil)
        let done = Self.spawn { seen.value = try? amigo.query(Dog.self).count() }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(seen.value == nil)                     // waiting, not reading uncommitted rows
        try session.rollback()
        try session.close()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.value == 0)
    }

    @Test func createAllOnAnotherThreadWaitsInsteadOfJoiningTheOpenSession() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let kennel = ORMModel(name: "kennel", items: [Column("id", type: Int.self, primaryKey: true)])
        let amigo = try AmigoDatabase([kennel], engine: db.amigo.engine)
        let failure = Shared<String?>("not run")
        let done = Self.spawn {
            do { try amigo.createAll(); failure.value = nil } catch { failure.value = "\(error)" }
        }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(failure.value == "not run")            // not a SAVEPOINT inside `session`
        try session.rollback()                         // so this cannot undo the other thread's table
        try session.close()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(failure.value == nil)
        #expect(try db.amigo.engine.fetchScalar("SELECT count(*) FROM sqlite_schema WHERE name = 'kennel'") == 1)
    }

    @Test func aSessionSharedByThreadsNeverLooksClosedDuringAnotherThreadsCommit() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let errors = Shared<[String]>([])
        let added = Shared(0)
        let stop = Shared(false)
        var waits: [DispatchSemaphore] = []
        for _ in 0..<3 {
            waits.append(Self.spawn {
                var count = 0
                while !stop.value {
                    do {
                        let d = Dog(); d.label = "x"
                        try session.add(d)
                        count += 1
                        _ = try session.query(Dog.self).count()
                    } catch {
                        errors.mutate { $0.append("\(error)") }
                    }
                }
                added.mutate { $0 += count }
            })
        }
        waits.append(Self.spawn {
            while !stop.value {
                do { try session.commit() } catch { errors.mutate { $0.append("\(error)") } }
            }
        })
        Thread.sleep(forTimeInterval: 0.4)
        stop.value = true
        for wait in waits { #expect(wait.wait(timeout: .now() + 10) == .success) }
        #expect(errors.value.count == 0, "\(errors.value.prefix(3))")
        try session.commit()
        try session.close()
        #expect(added.value > 0)
        #expect(try db.amigo.query(Dog.self).count() == added.value)
    }

    @Test func aSessionClosedByAnotherThreadRefusesFurtherWrites() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let done = Self.spawn { try? session.close() }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(throws: AmigoError.sessionClosed) { try session.add(Dog()) }
        #expect(!db.amigo.engine.transactionGate.isHeld)
        let next = try db.amigo.openSession()                // the engine was given up
        #expect(next.isActive)
    }
}

/// Many threads, each opening sessions on one shared engine and file: add a row → count →
/// read-modify-write a shared counter row → commit (90%) or roll back (10%) → close. Afterwards
/// every committed row must be there, no rolled-back row, and every counter must equal its
/// committed increments. One second on four threads in the suite; `scripts/stress` runs it longer
/// (`AMIGO_STRESS_SECONDS`, `AMIGO_STRESS_THREADS`).
@Suite struct SessionStressSpec {
    struct Outcome: CustomStringConvertible {
        var committed = 0, rolledBack = 0, lost = 0, phantom = 0, unexplained = 0, errors: [String] = []
        var counterMismatches: [String] = []
        var description: String {
            "committed \(committed), rolled back \(rolledBack), lost \(lost), phantom \(phantom), "
                + "unexplained \(unexplained), counter mismatches \(counterMismatches.count), errors \(errors.count)"
        }
    }

    static func environment(_ name: String, default value: Double) -> Double {
        ProcessInfo.processInfo.environment[name].flatMap(Double.init) ?? value
    }

    @Test func concurrentSessionsLoseNothingAndLeakNothing() throws {
        let seconds = Self.environment("AMIGO_STRESS_SECONDS", default: 1)
        let threads = max(1, Int(Self.environment("AMIGO_STRESS_THREADS", default: 4)))
        let outcome = try Self.run(threads: threads, seconds: seconds)
        print("stress: \(threads) threads × \(seconds) s: \(outcome)")
        #expect(outcome.committed > 0)
        #expect(outcome.lost == 0)
        #expect(outcome.phantom == 0)
        #expect(outcome.unexplained == 0)
        #expect(outcome.counterMismatches.count == 0, "\(outcome.counterMismatches.prefix(8))")
        #expect(outcome.errors.count == 0, "\(outcome.errors.prefix(5))")
    }

    static let counters = 8

    static func run(threads: Int, seconds: Double) throws -> Outcome {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let db = try SeedDatabase(path: file.path)
        try db.amigo.engine.executeScript("""
            CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
            INSERT INTO counter (id, n) VALUES \((0..<counters).map { "(\($0), 0)" }.joined(separator: ", "));
            """)
        struct Log: Sendable { var committed: [String] = [], rolledBack: [String] = [], increments = [Int](repeating: 0, count: SessionStressSpec.counters), errors: [String] = [] }
        let logs = Shared<[Log]>(Array(repeating: Log(), count: threads))
        let amigo = db.amigo
        let deadline = Date(timeIntervalSinceNow: seconds)
        var waits: [DispatchSemaphore] = []
        for t in 0..<threads {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                var log = Log()
                var generator = SystemRandomNumberGenerator()
                var i = 0
                while Date() < deadline {
                    i += 1
                    let label = "t\(t)-\(i)"
                    let counter = Int.random(in: 0..<counters, using: &generator)
                    let commit = Int.random(in: 0..<10, using: &generator) != 0
                    do {
                        let session = try amigo.openSession()
                        defer { try? session.close() }
                        let d = Dog(); d.label = label
                        try session.add(d)
                        _ = try session.query(Dog.self).count()
                        let n = try session.fetch("SELECT n FROM counter WHERE id = ?", [.integer(Int64(counter))])[0]["n"]
                        try session.execute("UPDATE counter SET n = ? WHERE id = ?",
                                            [.integer((n.integerValue ?? 0) + 1), .integer(Int64(counter))])
                        if commit {
                            do {
                                try session.commit()
                            } catch {
                                // Not committed: close() rolls it back.
                                log.rolledBack.append(label)
                                throw error
                            }
                            log.committed.append(label)
                            log.increments[counter] += 1
                        } else {
                            try session.rollback()
                            log.rolledBack.append(label)
                        }
                    } catch {
                        log.errors.append("\(error)")
                    }
                }
                logs.mutate { $0[t] = log }
                done.signal()
            }
            thread.start()
            waits.append(done)
        }
        for wait in waits { _ = wait.wait(timeout: .now() + seconds + 60) }

        var outcome = Outcome()
        let reader = try SeedDatabase(path: file.path)       // a fresh connection: only what is durable
        let present = Set(try reader.amigo.query(Dog.self).all().compactMap(\.label))
        var committed = Set<String>(), rolledBack = Set<String>()
        var increments = [Int](repeating: 0, count: counters)
        for log in logs.value {
            committed.formUnion(log.committed)
            rolledBack.formUnion(log.rolledBack)
            for k in 0..<counters { increments[k] += log.increments[k] }
            outcome.errors += log.errors
        }
        outcome.committed = committed.count
        outcome.rolledBack = rolledBack.count
        outcome.lost = committed.subtracting(present).count
        outcome.phantom = rolledBack.intersection(present).count
        outcome.unexplained = present.subtracting(committed).subtracting(rolledBack).count
        for row in try reader.amigo.engine.fetchAll("SELECT id, n FROM counter ORDER BY id").rows {
            let k = Int(row[0].integerValue ?? -1), n = Int(row[1].integerValue ?? -1)
            if k >= 0 && k < counters && n != increments[k] { outcome.counterMismatches.append("counter \(k): \(n), expected \(increments[k])") }
        }
        return outcome
    }
}

/// A value shared by test threads; `mutate` changes it in one step under the lock.
final class Shared<V>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: V
    init(_ value: V) { stored = value }
    var value: V {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    func mutate(_ change: (inout V) -> Void) { lock.withLock { change(&stored) } }
}
