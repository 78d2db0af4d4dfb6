extension EchoStream {
    /// The streams silenced on the current thread (or task) by ``unechoed(_:)``.
    @TaskLocal static var silenced: Set<ObjectIdentifier> = []

    /// Whether events emitted here and now are dropped (inside ``unechoed(_:)`` on this thread).
    var isSilencedHere: Bool { Self.silenced.contains(ObjectIdentifier(self)) }

    /// Runs `body` without reporting the statements it runs on this thread: a program's
    /// bookkeeping (counts behind a preview, a catalog lookup) that is not what its user asked
    /// for. Statements other threads run meanwhile are reported, and ``isEnabled`` is left alone,
    /// so echo the user turned on (`--echo`, `echo on`) keeps showing the user's own statements.
    package func unechoed<T>(_ body: () throws -> T) rethrows -> T {
        var silenced = Self.silenced
        silenced.insert(ObjectIdentifier(self))
        return try Self.$silenced.withValue(silenced, operation: body)
    }
}

extension Engine {
    /// Runs `body` without echoing the statements it runs (``EchoStream/unechoed(_:)``).
    ///
    /// For example, counts a preview needs, which are not the user's statements:
    ///
    ///     let rows = try engine.unechoed { try engine.fetchScalar("SELECT count(*) FROM \"t\"", []) }
    package func unechoed<T>(_ body: () throws -> T) rethrows -> T {
        try echo.unechoed(body)
    }
}
