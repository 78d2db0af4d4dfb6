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

    /// Whether the class is ``Record`` or one of its own subclasses: a virtual answer, cheaper
    /// than a dynamic cast on every object saved or loaded.
    class var isRecordClass: Bool { false }

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
