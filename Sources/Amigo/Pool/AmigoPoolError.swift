/// Why an ``AmigoPool`` could not open, or refused an access.
public enum AmigoPoolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path names an in-memory (or temporary) database: each connection would have a
    /// database of its own, and such a database has no write-ahead log.
    case inMemory(path: String)
    /// The file (or its folder) can only be opened read-only: a pool needs a writer, and WAL
    /// needs its `-wal` and `-shm` files beside the database.
    case readOnlyFile(path: String)
    /// The file is not in WAL mode (`journalMode` is its mode) and the pool was told not to
    /// switch it (``AmigoPool/Configuration/switchesToWAL`` is false).
    case notInWAL(path: String, journalMode: String)
    /// SQLite did not put the file in WAL mode: it kept `journalMode`, for `reason`.
    case cannotUseWAL(path: String, journalMode: String, reason: String)
    /// The pool was closed (``AmigoPool/close()``); nothing can be read or written through it.
    case closed(path: String)
    /// A `read` inside another `read` of the same pool on the same thread: with every reader
    /// busy it could only wait for itself. Use the session of the outer `read`.
    case nestedRead(path: String)
    /// ``AmigoPool/close()`` was called inside one of the pool's own `read`s or `write`s, which
    /// it would wait for forever.
    case closedFromInside(path: String)
    /// The model factory returned a model (`model`) that another connection of the pool already
    /// uses: relationships are resolved on the instances, so each connection needs its own.
    case sharedModels(path: String, model: String)
    /// ``AmigoPool/Configuration/maximumReaders`` is below 1.
    case invalidReaderCount(Int)

    /// What went wrong, with the file.
    public var description: String {
        switch self {
        case .inMemory(let path):
            return "a pool needs a database file, not an in-memory database ('\(path)'): each connection would see a database of its own"
        case .readOnlyFile(let path):
            return "\(path) can only be opened read-only: a pool needs a writer, and WAL needs to write its -wal and -shm files beside the file"
        case .notInWAL(let path, let mode):
            return "\(path) is in journal mode '\(mode)', not WAL, and the pool was told not to switch it"
        case .cannotUseWAL(let path, let mode, let reason):
            return "SQLite did not put \(path) in WAL mode (it stayed '\(mode)'): \(reason)"
        case .closed(let path):
            return "the pool on \(path) is closed"
        case .nestedRead(let path):
            return "a read of the pool on \(path) inside another read on the same thread: use the outer read's session"
        case .closedFromInside(let path):
            return "the pool on \(path) cannot be closed inside one of its own reads or writes"
        case .sharedModels(let path, let model):
            return "the model factory of the pool on \(path) returned model '\(model)', which another connection already uses: return new ORMModel instances on every call"
        case .invalidReaderCount(let count):
            return "a pool needs at least one reader (\(count) asked)"
        }
    }
}
