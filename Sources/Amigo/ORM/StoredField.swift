/// How a compiled model's property is held, when it is one of the common column types stored
/// inline in the object at a verified byte offset (see ``StoredPropertyOffset``).
///
/// Fetching and inserting switch over these plain values instead of calling a closure per column
/// per row: no closure context is retained, and no ``DatabaseValue`` is built in between.
/// Everything else (custom types, UUIDs, computed or observed properties, foreign keys) is
/// ``other`` and goes through the ``PropertyAccessor`` closures, with the same results.
enum StoredField {
    case other
    case string(offset: Int)
    case optionalString(offset: Int)
    /// An `Int`; with `zeroIsNil`, 0 is stored as NULL (a non-optional integer primary key).
    case int(offset: Int, zeroIsNil: Bool)
    case optionalInt(offset: Int)
    case int64(offset: Int, zeroIsNil: Bool)
    case optionalInt64(offset: Int)
    case double(offset: Int)
    case optionalDouble(offset: Int)
    case bool(offset: Int)
    case optionalBool(offset: Int)

    /// The field for a property of type `V` at `offset`, or ``other``.
    static func of<V>(_ type: V.Type, offset: Int, zeroIsNil: Bool) -> StoredField {
        switch type {
        case is String.Type: return .string(offset: offset)
        case is String?.Type: return .optionalString(offset: offset)
        case is Int.Type: return .int(offset: offset, zeroIsNil: zeroIsNil)
        case is Int?.Type: return .optionalInt(offset: offset)
        case is Int64.Type: return .int64(offset: offset, zeroIsNil: zeroIsNil)
        case is Int64?.Type: return .optionalInt64(offset: offset)
        case is Double.Type: return .double(offset: offset)
        case is Double?.Type: return .optionalDouble(offset: offset)
        case is Bool.Type: return zeroIsNil ? .other : .bool(offset: offset)   // a Bool key: false is stored as NULL
        case is Bool?.Type: return .optionalBool(offset: offset)
        default: return .other
        }
    }

    @inline(__always)
    private static func at<V>(_ object: AmigoModel, _ offset: Int, _ type: V.Type) -> UnsafeMutablePointer<V> {
        StoredPropertyOffset.pointer(object, offset, type)
    }

    /// Sets the property from column `index` of `row`, exactly as the accessor's `assign` does (a
    /// NULL leaves a non-optional property unchanged). False for ``other``: the caller assigns it.
    @inline(__always)
    func assign(_ object: AmigoModel, from row: StatementRow, at index: Int) -> Bool {
        switch self {
        case .other:
            return false
        case .string(let offset):
            if let value = row.optionalString(at: index) { StoredField.at(object, offset, String.self).pointee = value }
        case .optionalString(let offset):
            StoredField.at(object, offset, String?.self).pointee = row.optionalString(at: index)
        case .int(let offset, _):
            if let value = row.optionalInt64(at: index) { StoredField.at(object, offset, Int.self).pointee = Int(truncatingIfNeeded: value) }
        case .optionalInt(let offset):
            StoredField.at(object, offset, Int?.self).pointee = row.optionalInt64(at: index).map { Int(truncatingIfNeeded: $0) }
        case .int64(let offset, _):
            if let value = row.optionalInt64(at: index) { StoredField.at(object, offset, Int64.self).pointee = value }
        case .optionalInt64(let offset):
            StoredField.at(object, offset, Int64?.self).pointee = row.optionalInt64(at: index)
        case .double(let offset):
            if let value = row.optionalDouble(at: index) { StoredField.at(object, offset, Double.self).pointee = value }
        case .optionalDouble(let offset):
            StoredField.at(object, offset, Double?.self).pointee = row.optionalDouble(at: index)
        case .bool(let offset):
            if let value = StoredField.readBool(row, index) { StoredField.at(object, offset, Bool.self).pointee = value }
        case .optionalBool(let offset):
            StoredField.at(object, offset, Bool?.self).pointee = StoredField.readBool(row, index)
        }
        return true
    }

    /// A boolean column: integers directly, anything else by ``Bool``'s own conversion ('true', 'yes', …).
    @inline(__always)
    private static func readBool(_ row: StatementRow, _ index: Int) -> Bool? {
        if let integer = row.integerIfStored(at: index) { return integer != 0 }
        return Bool.fromDatabaseValue(row.value(at: index))
    }

    /// Binds the property as the next argument of `binder`, exactly as the accessor's `read`
    /// would store it. False for ``other``: the caller binds it.
    @inline(__always)
    func bind(_ object: AmigoModel, to binder: inout StatementBinder) -> Bool {
        switch self {
        case .other:
            return false
        case .string(let offset):
            binder.bind(StoredField.at(object, offset, String.self).pointee)
        case .optionalString(let offset):
            if let s = StoredField.at(object, offset, String?.self).pointee { binder.bind(s) } else { binder.bindNull() }
        case .int(let offset, let zeroIsNil):
            let v = StoredField.at(object, offset, Int.self).pointee
            if zeroIsNil && v == 0 { binder.bindNull() } else { binder.bind(Int64(v)) }
        case .optionalInt(let offset):
            if let v = StoredField.at(object, offset, Int?.self).pointee { binder.bind(Int64(v)) } else { binder.bindNull() }
        case .int64(let offset, let zeroIsNil):
            let v = StoredField.at(object, offset, Int64.self).pointee
            if zeroIsNil && v == 0 { binder.bindNull() } else { binder.bind(v) }
        case .optionalInt64(let offset):
            if let v = StoredField.at(object, offset, Int64?.self).pointee { binder.bind(v) } else { binder.bindNull() }
        case .double(let offset):
            binder.bind(StoredField.at(object, offset, Double.self).pointee)
        case .optionalDouble(let offset):
            if let v = StoredField.at(object, offset, Double?.self).pointee { binder.bind(v) } else { binder.bindNull() }
        case .bool(let offset):
            binder.bind(StoredField.at(object, offset, Bool.self).pointee ? Int64(1) : 0)
        case .optionalBool(let offset):
            if let v = StoredField.at(object, offset, Bool?.self).pointee { binder.bind(v ? Int64(1) : 0) } else { binder.bindNull() }
        }
        return true
    }

    /// Whether the property holds no value (nil, or 0 for a `zeroIsNil` integer); nil for ``other``.
    @inline(__always)
    func isNull(in object: AmigoModel) -> Bool? {
        switch self {
        case .other: return nil
        case .string, .int64(_, false), .int(_, false), .double, .bool: return false
        case .int(let offset, _): return StoredField.at(object, offset, Int.self).pointee == 0
        case .int64(let offset, _): return StoredField.at(object, offset, Int64.self).pointee == 0
        case .optionalString(let offset): return StoredField.at(object, offset, String?.self).pointee == nil
        case .optionalInt(let offset): return StoredField.at(object, offset, Int?.self).pointee == nil
        case .optionalInt64(let offset): return StoredField.at(object, offset, Int64?.self).pointee == nil
        case .optionalDouble(let offset): return StoredField.at(object, offset, Double?.self).pointee == nil
        case .optionalBool(let offset): return StoredField.at(object, offset, Bool?.self).pointee == nil
        }
    }
}
