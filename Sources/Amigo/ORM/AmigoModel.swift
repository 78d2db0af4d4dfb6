/// The base class of compiled models. Subclass it, give it `var` properties and a `required init()`,
/// and describe the mapping with an ``ORMModel``:
///
///     final class Dog: AmigoModel {
///         var id: Int?
///         var label: String?
///     }
///     let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label))
///
/// The ORM keeps a little state on every object: whether it has a row in the database (so that
/// `session.add` knows to INSERT or UPDATE), and the raw values of foreign keys whose related
/// object was not loaded.
open class AmigoModel {
    /// Creates an object with no row yet.
    public required init() {}

    /// Creates an object, marked as having a row in the database or not (for the ORM's own
    /// classes, which know this when they are made).
    init(persisted: Bool) { persistedFlag = persisted }

    // The stored state is ordered widest first, so that it takes 22 bytes after the object header
    // rather than 32 (every fetched object carries it).

    /// Raw values of foreign-key columns, by the model's foreign-key slot, as loaded or last saved.
    /// An integer in the first slot (the common case: one foreign key holding an integer) is kept
    /// inline as plain bits, so that objects allocate nothing for it and are cheap to create and
    /// free; anything else lives in ``otherForeignKeyValues``, allocated only when needed.
    private var firstForeignKeyInteger: Int64 = 0
    private var otherForeignKeyValues: ForeignKeyValues?
    /// The ``Batch`` this new object was last queued in (its number), to refuse queuing it twice.
    var batchMark: UInt32 = 0
    /// Whether the first foreign-key slot holds ``firstForeignKeyInteger``.
    private var firstForeignKeyIsInteger = false
    /// The storage of ``isPersisted``: internal, so that the optimizer sees every write to it
    /// (a public stored property of a class is checked for exclusive access at run time).
    var persistedFlag = false

    /// Whether the object has a row in the database: it was fetched, or added (inserted) by a session.
    /// `session.add` updates persisted objects and inserts the others.
    public internal(set) var isPersisted: Bool {
        get { persistedFlag }
        set { persistedFlag = newValue }
    }

    /// The raw value in foreign-key slot `slot`.
    func foreignKeyValue(slot: Int) -> DatabaseValue {
        if slot == 0 && firstForeignKeyIsInteger { return .integer(firstForeignKeyInteger) }
        guard let values = otherForeignKeyValues?.values, values.indices.contains(slot) else { return .null }
        return values[slot]
    }

    /// Sets the raw value in foreign-key slot `slot`.
    func setForeignKeyValue(_ value: DatabaseValue, slot: Int) {
        if slot == 0 {
            if case .integer(let v) = value {
                firstForeignKeyInteger = v
                firstForeignKeyIsInteger = true
                if let other = otherForeignKeyValues, !other.values.isEmpty { other.values[0] = .null }
                return
            }
            firstForeignKeyIsInteger = false
            if value.isNull && otherForeignKeyValues == nil { return }
        }
        let store = otherForeignKeyValues ?? ForeignKeyValues()
        otherForeignKeyValues = store
        if store.values.count <= slot { store.values += Array(repeating: .null, count: slot + 1 - store.values.count) }
        store.values[slot] = value
    }
}

/// Raw foreign-key values that are not an integer in the first slot.
final class ForeignKeyValues {
    var values: [DatabaseValue] = []
}

/// A row of a model that exists only at run time (declared with `ORMModel(name:…)` or reflected
/// from a file): its values by column, its primary key and the related rows a query loaded.
///
/// A row read from a statement keeps up to eight values inside the record itself, so that
/// fetching it costs one allocation rather than two; ``values`` then builds an array when asked.
/// Read single values with ``value(at:)`` or the name subscript, which build nothing.
///
/// `@unchecked Sendable`: like any model object it may be handed to another thread, but not changed from two at once; the ORM never does.
public final class Record: AmigoModel, @unchecked Sendable, CustomStringConvertible {
    /// The row's model.
    public let model: ORMModel
    /// The values of a narrow row read from a statement, when `inlineCount` is not negative.
    /// Unchecked: only this class's own methods touch it, none while another access is open, and
    /// the run-time check cost an access-set insert on every record read.
    @exclusivity(unchecked) private var inline: InlineValues
    /// Fits in the padding after the inline values.
    private var inlineCount: Int8
    /// Whether ``rowIDBits`` holds the row's rowid (in the padding after ``inlineCount``, so
    /// that ``rowID`` takes 8 bytes rather than an optional's 16).
    private var hasRowID = false
    /// The storage of ``rowID``.
    private var rowIDBits: Int64 = 0
    /// The values otherwise (nil while they are inline, so that such records hold no array).
    private var array: [DatabaseValue]?
    /// What few rows use (the key before a change, prefix sizes, related rows), allocated on first
    /// use: every record read carries 8 bytes for it rather than 24.
    private var extras: RecordExtras?

