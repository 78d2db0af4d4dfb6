/// A row of a model that exists only at run time (declared with `ORMModel(name:…)` or reflected
/// from a file): its values by column, its primary key and the related rows a query loaded.
///
/// A record read from a statement keeps its values inside the object itself, in an
/// ``InlineRecord`` sized to the row (up to eight slots for the values and the rowid; see there
/// for why), so that fetching it costs one allocation no bigger than the row needs; ``values``
/// then builds an array when asked. Read single values with ``value(at:)`` or the name
/// subscript, which build nothing. Wider rows, records made by hand, and records changed past
/// their slots keep an array.
///
/// `@unchecked Sendable`: like any model object it may be handed to another thread, but not changed from two at once; the ORM never does.
public class Record: AmigoModel, @unchecked Sendable, CustomStringConvertible {
    // The stored properties are declared in this order so that they pack into 26 bytes after the
    // base class's 38: an in-object record's values start 64 bytes into it.

    /// How many values are in the object (``inlineSlots``); -1 when they are in ``array``.
    /// Changed only with the slots, by this class.
    final private(set) var inlineCount: Int8
    /// Whether the record has a rowid: in the slot after the values while they are in the object,
    /// otherwise in ``extras``. Changed only with the slots, by this class.
    final private(set) var hasRowID = false
    /// The row's model.
    public final let model: ORMModel
    /// The values while they are not in the object.
    private final var array: [DatabaseValue]?
    /// What few rows use (the key before a change, prefix sizes, related rows, a rowid beside an
    /// array), allocated on first use.
    private final var extras: RecordExtras?

    /// The side box, created when first needed.
    private final var extrasBox: RecordExtras {
        if let extras { return extras }
        let box = RecordExtras()
        extras = box
        return box
    }

    /// Whether `object` is a record, by its class's answer rather than a dynamic cast (which
    /// walks the class chain on every object saved or loaded).
    @inline(__always)
    static func cast(_ object: AmigoModel) -> Record? {
        type(of: object).isRecordClass ? unsafeDowncast(object, to: Record.self) : nil
    }

    /// True: records are records (see ``AmigoModel/isRecordClass``).
    override class var isRecordClass: Bool { true }

    /// How many slots (values, then the rowid) the object has: 0 for a record that never had
    /// any. A record whose values moved out to the array keeps its slots, unused.
    var inlineCapacity: Int { 0 }

