import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// A pool reads a SQLite file on several threads while one writer commits: WAL, a writer
/// connection, readers each in a snapshot of its own. Waits between threads are proved with
/// latches (semaphores one side signals and the other waits for, with a timeout that fails the
/// test), not with sleeps.
@Suite struct AmigoPoolSpec {
    final class PoolAuthor: AmigoModel {
        var id: Int?
        var name: String?
    }

    final class PoolNote: AmigoModel {
        var id: Int?
        var text: String?
        var author: PoolAuthor?
    }

    /// New model instances on every call, as a pool's factory must give.
    static let models = PoolModels.compiled {
        let author = ORMModel(PoolAuthor.self, Column("id", \PoolAuthor.id, primaryKey: true), Column("name", \PoolAuthor.name),
                              OneToMany("notes", using: PoolNote.self, on: "author"))
        let note = ORMModel(PoolNote.self, Column("id", \PoolNote.id, primaryKey: true), Column("text", \PoolNote.text),
                            Column("author", ForeignKey(author), \PoolNote.author))
        return [author, note]
    }

    /// A pool on a new file with the author and note tables, and one author "ada".
    static func pool(readers: Int = 5) throws -> (AmigoPool, String) {
        let path = TemporaryFile.path("pool")
        let pool = try AmigoPool(path: path, models: models, configuration: .init(maximumReaders: readers, create: true))
        try pool.write { session in
            try session.amigo.createAll()
            let ada = PoolAuthor(); ada.name = "ada"
            try session.add(ada)
        }
        return (pool, path)
    }

    static func addNote(_ pool: AmigoPool, _ text: String) throws {
        try pool.write { session in
            let note = PoolNote(); note.text = text
            note.author = try session.query(PoolAuthor.self).first()
            try session.add(note)
        }
    }

    static func noteCount(_ session: Session) throws -> Int { try session.query(PoolNote.self).count() }

    /// Runs `body` on a new thread (not a cooperative-pool one, which must not block); the
    /// semaphore is signalled when it returns.
    static func spawn(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread { body(); done.signal() }.start()
        return done
    }

    // MARK: Opening

    @Test func aFileNotInWALIsSwitchedAndThePoolSaysSo() throws {
        let path = TemporaryFile.path("pool")
        defer { TemporaryFile.remove(path) }
        do {
            let plain = try SQLiteEngine(path: path, options: OpenOptions(create: true))
            try plain.executeScript("CREATE TABLE t (x)")
            #expect(try plain.journalMode() == "delete")
        }
        let pool = try AmigoPool(path: path, models: .reflected())
        #expect(pool.journalModeAtOpen == "delete")
        #expect(pool.switchedToWAL)
        try pool.close()
        #expect(try SQLiteEngine(path: path).journalMode() == "wal")   // it stays in the file

        let again = try AmigoPool(path: path, models: .reflected())
        #expect(again.journalModeAtOpen == "wal")
        #expect(!again.switchedToWAL)
    }