    /// The side box, created when first needed.
    private var extrasBox: RecordExtras {
        if let extras { return extras }
        let box = RecordExtras()
        extras = box
        return box
    }

    /// The values, one per column of ``model``'s table, in column order.
    ///
    /// Changing a primary-key value of a row that is in the database remembers the key it had,
    /// so that saving it updates that row (and moves it to the new key).
    public var values: [DatabaseValue] {
        get { inlineCount < 0 ? array ?? [] : inline.array(count: Int(inlineCount)) }
        set {
            if isPersisted, originalKey == nil, newValue.count == valueCount {
                let key = model.table.primaryKey
                if key.contains(where: { value(at: $0.index) != newValue[$0.index] }) {
                    originalKey = key.map { value(at: $0.index) }
                }
            }
            let old = prefixSizes == nil ? [] : values
            array = newValue
            if inlineCount >= 0 {
                inlineCount = -1
                inline = InlineValues()
            }
            // A value set to something else is whole now; one set back to its prefix is still a prefix.
            forgetPrefixes(changedFrom: { $0 < old.count ? old[$0] : .null })
        }
    }

    /// Number of values (the model's columns).
    public var valueCount: Int { inlineCount < 0 ? array?.count ?? 0 : Int(inlineCount) }

    /// The value of column number `index` (in the model's column order).
    @inline(__always)
    public func value(at index: Int) -> DatabaseValue {
        if inlineCount < 0 { return array![index] }
        precondition(index >= 0 && index < Int(inlineCount), "Record value index \(index) out of range")
        return inline[index]
    }

    /// Sets the value of column number `index`, remembering the key the row had when a key
    /// column of a row in the database changes (see ``values``).
    public func setValue(_ value: DatabaseValue, at index: Int) {
        let old = self.value(at: index)
        if isPersisted, originalKey == nil, old != value {
            let key = model.table.primaryKey
            if key.contains(where: { $0.index == index }) { originalKey = key.map { self.value(at: $0.index) } }
        }
        if inlineCount < 0 { array![index] = value } else { inline.set(index, value) }
        if prefixSizes?[index] != nil, old != value { forgetPrefixes(changedFrom: { $0 == index ? old : self.value(at: $0) }) }
    }

    /// The primary key the row had in the database before a key column was changed.
    var originalKey: [DatabaseValue]? {
        get { extras?.originalKey }
        set { if newValue != nil || extras != nil { extrasBox.originalKey = newValue } }
    }
    /// Column index → full size in bytes, for the values read as a prefix (nil when none was).
    private var prefixSizes: [Int: Int]? { extras?.prefixSizes }

    /// The size in bytes of the whole value of column number `index` when the record holds only
    /// its first characters or bytes (read by a query with ``Query/prefixingValues(to:except:)``),
    /// nil when it holds the value whole.
    public func fullSize(at index: Int) -> Int? { prefixSizes?[index] }

    /// The indexes of the columns whose value the record holds only a prefix of, in column order.
    public var prefixColumns: [Int] { prefixSizes.map { $0.keys.sorted() } ?? [] }

    /// Marks the value of column `index` as a prefix of a value of `fullSize` bytes.
    func markPrefix(at index: Int, fullSize: Int) {
        let box = extrasBox
        if box.prefixSizes == nil { box.prefixSizes = [:] }
        box.prefixSizes![index] = fullSize
    }

