extension Engine {
    /// Runs the smallest statement there is (`SELECT 1`), so that a connection a server has
    /// dropped is noticed (``isConnectionLost`` is then true) before anything depends on it.
    ///
    /// - Throws: the engine's error when the statement cannot run.
    public func checkConnection() throws {
        _ = try fetchScalar("SELECT 1", [])
    }
}
