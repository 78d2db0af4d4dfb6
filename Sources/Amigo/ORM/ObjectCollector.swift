/// The objects of a fetch, collected for ``Query/all()`` and handed over as one array at the end.
///
/// An `Array` appended to through the variable a row closure captures is checked for uniqueness
/// and capacity by calls into the standard library on every row; this buffer belongs to the fetch
/// alone, so an append is a capacity test and a store, inlined into the row closure.
///
/// Not copyable: it owns the objects it holds until ``array()`` hands them over (or it is freed,
/// releasing them, when the fetch throws halfway).
struct ObjectCollector: ~Copyable {
    private var storage: UnsafeMutablePointer<AmigoModel>
    private var count = 0
    private var capacity = 16

    /// An empty buffer with room for 16 objects before it first grows.
    init() {
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Adds `object` at the end (taking it over: no extra reference count).
    @inline(__always)
    mutating func append(_ object: consuming AmigoModel) {
        if count == capacity { grow() }
        (storage + count).initialize(to: object)
        count += 1
    }

    /// Doubles the room, moving the objects held (no reference counting).
    private mutating func grow() {
        let larger = UnsafeMutablePointer<AmigoModel>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// The objects, in the order appended, moved into an array.
    consuming func array() -> [AmigoModel] {
        let moved = count
        let result = [AmigoModel](unsafeUninitializedCapacity: moved) { buffer, initialized in
            if let base = buffer.baseAddress { base.moveInitialize(from: storage, count: moved) }
            initialized = moved
        }
        count = 0
        return result
    }
}
