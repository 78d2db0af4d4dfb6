extension AmigoPool {
    /// How an ``AmigoPool`` opens its file and connections.
    public struct Configuration: Sendable, Hashable {
        /// The most reader connections opened (each when first needed); a `read` waits while
        /// every one is busy. 5 by default.
        public var maximumReaders: Int
        /// Create the file when it does not exist (otherwise a missing file is an error).
        public var create: Bool
        /// Put a file that is not in WAL mode in it (`PRAGMA journal_mode = WAL`, which stays in
        /// the file for every program that opens it later); ``AmigoPool/switchedToWAL`` reports
        /// that it happened. When false, such a file is refused with
        /// ``AmigoPoolError/notInWAL(path:journalMode:)`` and left as it is. True by default.
        public var switchesToWAL: Bool
        /// Set the writer's `synchronous` to `NORMAL`, as GRDB's pool does: in WAL mode a commit
        /// is then synced at checkpoints rather than at every commit (a power loss may undo the
        /// last commits; it cannot corrupt the file). Per connection; the file keeps nothing.
        /// True by default.
        public var synchronousNormal: Bool
        /// How long a connection waits for a lock another program holds before failing busy, in
        /// milliseconds (5 s by default).
        public var busyTimeoutMilliseconds: Int32
        /// How long a `write` waits for the pool's other writes to end, in milliseconds, before
        /// failing with ``AmigoError/sessionBusy(path:waited:)`` (60 s by default).
        public var writeWaitMilliseconds: Int32

        /// Creates a configuration; every default is described on its property.
        public init(maximumReaders: Int = 5, create: Bool = false, switchesToWAL: Bool = true, synchronousNormal: Bool = true,
                    busyTimeoutMilliseconds: Int32 = 5000, writeWaitMilliseconds: Int32 = 60_000) {
            self.maximumReaders = maximumReaders
            self.create = create
            self.switchesToWAL = switchesToWAL
            self.synchronousNormal = synchronousNormal
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.writeWaitMilliseconds = writeWaitMilliseconds
        }
    }
}
