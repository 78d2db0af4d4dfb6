/// Up to eight values stored in place (inside a ``Record``), read and written by index.
///
/// Each value takes exactly `MemoryLayout<DatabaseValue>.size` bytes (17: a 16-byte payload and
/// its case) rather than its stride (24), so that the eight take 136 bytes instead of 192 — a
/// quarter of a fetched record, whose size the page faults and the allocator's work scale with.
/// A value is moved in and out bitwise (every value of a Swift enum of strings, arrays and
/// numbers may be), so the storage owns the references it holds: the type cannot be copied, and
/// it releases them when it goes.
struct InlineValues: ~Copyable {
    /// How many values fit.
    static let capacity = 8
    /// The bytes one value takes.
    @inline(__always) private static var size: Int { MemoryLayout<DatabaseValue>.size }
    /// Whether ``capacity`` values of ``size`` fit in ``bytes`` (a constant, checked where values are stored).
    @inline(__always) private static var fits: Bool {
        MemoryLayout<DatabaseValue>.size * capacity <= MemoryLayout<(UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                                                                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)>.size
    }
    /// 8 × 17 bytes.
    private var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// Eight NULLs.
    init() {
        precondition(Self.fits, "InlineValues: a DatabaseValue no longer fits in 17 bytes")
        bytes = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        for i in 0..<Self.capacity { initialize(i, to: .null) }
    }

    /// Columns `offset..<offset + count` of `row` (`count` at most ``capacity``), the rest NULL.
    @inline(__always)
    init(_ row: StatementRow, offset: Int, count: Int) {
        precondition(Self.fits, "InlineValues: a DatabaseValue no longer fits in 17 bytes")
        bytes = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        for i in 0..<Self.capacity { initialize(i, to: i < count ? row.value(at: offset + i) : .null) }
    }

    /// Releases the text and BLOB values; NULLs and numbers hold no reference.
    deinit {
        withUnsafeBytes(of: bytes) { raw in
            withUnsafeTemporaryAllocation(of: DatabaseValue.self, capacity: 1) { value in
                for i in 0..<Self.capacity {
                    UnsafeMutableRawPointer(value.baseAddress!).copyMemory(from: raw.baseAddress! + i * Self.size, byteCount: Self.size)
                    Self.release(value.baseAddress!)
                }
            }
        }
    }

    /// Moves the value out of `pointer` and lets it go: a string or an array is released by its own
    /// type's code, not by the enum's destroy witness that a `deinitialize` calls (about 5% of a
    /// reflected fetch's samples); NULLs and numbers hold nothing to release.
    @inline(__always)
    private static func release(_ pointer: UnsafeMutablePointer<DatabaseValue>) {
        switch pointer.move() {
        case .text(let text): _ = consume text
        case .blob(let bytes): _ = consume bytes
        case .null, .integer, .real: break
        }
    }

    /// Moves `value` into slot `index`, which holds nothing (its bytes are not released).
    @inline(__always)
    private mutating func initialize(_ index: Int, to value: consuming DatabaseValue) {
        var moved = value
        withUnsafeMutableBytes(of: &bytes) { raw in
            withUnsafeMutablePointer(to: &moved) { source in
                (raw.baseAddress! + index * Self.size).copyMemory(from: source, byteCount: Self.size)
                // The slot owns the value now: overwrite the source without releasing it.
                source.initialize(to: .null)
            }
        }
    }

    /// A copy of the value in slot `index` (`0..<capacity`).
    @inline(__always)
    subscript(index: Int) -> DatabaseValue {
        withUnsafeBytes(of: bytes) { raw in
            withUnsafeTemporaryAllocation(of: DatabaseValue.self, capacity: 1) { temporary in
                UnsafeMutableRawPointer(temporary.baseAddress!).copyMemory(from: raw.baseAddress! + index * Self.size, byteCount: Self.size)
                // A copy (retained); the temporary itself is left as it is, never released.
                return temporary.baseAddress!.pointee
            }
        }
    }

    /// Replaces the value in slot `index`, releasing the old one.
    mutating func set(_ index: Int, _ value: DatabaseValue) {
        withUnsafeBytes(of: bytes) { raw in
            withUnsafeTemporaryAllocation(of: DatabaseValue.self, capacity: 1) { temporary in
                UnsafeMutableRawPointer(temporary.baseAddress!).copyMemory(from: raw.baseAddress! + index * Self.size, byteCount: Self.size)
                temporary.baseAddress!.deinitialize(count: 1)
            }
        }
        initialize(index, to: value)
    }

    /// The first `count` values as an array.
    func array(count: Int) -> [DatabaseValue] {
        [DatabaseValue](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { (buffer.baseAddress! + i).initialize(to: self[i]) }
            initialized = count
        }
    }
}