    @Test func aPoolToldNotToSwitchRefusesAFileNotInWALAndLeavesItAlone() throws {
        let path = TemporaryFile.path("pool")
        defer { TemporaryFile.remove(path) }
        try SQLiteEngine(path: path, options: OpenOptions(create: true)).executeScript("CREATE TABLE t (x)")
        #expect(throws: AmigoPoolError.notInWAL(path: path, journalMode: "delete")) {
            try AmigoPool(path: path, models: .reflected(), configuration: .init(switchesToWAL: false))
        }
        #expect(try SQLiteEngine(path: path).journalMode() == "delete")
    }

    @Test func anInMemoryDatabaseIsRefusedWithTheReason() throws {
        for path in [":memory:", "", "file::memory:?cache=shared", "file:x?mode=memory"] {
            #expect(throws: AmigoPoolError.inMemory(path: path)) { try AmigoPool(path: path, models: Self.models) }
        }
        #expect(AmigoPoolError.inMemory(path: ":memory:").description.contains("each connection would see a database of its own"))
    }

    @Test func aMissingFileIsAnErrorUnlessCreationIsAsked() throws {
        let path = TemporaryFile.path("pool")
        defer { TemporaryFile.remove(path) }
        #expect(throws: AmigoError.fileNotFound(path: path)) { try AmigoPool(path: path, models: Self.models) }
        #expect(!FileManager.default.fileExists(atPath: path))
        _ = try AmigoPool(path: path, models: Self.models, configuration: .init(create: true))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aFactoryThatReturnsTheSameInstancesIsRefusedWhenAReaderOpens() throws {
        let path = TemporaryFile.path("pool")
        defer { TemporaryFile.remove(path) }
        let shared = ORMModel(PoolAuthor.self, Column("id", \PoolAuthor.id, primaryKey: true), Column("name", \PoolAuthor.name))
        let box = UncheckedSendable(shared)
        let pool = try AmigoPool(path: path, models: .compiled { [box.value] }, configuration: .init(create: true))
        try pool.write { try $0.amigo.createAll() }
        #expect(throws: AmigoPoolError.sharedModels(path: path, model: "PoolAuthor")) { try pool.read { _ in } }
        #expect(pool.openReaderCount == 0)
    }

    @Test func noReaderIsAnError() throws {
        #expect(throws: AmigoPoolError.invalidReaderCount(0)) {
            try AmigoPool(path: TemporaryFile.path("pool"), models: Self.models, configuration: .init(maximumReaders: 0, create: true))
        }
    }

    // MARK: Reading

    @Test func aReadIsOneSnapshotAndTheNextReadSeesTheCommit() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        try Self.addNote(pool, "first")
        let (before, during) = try pool.read { session in
            let before = try Self.noteCount(session)
            try Self.addNote(pool, "second")                 // committed on the writer meanwhile
            return (before, try Self.noteCount(session))
        }
        #expect(before == 1)
        #expect(during == 1)
        #expect(try pool.read(Self.noteCount) == 2)
    }

    @Test func theSnapshotIsTheDatabaseWhenTheReadBeganNotAtItsFirstQuery() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        let seen = try pool.read { session in
            try Self.addNote(pool, "committed after the read began")
            return try Self.noteCount(session)
        }
        #expect(seen == 0)
        #expect(try pool.read(Self.noteCount) == 1)
    }

    @Test func readersReadWhileTheWritersTransactionIsOpen() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        try Self.addNote(pool, "committed")
        let writerInside = DispatchSemaphore(value: 0), readersDone = DispatchSemaphore(value: 0)
        let failure = Shared<String?>(nil)
        let writer = Self.spawn {
            do {
                try pool.write { session in
                    let note = PoolNote(); note.text = "uncommitted"
                    try session.add(note)
                    writerInside.signal()
                    // The transaction stays open until every reader has read.
                    if readersDone.wait(timeout: .now() + 10) == .timedOut { failure.value = "the readers waited for the writer" }
                }
            } catch { failure.value = "\(error)" }
        }
        #expect(writerInside.wait(timeout: .now() + 10) == .success)
        let counts = Shared<[Int]>([])
        let readers = (0..<3).map { _ in
            Self.spawn {
                do {
                    let count = try pool.read(Self.noteCount)
                    counts.mutate { $0.append(count) }
                } catch { failure.value = "\(error)" }
            }
        }
        for reader in readers { #expect(reader.wait(timeout: .now() + 10) == .success) }
        readersDone.signal()
        #expect(writer.wait(timeout: .now() + 10) == .success)
        #expect(failure.value == nil)
        #expect(counts.value == [1, 1, 1])                     // the open transaction's row is not seen
        #expect(try pool.read(Self.noteCount) == 2)
    }

    @Test func nReadersReadAtOnceEachInItsOwnConnection() throws {
        let (pool, path) = try Self.pool(readers: 4)
        defer { TemporaryFile.remove(path) }
        let inside = Shared(0), failure = Shared<String?>(nil)
        let allInside = DispatchSemaphore(value: 0)
        let readers = (0..<4).map { _ in
            Self.spawn {
                do {
                    try pool.read { session in
                        _ = try Self.noteCount(session)
                        inside.mutate { $0 += 1; if $0 == 4 { for _ in 0..<4 { allInside.signal() } } }
                        // Nobody leaves before all four are inside: four snapshots at once.
                        if allInside.wait(timeout: .now() + 10) == .timedOut { failure.value = "the readers did not run together" }
                    }
                } catch { failure.value = "\(error)" }
            }
        }
        for reader in readers { #expect(reader.wait(timeout: .now() + 20) == .success) }
        #expect(failure.value == nil)
        #expect(pool.openReaderCount == 4)
    }

    @Test func aReadWaitsWhileEveryReaderIsBusyAndTakesTheFirstGivenBack() throws {
        let (pool, path) = try Self.pool(readers: 1)
        defer { TemporaryFile.remove(path) }
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let holder = Self.spawn {
            _ = try? pool.read { _ in holding.signal(); _ = release.wait(timeout: .now() + 10) }
        }
        #expect(holding.wait(timeout: .now() + 10) == .success)
        let secondRead = Shared<Int?>(nil)
        let second = Self.spawn { secondRead.value = try? pool.read(Self.noteCount) }
        #expect(Self.eventually { pool.waitingReadCount == 1 })
        #expect(secondRead.value == nil)
        release.signal()
        #expect(second.wait(timeout: .now() + 10) == .success)
        #expect(holder.wait(timeout: .now() + 10) == .success)
        #expect(secondRead.value == 0)
        #expect(pool.openReaderCount == 1)                   // the one reader, reused
    }

    @Test func readsBesideAWriterNeverSeeHalfACommit() throws {
        let (pool, path) = try Self.pool(readers: 3)
        defer { TemporaryFile.remove(path) }
        let failure = Shared<String?>(nil)
        let writer = Self.spawn {
            do {
                for n in 0..<60 {
                    try pool.write { session in                // two notes per commit: the count is always even
                        let a = PoolNote(), b = PoolNote(); a.text = "\(n)a"; b.text = "\(n)b"
                        try session.add(a, b)
                    }
                }
            } catch { failure.value = "\(error)" }
        }
        let readers = (0..<3).map { _ in
            Self.spawn {
                do {
                    for _ in 0..<60 {
                        let (first, second) = try pool.read { session in (try Self.noteCount(session), try Self.noteCount(session)) }
                        if first != second || first % 2 != 0 { failure.value = "a read saw \(first) then \(second) notes" }
                    }
                } catch { failure.value = "\(error)" }
            }
        }
        for thread in readers + [writer] { #expect(thread.wait(timeout: .now() + 60) == .success) }
        #expect(failure.value == nil)
        #expect(try pool.read(Self.noteCount) == 120)
    }

    @Test func aPoolOfOneReaderReadsAndWritesAsADatabaseDoes() throws {
        let (pool, path) = try Self.pool(readers: 1)
        defer { TemporaryFile.remove(path) }
        for text in ["a", "b", "c"] { try Self.addNote(pool, text) }
        let texts = try pool.read { try $0.query(PoolNote.self).orderBy("id").all().map(\.text) }
        #expect(texts == ["a", "b", "c"])
        let ada = try pool.read { session in try session.query(PoolAuthor.self).first() }
        #expect(try pool.read { try $0.query(PoolNote.self).using(ada!).relationship("notes").count() } == 3)
        #expect(try pool.read { try $0.query(PoolNote.self).filter("author.name = %@", "ada").count() } == 3)
        #expect(pool.openReaderCount == 1)
    }

    @Test func aReadInsideAReadOnTheSameThreadIsRefusedRatherThanWaitingForever() throws {
        let (pool, path) = try Self.pool(readers: 1)
        defer { TemporaryFile.remove(path) }
        try pool.read { _ in
            #expect(throws: AmigoPoolError.nestedRead(path: path)) { try pool.read { _ in } }
        }
        #expect(try pool.read(Self.noteCount) == 0)             // the reader came back
    }

    @Test func aReaderCannotWrite() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        let error = #expect(throws: AmigoError.self) {
            try pool.read { session in
                let note = PoolNote(); note.text = "sneaky"
                try session.add(note)
            }
        }
        guard case .readOnly(let refused, _)? = error else { Issue.record("not refused as read-only: \(String(describing: error))"); return }
        #expect(refused == path)
        #expect(try pool.read(Self.noteCount) == 0)
    }

    // MARK: Writing

    @Test func aWriteThatThrowsIsRolledBackAndTheWriterGoesOn() throws {
        struct Refused: Error, Equatable {}
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        #expect(throws: Refused()) {
            try pool.write { session in
                let note = PoolNote(); note.text = "undone"
                try session.add(note)
                throw Refused()
            }
        }
        #expect(try pool.read(Self.noteCount) == 0)
        try Self.addNote(pool, "kept")
        #expect(try pool.read(Self.noteCount) == 1)
    }

    @Test func writesOnManyThreadsAreSerializedAndAllCommitted() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        let failure = Shared<String?>(nil)
        let writers = (0..<4).map { thread in
            Self.spawn {
                do { for n in 0..<10 { try Self.addNote(pool, "\(thread)-\(n)") } } catch { failure.value = "\(error)" }
            }
        }
        for writer in writers { #expect(writer.wait(timeout: .now() + 30) == .success) }
        #expect(failure.value == nil)
        #expect(try pool.read(Self.noteCount) == 40)
    }

    @Test func aWriteInsideAWriteOnTheSameThreadIsRefused() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        try pool.write { _ in
            #expect(throws: AmigoError.sessionAlreadyOpen(path: path)) { try pool.write { _ in } }
        }
    }

    // MARK: Closing

    @Test func closeWaitsForReadsInProgressThenRefusesNewOnes() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        try Self.addNote(pool, "one")
        let inside = DispatchSemaphore(value: 0), leave = DispatchSemaphore(value: 0)
        let order = Shared<[String]>([])
        let reader = Self.spawn {
            _ = try? pool.read { session in
                inside.signal()
                _ = leave.wait(timeout: .now() + 10)
                order.mutate { $0.append("read ended with \((try? Self.noteCount(session)) ?? -1) note") }
            }
        }
        #expect(inside.wait(timeout: .now() + 10) == .success)
        let closer = Self.spawn { try? pool.close(); order.mutate { $0.append("closed") } }
        #expect(Self.eventually { pool.isClosed })
        #expect(throws: AmigoPoolError.closed(path: path)) { try pool.read { _ in } }
        #expect(throws: AmigoPoolError.closed(path: path)) { try pool.write { _ in } }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(order.value.isEmpty)                          // close is still waiting
        leave.signal()
        #expect(reader.wait(timeout: .now() + 10) == .success)
        #expect(closer.wait(timeout: .now() + 10) == .success)
        #expect(order.value == ["read ended with 1 note", "closed"])
        try pool.close()                                      // again: nothing
    }

    @Test func closeCheckpointsTheLogIntoTheFile() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        for n in 0..<20 { try Self.addNote(pool, "\(n)") }
        try pool.close()
        // After a passive checkpoint with no reader, the file itself holds every row: a copy
        // of it alone (no -wal beside it) has them.
        let copy = TemporaryFile.path("pool-copy")
        defer { TemporaryFile.remove(copy) }
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try SQLiteEngine(path: copy).fetchScalar("SELECT count(*) FROM poolnote").integerValue == 20)
    }

    @Test func closingInsideAReadIsRefused() throws {
        let (pool, path) = try Self.pool()
        defer { TemporaryFile.remove(path) }
        try pool.read { _ in
            #expect(throws: AmigoPoolError.closedFromInside(path: path)) { try pool.close() }
        }
        #expect(!pool.isClosed)
    }

    // MARK: Reflected models

    @Test func reflectedModelsWorkThroughThePoolWithTheirRelationships() throws {
        let path = TemporaryFile.path("pool")
        defer { TemporaryFile.remove(path) }
        try SQLiteEngine(path: path, options: OpenOptions(create: true)).executeScript("""
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artist(id));
            INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept');
            INSERT INTO album VALUES (1, 'Back in Black', 1), (2, 'Highway to Hell', 1), (3, 'Balls to the Wall', 2);
            """)
        let pool = try AmigoPool(path: path, models: .reflected(), configuration: .init(maximumReaders: 2))
        try pool.write { session in _ = try session.execute("INSERT INTO album VALUES (4, 'Powerage', 1)") }
        let (titles, acdc) = try pool.read { session in
            let titles = try session.query("album").filter("artist.name = %@", "AC/DC").orderBy("id").all().map { $0["title"].textValue }
            let artist = try session.query("artist").filter("name = %@", "AC/DC").first()!
            return (titles, try session.query("album").using(artist).relationship("albums").count())
        }
        #expect(titles == ["Back in Black", "Highway to Hell", "Powerage"])
        #expect(acdc == 3)
    }

    /// Whether `condition` becomes true within 10 s, asked every millisecond.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return false
    }
}

/// A value handed to a `@Sendable` closure as the test promises to use it safely.
final class UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