    /// The first of the object's value slots (``PackedValues``; meaningful for an ``InlineRecord``).
    @inline(__always)
    final var inlineSlots: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque()) + InlineRecordLayout.slotsOffset
    }

    /// How many slots hold a value (the values, and the rowid after them).
    @inline(__always)
    final var usedSlots: Int { Int(inlineCount) + (hasRowID ? 1 : 0) }

    /// The values, one per column of ``model``'s table, in column order.
    ///
    /// Changing a primary-key value of a row that is in the database remembers the key it had,
    /// so that saving it updates that row (and moves it to the new key).
    public final var values: [DatabaseValue] {
        get {
            guard inlineCount >= 0 else { return array ?? [] }
            let slots = inlineSlots, count = Int(inlineCount)
            return [DatabaseValue](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count { (buffer.baseAddress! + i).initialize(to: PackedValues.value(slots, i)) }
                initialized = count
            }
        }
        set {
            if isPersisted, originalKey == nil, newValue.count == valueCount {
                let key = model.table.primaryKey
                if key.contains(where: { value(at: $0.index) != newValue[$0.index] }) {
                    originalKey = key.map { value(at: $0.index) }
                }
            }
            let old = prefixSizes == nil ? [] : values
            if inlineCount >= 0 && newValue.count + (hasRowID ? 1 : 0) <= inlineCapacity {
                let slots = inlineSlots, rowID = self.rowID
                PackedValues.release(slots, count: usedSlots)
                for (i, value) in newValue.enumerated() { PackedValues.initialize(slots, i, to: value) }
                if let rowID { PackedValues.initialize(slots, newValue.count, to: .integer(rowID)) }
                inlineCount = Int8(newValue.count)
            } else {
                moveValuesOutOfTheObject()
                array = newValue
            }
            // A value set to something else is whole now; one set back to its prefix is still a prefix.
            forgetPrefixes(changedFrom: { $0 < old.count ? old[$0] : .null })
        }
    }

    /// Moves the values (and the rowid) from the object's slots into ``array`` (and ``extras``),
    /// for a change the slots have no room for.
    private final func moveValuesOutOfTheObject() {
        guard inlineCount >= 0 else { return }
        let rowID = self.rowID
        let values = self.values
        PackedValues.release(inlineSlots, count: usedSlots)
        inlineCount = -1
        array = values
        if let rowID { extrasBox.rowID = rowID }
    }

    /// Number of values (the model's columns).
    public final var valueCount: Int { inlineCount < 0 ? array?.count ?? 0 : Int(inlineCount) }

    /// The value of column number `index` (in the model's column order).
    @inline(__always)
    public final func value(at index: Int) -> DatabaseValue {
        if inlineCount < 0 { return array![index] }
        precondition(index >= 0 && index < Int(inlineCount), "Record value index \(index) out of range")
        return PackedValues.value(inlineSlots, index)
    }

    /// Sets the value of column number `index`, remembering the key the row had when a key
    /// column of a row in the database changes (see ``values``).
    public final func setValue(_ value: DatabaseValue, at index: Int) {
        let old = self.value(at: index)
        if isPersisted, originalKey == nil, old != value {
            let key = model.table.primaryKey
            if key.contains(where: { $0.index == index }) { originalKey = key.map { self.value(at: $0.index) } }
        }
        if inlineCount < 0 { array![index] = value } else { PackedValues.set(inlineSlots, index, to: value) }
        if prefixSizes?[index] != nil, old != value { forgetPrefixes(changedFrom: { $0 == index ? old : self.value(at: $0) }) }
    }

    /// The primary key the row had in the database before a key column was changed.
    final var originalKey: [DatabaseValue]? {
        get { extras?.originalKey }
        set { if newValue != nil || extras != nil { extrasBox.originalKey = newValue } }
    }
    /// Column index → full size in bytes, for the values read as a prefix (nil when none was).
    private final var prefixSizes: [Int: Int]? { extras?.prefixSizes }

    /// The size in bytes of the whole value of column number `index` when the record holds only
    /// its first characters or bytes (read by a query with ``Query/prefixingValues(to:except:)``),
    /// nil when it holds the value whole.
    public final func fullSize(at index: Int) -> Int? { prefixSizes?[index] }

    /// The indexes of the columns whose value the record holds only a prefix of, in column order.
    public final var prefixColumns: [Int] { prefixSizes.map { $0.keys.sorted() } ?? [] }

    /// Marks the value of column `index` as a prefix of a value of `fullSize` bytes.
    final func markPrefix(at index: Int, fullSize: Int) {
        let box = extrasBox
        if box.prefixSizes == nil { box.prefixSizes = [:] }
        box.prefixSizes![index] = fullSize
    }

    /// Forgets the prefix marks of the columns whose value differs from `old` (given whole since).
    private final func forgetPrefixes(changedFrom old: (Int) -> DatabaseValue) {
        guard let box = extras, let sizes = box.prefixSizes else { return }
        for index in sizes.keys where index >= valueCount || value(at: index) != old(index) { box.prefixSizes![index] = nil }
        if box.prefixSizes!.isEmpty { box.prefixSizes = nil }
    }

    /// The row's rowid, for tables keyed only by their rowid.
    public final var rowID: Int64? {
        get {
            guard hasRowID else { return nil }
            guard inlineCount >= 0 else { return extras?.rowID }
            return PackedValues.value(inlineSlots, Int(inlineCount)).integerValue
        }
        set {
            if inlineCount >= 0 {
                if hasRowID {
                    PackedValues.release(inlineSlots + Int(inlineCount) * PackedValues.size, count: 1)
                    hasRowID = false
                }
                guard let newValue else { return }
                if Int(inlineCount) < inlineCapacity {
                    PackedValues.initialize(inlineSlots, Int(inlineCount), to: .integer(newValue))
                    hasRowID = true
                    return
                }
                moveValuesOutOfTheObject()
            }
            hasRowID = newValue != nil
            if newValue != nil || extras != nil { extrasBox.rowID = newValue }
        }
    }

    /// Related rows loaded by `selectRelated`, by relationship name (nil when there was none).
    public final var related: [String: Record?] { extras?.relatedRows ?? [:] }

    /// Records the related row of `relationship` loaded by `selectRelated`.
    final func setRelated(_ row: Record?, for relationship: String) {
        let box = extrasBox
        if box.relatedRows == nil { box.relatedRows = [:] }
        box.relatedRows![relationship] = .some(row)
    }

    /// Creates an empty row of `model` (every value NULL).
    public init(_ model: ORMModel) {
        self.model = model
        self.inlineCount = -1
        self.array = Array(repeating: .null, count: model.table.columns.count)
        super.init()
    }

    /// The row of `model` in columns `offset…` of a statement row (in the database, with `rowID`
    /// for a table keyed by its rowid): an ``InlineRecord`` of the smallest size that holds the
    /// values and the rowid, or a record with an array for wider rows.
    static func read(_ model: ORMModel, row: StatementRow, offset: Int, count: Int, rowID: Int64?, size: InlineRecordSize?) -> Record {
        guard let size else { return Record(model, arrayFrom: row, offset: offset, count: count, rowID: rowID) }
        return size.make(model, row, offset, count, rowID)
    }

    /// The record of a row too wide for the object's slots.
    private init(_ model: ORMModel, arrayFrom row: StatementRow, offset: Int, count: Int, rowID: Int64?) {
        self.model = model
        self.inlineCount = -1
        self.hasRowID = rowID != nil
        self.array = [DatabaseValue](unsafeUninitializedCapacity: count) { buffer, initialized in
            row.forEachValue(offset: offset, count: count) { (buffer.baseAddress! + $0).initialize(to: $1) }
            initialized = count
        }
        super.init(persisted: true)
        if let rowID { extrasBox.rowID = rowID }
    }

    /// A record whose values an ``InlineRecord`` subclass keeps in its slots (`count` of them,
    /// and the rowid after them when `hasRowID`), which it fills once this returns. Only for
    /// ``InlineRecord``, which checks that they fit: a plain record has no slots.
    init(_ model: ORMModel, inlineCount count: Int, hasRowID: Bool) {
        self.model = model
        self.inlineCount = Int8(count)
        self.hasRowID = hasRowID
        super.init(persisted: true)
        assert(count + (hasRowID ? 1 : 0) <= inlineCapacity, "Record: slots asked of a class that has none")
    }

    /// Creates a row of `model` from values by column name.
    public convenience init(_ model: ORMModel, _ values: [String: any DatabaseValueConvertible]) throws {
        self.init(model)
        for (name, value) in values { try set(name, value) }
    }

    /// Not for use: a record always belongs to a model.
    public required init() {
        self.model = ORMModel.empty
        self.inlineCount = -1
        self.array = []
        super.init()
    }

    /// The value of `column` (case-insensitive); NULL for a column the model does not have.
    public final subscript(_ column: String) -> DatabaseValue {
        get { model.table.column(named: column).map { value(at: $0.index) } ?? .null }
        set { if let c = model.table.column(named: column) { setValue(newValue, at: c.index) } }
    }

    /// The value of `column`, or an ``AmigoError/unknownColumn(column:model:)`` error.
    public final func value(_ column: String) throws -> DatabaseValue {
        guard let c = model.table.column(named: column) else { throw AmigoError.unknownColumn(column: column, model: model.name) }
        return value(at: c.index)
    }

    /// Sets `column` to `value` (nil for NULL), or throws for a column the model does not have.
    public final func set(_ column: String, _ value: (any DatabaseValueConvertible)?) throws {
        guard let c = model.table.column(named: column) else { throw AmigoError.unknownColumn(column: column, model: model.name) }
        setValue(value?.databaseValue ?? .null, at: c.index)
    }

    /// The primary-key values (the rowid for a table without a declared primary key).
    public final var primaryKey: [DatabaseValue] {
        let pk = model.table.primaryKey
        if pk.isEmpty { return rowID.map { [.integer($0)] } ?? [] }
        return pk.map { value(at: $0.index) }
    }

    /// The related row loaded for a to-one relationship by `selectRelated`.
    public final func relatedRecord(_ relationship: String) -> Record? { related[relationship] ?? nil }

    /// `Album(AlbumId: 1, Title: 'For Those About To Rock', ArtistId: 1)`.
    public final var description: String {
        let pairs = zip(model.table.columns, values).map { "\($0.label): \($1)" }
        return "\(model.name)(" + pairs.joined(separator: ", ") + ")"
    }
}
