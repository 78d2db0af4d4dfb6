import Foundation

/// A SQLite file read by several threads at once while one writes: one writer connection and up
/// to ``Configuration/maximumReaders`` reader connections, the file in WAL mode (the model is
/// GRDB's `DatabasePool`).
///
///     let pool = try AmigoPool(path: "notes.sqlite", models: .compiled { [Note.model()] })
///     try pool.write { session in try session.add(note) }                // BEGIN … COMMIT
///     let count = try pool.read { session in try session.query(Note.self).count() }
///
/// **WAL.** Readers and a writer run together only in SQLite's write-ahead-log mode. A file not
/// in it is switched (`PRAGMA journal_mode = WAL`), which stays in the file: every program that
/// opens it later finds it in WAL, with its `-wal` and `-shm` files beside it.
/// ``journalModeAtOpen`` and ``switchedToWAL`` say whether the pool did that;
/// ``Configuration/switchesToWAL`` false refuses such a file instead. An in-memory database is
/// refused (``AmigoPoolError/inMemory(path:)``), and so is a file that can only be opened
/// read-only or that SQLite will not put in WAL.
///
/// **Reads.** ``read(_:)`` takes an idle reader (opening one when fewer than the maximum are
/// open, waiting for one to come back otherwise), begins a transaction and fixes its snapshot at
/// once: everything the body reads is the database as it was then, whatever the writer commits
/// meanwhile, and a commit is seen by the next read. Readers are opened read-only, so the body
/// cannot write. Reads never wait for the writer, nor the writer for them.
///
/// **Writes.** ``write(_:)`` runs on the one writer connection; writes run one at a time, in the
/// order they came (each waits up to ``Configuration/writeWaitMilliseconds``). A write that
/// throws is rolled back.
///
/// **Models.** Each connection resolves relationships on model instances of its own
/// (``PoolModels``): compiled models come from a factory, reflected ones from the file.
///
/// `@unchecked Sendable`: its connections are handed out by ``PoolAccess`` (one thread per
/// reader at a time), and the writer's sessions are serialized by its engine's ``TransactionGate``.
public final class AmigoPool: @unchecked Sendable {
    /// The database file.
    public let path: String
    /// How the pool was opened.
    public let configuration: Configuration
    /// The file's journal mode when the pool opened it (`wal`, or `delete`, `truncate`, … for a
    /// file the pool then put in WAL mode).
    public let journalModeAtOpen: String
    /// Whether the pool put the file in WAL mode (it was in ``journalModeAtOpen`` before); the
    /// file stays in WAL mode after the pool closes.
    public var switchedToWAL: Bool { journalModeAtOpen != "wal" }
    private let models: PoolModels
    private let writerEngine: SQLiteEngine
    private let writer: AmigoDatabase
    private let access: PoolAccess
    /// How many times a reader retries beginning its snapshot when SQLite answers busy (a
    /// checkpoint restarting the log), beyond the busy timeout.
    private static let snapshotAttempts = 4

