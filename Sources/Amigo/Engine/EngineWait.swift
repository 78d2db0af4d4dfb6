/// What a running statement is doing when the engine asks its interrupt check whether to stop
/// (``Engine/setWaitCheck(_:)``), so that whoever waits can say why.
public enum EngineWait: Sendable, Equatable {
    /// The statement is working (reading, sorting, matching patterns).
    case working
    /// The statement waits for a lock another program (or connection) holds on the database.
    case lockHeldElsewhere
}
