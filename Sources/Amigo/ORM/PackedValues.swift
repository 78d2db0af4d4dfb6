/// Values laid out back to back in raw memory, each in exactly `MemoryLayout<DatabaseValue>.size`
/// bytes (17: a 16-byte payload and its case) rather than its stride (24): how an
/// ``InlineRecord`` keeps its values inside the object.
///
/// A value is moved in and out bitwise (every value of a Swift enum of strings, arrays and
/// numbers may be), so the memory owns the references it holds: whoever initializes a slot
/// releases it exactly once (``release(_:count:)``).
enum PackedValues {
    /// The bytes one value takes.
    @inline(__always) static var size: Int { MemoryLayout<DatabaseValue>.size }

    /// Moves `value` into slot `index` from `base`, which holds nothing (its bytes are not released).
    @inline(__always)
    static func initialize(_ base: UnsafeMutableRawPointer, _ index: Int, to value: consuming DatabaseValue) {
        var moved = value
        withUnsafeMutablePointer(to: &moved) { source in
            (base + index * size).copyMemory(from: source, byteCount: size)
            // The slot owns the value now: overwrite the source without releasing it.
            source.initialize(to: .null)
        }
    }

    /// A copy of the value in slot `index` from `base`.
    @inline(__always)
    static func value(_ base: UnsafeRawPointer, _ index: Int) -> DatabaseValue {
        withUnsafeTemporaryAllocation(of: DatabaseValue.self, capacity: 1) { temporary in
            UnsafeMutableRawPointer(temporary.baseAddress!).copyMemory(from: base + index * size, byteCount: size)
            // A copy (retained); the temporary itself is left as it is, never released.
            return temporary.baseAddress!.pointee
        }
    }

    /// Replaces the value in slot `index` from `base`, releasing the old one.
    @inline(__always)
    static func set(_ base: UnsafeMutableRawPointer, _ index: Int, to value: DatabaseValue) {
        release(base + index * size, count: 1)
        initialize(base, index, to: value)
    }

    /// Releases the `count` values from `base` (the slots then hold nothing; their bytes are only read).
    @inline(__always)
    static func release(_ base: UnsafeRawPointer, count: Int) {
        withUnsafeTemporaryAllocation(of: DatabaseValue.self, capacity: 1) { temporary in
            for i in 0..<count {
                UnsafeMutableRawPointer(temporary.baseAddress!).copyMemory(from: base + i * size, byteCount: size)
                // Moved out and let go: a string or an array is released by its own type's code,
                // not by the enum's destroy witness that a `deinitialize` calls (about 5% of a
                // reflected fetch's samples once); NULLs and numbers hold nothing to release.
                switch temporary.baseAddress!.move() {
                case .text(let text): _ = consume text
                case .blob(let bytes): _ = consume bytes
                case .null, .integer, .real: break
                }
            }
        }
    }
}