    /// Opens the file at `path` with a writer connection, puts it in WAL mode when it is not (see
    /// ``switchedToWAL``), and prepares up to ``Configuration/maximumReaders`` readers, each
    /// opened when first needed.
    ///
    /// - Throws: ``AmigoPoolError/inMemory(path:)`` for `:memory:` or an empty path;
    ///   ``AmigoPoolError/readOnlyFile(path:)`` for a file only readable;
    ///   ``AmigoPoolError/notInWAL(path:journalMode:)`` or ``AmigoPoolError/cannotUseWAL(path:journalMode:reason:)``
    ///   when the file is not and cannot be put in WAL; ``AmigoPoolError/invalidReaderCount(_:)``;
    ///   what opening the file (``SQLiteEngine/init(path:options:)``) or the models throw.
    public init(path: String, models: PoolModels, configuration: Configuration = Configuration()) throws {
        guard configuration.maximumReaders >= 1 else { throw AmigoPoolError.invalidReaderCount(configuration.maximumReaders) }
        if Self.namesMemory(path) { throw AmigoPoolError.inMemory(path: path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(
            create: configuration.create, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds,
            sessionWaitMilliseconds: configuration.writeWaitMilliseconds))
        guard !engine.isReadOnly else { throw AmigoPoolError.readOnlyFile(path: path) }
        let before = try engine.journalMode()
        if before == "memory" && !FileManager.default.fileExists(atPath: path) { throw AmigoPoolError.inMemory(path: path) }
        if before != "wal" {
            guard configuration.switchesToWAL else { throw AmigoPoolError.notInWAL(path: path, journalMode: before) }
            let after: String
            do {
                after = try engine.switchToWAL()
            } catch AmigoError.database(let error) {
                throw AmigoPoolError.cannotUseWAL(path: path, journalMode: before, reason: error.message)
            }
            guard after == "wal" else {
                throw AmigoPoolError.cannotUseWAL(path: path, journalMode: after, reason: Self.reason(keeping: after))
            }
        }
        if configuration.synchronousNormal { try engine.setSynchronousNormal() }
        self.path = path
        self.configuration = configuration
        self.journalModeAtOpen = before
        self.models = models
        self.writerEngine = engine
        self.writer = try models.database(on: engine)
        self.access = PoolAccess(path: path, maximumReaders: configuration.maximumReaders)
    }

    /// Whether `path` names a database of SQLite's own memory rather than a file.
    private static func namesMemory(_ path: String) -> Bool {
        path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:")
            || (path.hasPrefix("file:") && path.contains("mode=memory"))
    }

    /// Why SQLite keeps `mode` when asked for WAL.
    private static func reason(keeping mode: String) -> String {
        switch mode {
        case "memory": return "the database is kept in memory (or its journal is), which has no write-ahead log"
        case "off": return "the journal is off"
        default: return "the file system or the SQLite library does not offer the shared memory WAL needs"
        }
    }

    /// Runs `body` with a session of its own on an idle reader, in one snapshot: everything it
    /// reads is the database as it was when the read began, whatever the pool's writer (or
    /// another program) commits meanwhile. The transaction is rolled back at the end (a reader
    /// cannot write: its connection is read-only) and the reader given back.
    ///
    /// Waits, while every reader is busy, for one to come back. A `write` inside a `read` is
    /// allowed (its commit is not seen by the read's snapshot); a `read` inside a `read` on the
    /// same thread is not.
    ///
    /// - Throws: ``AmigoPoolError/closed(path:)`` when the pool is closed;
    ///   ``AmigoPoolError/nestedRead(path:)`` inside another `read` of this pool on this thread;
    ///   what opening a reader, beginning its snapshot or `body` throws.
    public func read<T>(_ body: (Session) throws -> T) throws -> T {
        let reader = try access.takeReader(opening: openReader)
        let session: Session
        do {
            session = try beginSnapshot(on: reader)
        } catch {
            access.giveBack(reader, keep: !reader.engine.isInTransaction)
            throw error
        }
        defer {
            try? session.close()
            access.giveBack(reader, keep: !session.isActive && !reader.engine.isInTransaction)
        }
        return try body(session)
    }

    /// Runs `body` in a session on the writer and commits what it did; if `body` throws,
    /// everything it did is rolled back and the error rethrown. Writes run one at a time.
    ///
    /// - Throws: ``AmigoPoolError/closed(path:)`` when the pool is closed;
    ///   ``AmigoError/sessionAlreadyOpen(path:)`` inside another `write` on this thread;
    ///   ``AmigoError/sessionBusy(path:waited:)`` when the other writes did not end within
    ///   ``Configuration/writeWaitMilliseconds``; what `body` or `COMMIT` throws.
    public func write<T>(_ body: (Session) throws -> T) throws -> T {
        try access.beginWrite()
        defer { access.endWrite() }
        let session = try writer.openSession()
        defer { try? session.close() }
        let result = try body(session)
        try session.commitEndingSession()
        return result
    }

    /// Closes the pool: refuses new reads and writes, waits for those in progress to end, then
    /// copies what the write-ahead log holds into the file where no reader still needs it (a
    /// `PASSIVE` checkpoint). The connections close when the pool is released. Closing again
    /// does nothing.
    ///
    /// - Throws: ``AmigoPoolError/closedFromInside(path:)`` inside one of the pool's reads or
    ///   writes; what the checkpoint throws.
    public func close() throws {
        try access.close {
            try writerEngine.transactionGate.withoutOtherSessions(path: path) { try writerEngine.checkpointPassively() }
        }
    }

    /// Whether ``close()`` has begun.
    public var isClosed: Bool { access.isClosing }

    /// Reader connections open now (each opens when first needed, up to ``Configuration/maximumReaders``).
    public var openReaderCount: Int { access.openedReaders }

    /// Reads waiting for a reader to come back (every reader busy).
    public var waitingReadCount: Int { access.waitingReads }

    /// A new reader connection: the file opened read-only, with models of its own.
    private func openReader() throws -> PoolReader {
        let engine = try SQLiteEngine(path: path, options: OpenOptions(
            readOnly: true, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds))
        let database = try models.database(on: engine)
        let theirs = Set(writer.models.map(ObjectIdentifier.init))
        if let shared = database.models.first(where: { theirs.contains(ObjectIdentifier($0)) }) {
            throw AmigoPoolError.sharedModels(path: path, model: shared.name)
        }
        return PoolReader(engine: engine, database: database)
    }

    /// A session on `reader` whose snapshot is fixed, retrying a few times (after the busy
    /// timeout) when SQLite answers busy.
    private func beginSnapshot(on reader: PoolReader) throws -> Session {
        var attempt = 0
        while true {
            let session = try reader.database.openSession()
            do {
                try reader.engine.beginReadSnapshot()
                return session
            } catch AmigoError.database(let error) where error.isBusy && attempt + 1 < Self.snapshotAttempts {
                try? session.close()
                attempt += 1
                usleep(useconds_t(1000 << attempt))
            } catch {
                try? session.close()
                throw error
            }
        }
    }
}