    /// Forgets the prefix marks of the columns whose value differs from `old` (given whole since).
    private func forgetPrefixes(changedFrom old: (Int) -> DatabaseValue) {
        guard let box = extras, let sizes = box.prefixSizes else { return }
        for index in sizes.keys where index >= valueCount || value(at: index) != old(index) { box.prefixSizes![index] = nil }
        if box.prefixSizes!.isEmpty { box.prefixSizes = nil }
    }
    /// The row's rowid, for tables keyed only by their rowid.
    public var rowID: Int64? {
        get { hasRowID ? rowIDBits : nil }
        set {
            rowIDBits = newValue ?? 0
            hasRowID = newValue != nil
        }
    }
    /// Related rows loaded by `selectRelated`, by relationship name (nil when there was none).
    public var related: [String: Record?] { extras?.relatedRows ?? [:] }

    /// Records the related row of `relationship` loaded by `selectRelated`.
    func setRelated(_ row: Record?, for relationship: String) {
        let box = extrasBox
        if box.relatedRows == nil { box.relatedRows = [:] }
        box.relatedRows![relationship] = .some(row)
    }

    /// Creates an empty row of `model` (every value NULL).
    public init(_ model: ORMModel) {
        self.model = model
        self.inline = InlineValues()
        self.inlineCount = -1
        self.array = Array(repeating: .null, count: model.table.columns.count)
        super.init()
    }

    /// Creates the row of `model` in columns `offset…` of a statement row (in the database, with
    /// `rowID` for a table keyed by its rowid), kept inline when the model has at most
    /// ``InlineValues/capacity`` columns.
    init(_ model: ORMModel, row: StatementRow, offset: Int, count: Int, rowID: Int64?) {
        self.model = model
        self.hasRowID = rowID != nil
        self.rowIDBits = rowID ?? 0
        if count <= InlineValues.capacity {
            // Stored once, before super.init: no access check or copy per value.
            self.inline = InlineValues(row, offset: offset, count: count)
            self.inlineCount = Int8(count)
            // `array` starts nil: assigning it again would cost an access check and a release.
        } else {
            self.inline = InlineValues()
            self.inlineCount = -1
            self.array = [DatabaseValue](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count { (buffer.baseAddress! + i).initialize(to: row.value(at: offset + i)) }
                initialized = count
            }
        }
        super.init(persisted: true)
    }

    /// Creates a row of `model` from values by column name.
    public convenience init(_ model: ORMModel, _ values: [String: any DatabaseValueConvertible]) throws {
        self.init(model)
        for (name, value) in values { try set(name, value) }
    }

    /// Not for use: a record always belongs to a model.
    public required init() {
        self.model = ORMModel.empty
        self.inline = InlineValues()
        self.inlineCount = -1
        self.array = []
        super.init()
    }

    /// The value of `column` (case-insensitive); NULL for a column the model does not have.
    public subscript(_ column: String) -> DatabaseValue {
        get { model.table.column(named: column).map { value(at: $0.index) } ?? .null }
        set { if let c = model.table.column(named: column) { setValue(newValue, at: c.index) } }
    }

    /// The value of `column`, or an ``AmigoError/unknownColumn(column:model:)`` error.
    public func value(_ column: String) throws -> DatabaseValue {
        guard let c = model.table.column(named: column) else { throw AmigoError.unknownColumn(column: column, model: model.name) }
        return value(at: c.index)
    }

    /// Sets `column` to `value` (nil for NULL), or throws for a column the model does not have.
    public func set(_ column: String, _ value: (any DatabaseValueConvertible)?) throws {
        guard let c = model.table.column(named: column) else { throw AmigoError.unknownColumn(column: column, model: model.name) }
        setValue(value?.databaseValue ?? .null, at: c.index)
    }

    /// The primary-key values (the rowid for a table without a declared primary key).
    public var primaryKey: [DatabaseValue] {
        let pk = model.table.primaryKey
        if pk.isEmpty { return rowID.map { [.integer($0)] } ?? [] }
        return pk.map { value(at: $0.index) }
    }

    /// The related row loaded for a to-one relationship by `selectRelated`.
    public func relatedRecord(_ relationship: String) -> Record? { related[relationship] ?? nil }

    /// `Album(AlbumId: 1, Title: 'For Those About To Rock', ArtistId: 1)`.
    public var description: String {
        let pairs = zip(model.table.columns, values).map { "\($0.label): \($1)" }
        return "\(model.name)(" + pairs.joined(separator: ", ") + ")"
    }
}
