import Synchronization

/// The state of a bare `session.query(T.self)` for each compiled model a session queried, kept so
/// that the next such query shares it instead of allocating one and looking the model up by type
/// (a `get` in a loop makes a query per call).
///
/// Sharing is safe: a ``Query`` changes its state only after copying it when it is not the only
/// owner (``Query/mutableState``), and the session's reference here means it never is. The states
/// hold the database, not the session (``Query`` holds that), so keeping them makes no cycle.
final class BareQueryStates: Sendable {
    /// A state handed across threads: a bare state is never changed in place (see above).
    private struct Entry: @unchecked Sendable {
        let type: ObjectIdentifier
        let state: QueryState
    }

    /// Models past this many are not kept (their queries allocate their state, as before).
    private static let capacity = 16

    private let entries = Mutex<[Entry]>([])

    /// The bare state of queries over `type` in `amigo`: the kept one, or a new one (kept when the
    /// model is known; an unknown model's state carries the error each time).
    func state(for type: AmigoModel.Type, in amigo: AmigoDatabase) -> QueryState {
        let id = ObjectIdentifier(type)
        let kept = entries.withLock { entries -> Entry? in
            for entry in entries where entry.type == id { return entry }
            return nil
        }
        if let kept { return kept.state }
        let result = Result { try amigo.model(forType: type) }
        let state = QueryState(amigo: amigo, modelResult: result)
        guard case .success = result else { return state }
        let entry = Entry(type: id, state: state)
        entries.withLock { entries in
            if entries.count < BareQueryStates.capacity && !entries.contains(where: { $0.type == id }) { entries.append(entry) }
        }
        return state
    }
}
