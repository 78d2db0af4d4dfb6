/// A ``Record`` read from a statement whose values live inside the object: `Bytes / 17` slots of
/// ``PackedValues``, the row's values and then its rowid, if it has one.
///
/// Fetched records come in four sizes (``InlineRecordSize``: two, four, six or eight slots), so
/// that each is one allocation no bigger than its row needs. The size matters beyond the
/// allocation: a fetch of 100,000 records that are freed together is memory glibc hands back to
/// the kernel, and the next fetch faults every page of it in again (Benchmarks/FINDINGS.md,
/// "what the reflected row's last 0.3× is"), so every byte a record does not carry is time saved.
/// A six-column record takes 176 bytes of the allocator's, where every record took 240 when
/// each had room for eight values.
final class InlineRecord<let Bytes: Int>: Record, @unchecked Sendable {
    /// The slots. Reached through ``Record/inlineSlots`` (the object's address and the offset
    /// every size shares), not through this property.
    private var slots: InlineArray<Bytes, UInt8>

    /// `Bytes / 17` slots: 2, 4, 6 or 8 (``InlineRecordSize``).
    override var inlineCapacity: Int { Bytes / PackedValues.size }

    /// The row of `model` in columns `offset..<offset + count` of `row`, with `rowID` after them.
    @inline(__always)
    init(_ model: ORMModel, row: StatementRow, offset: Int, count: Int, rowID: Int64?) {
        // Checked in release builds too: the slots are written through a raw pointer.
        precondition(count >= 0 && count + (rowID == nil ? 0 : 1) <= Bytes / PackedValues.size,
                     "InlineRecord: \(count) values do not fit in \(Bytes) bytes")
        slots = InlineArray(repeating: 0)
        super.init(model, inlineCount: count, hasRowID: rowID != nil)
        assert(slotsOffset == InlineRecordLayout.slotsOffset)
        let base = inlineSlots
        row.forEachValue(offset: offset, count: count) { PackedValues.initialize(base, $0, to: $1) }
        if let rowID { PackedValues.initialize(base, count, to: .integer(rowID)) }
    }

    /// Not for use (as ``Record/init()``): a record with no values, kept in an array.
    required init() {
        slots = InlineArray(repeating: 0)
        super.init()
    }

    deinit {
        if inlineCount >= 0 { PackedValues.release(inlineSlots, count: usedSlots) }
    }

    /// Where ``slots`` is, from the start of the object, confirmed by a byte written through the
    /// property and read back at that address (nil when it is not found there).
    var slotsOffset: Int? {
        let object = Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        let offset = withUnsafeMutablePointer(to: &slots) { Int(bitPattern: $0) } - object
        guard offset >= 16, Bytes > 0 else { return nil }
        let saved = slots[0]
        slots[0] = 0xA5
        defer { slots[0] = saved }
        let read = UnsafeRawPointer(bitPattern: object + offset)!.load(as: UInt8.self)
        return read == 0xA5 ? offset : nil
    }
}

/// Where every ``InlineRecord`` keeps its slots (one offset for all sizes: the slots are the
/// subclass's first and only stored property, byte-aligned, right after ``Record``'s own).
enum InlineRecordLayout {
    /// The slots' offset from the start of the object, found once on a probe record.
    static let slotsOffset: Int = {
        // The sizes (34, 68, 102, 136) are counted in 17-byte values.
        precondition(PackedValues.size == 17, "InlineRecord: a DatabaseValue no longer takes 17 bytes")
        guard let offset = InlineRecord<17>().slotsOffset else {
            preconditionFailure("InlineRecord: the value slots are not stored in the object")
        }
        return offset
    }()
}

/// The four sizes of ``InlineRecord``, by how many slots a row needs (its values and a rowid).
enum InlineRecordSize {
    case two, four, six, eight

    /// The smallest size with `slots` slots; nil when a row needs more than eight (its record
    /// keeps an array).
    init?(slots: Int) {
        switch slots {
        case ...2: self = .two
        case 3...4: self = .four
        case 5...6: self = .six
        case 7...8: self = .eight
        default: return nil
        }
    }

    /// A record of this size for the row of `model` in columns `offset..<offset + count` of `row`.
    @inline(__always)
    func make(_ model: ORMModel, _ row: StatementRow, _ offset: Int, _ count: Int, _ rowID: Int64?) -> Record {
        switch self {
        case .two: InlineRecord<34>(model, row: row, offset: offset, count: count, rowID: rowID)
        case .four: InlineRecord<68>(model, row: row, offset: offset, count: count, rowID: rowID)
        case .six: InlineRecord<102>(model, row: row, offset: offset, count: count, rowID: rowID)
        case .eight: InlineRecord<136>(model, row: row, offset: offset, count: count, rowID: rowID)
        }
    }
}
