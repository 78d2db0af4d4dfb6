import Synchronization

/// The state of a bare `session.query(T.self)` for each compiled model a session queried, kept so
/// that the next such query shares it instead of allocating one and looking the model up by type
/// (a `get` in a loop makes a query per call).
///
/// Sharing is safe: a ``Query`` changes its state only after copying it when it is not the only
/// owner (``Query/mutableState``), and the session's reference here means it never is. The states
/// hold the database, not the session (``Query`` holds that), so keeping them makes no cycle.
///
/// Finding a kept state takes no lock: the entries are an immutable list, published through an
/// atomic pointer; adding a model publishes a longer list. Every list published stays alive (in
/// `lists`, at most ``capacity`` of them, each at most that long) until the session goes, so a
/// reader never finds a freed one.
final class BareQueryStates: Sendable {
    /// A state handed across threads: a bare state is never changed in place (see above).
    private struct Entry: @unchecked Sendable {
        let type: ObjectIdentifier
        let state: QueryState
    }

    /// One published list of entries, never changed.
    private final class List: Sendable {
        let entries: [Entry]
        init(_ entries: [Entry]) { self.entries = entries }
    }

    /// Models past this many are not kept (their queries allocate their state, as before).
    private static let capacity = 16

    /// The newest list (an unretained pointer, 0 before the first), kept alive by `lists`.
    private let published = Atomic<UInt>(0)
    /// Every list published, oldest first; adding to it is serialized here.
    private let lists = Mutex<[List]>([])

    /// The bare state of queries over `type` in `amigo`: the kept one, or a new one (kept when the
    /// model is known; an unknown model's state carries the error each time).
    func state(for type: AmigoModel.Type, in amigo: AmigoDatabase) -> QueryState {
        let id = ObjectIdentifier(type)
        let bits = published.load(ordering: .acquiring)
        if bits != 0 {
            let kept = Unmanaged<List>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef { list -> QueryState? in
                for entry in list.entries where entry.type == id { return entry.state }
                return nil
            }
            if let kept { return kept }
        }
        let result = Result { try amigo.model(forType: type) }
        let state = QueryState(amigo: amigo, modelResult: result)
        guard case .success = result else { return state }
        let fresh = Entry(type: id, state: state)
        let kept = lists.withLock { lists -> Entry in
            let entries = lists.last?.entries ?? []
            if let kept = entries.first(where: { $0.type == id }) { return kept }   // another thread kept one first
            guard entries.count < BareQueryStates.capacity else { return fresh }
            let list = List(entries + [fresh])
            lists.append(list)
            published.store(UInt(bitPattern: Unmanaged.passUnretained(list).toOpaque()), ordering: .releasing)
            return fresh
        }
        return kept.state
    }
}
