import CMemory
import Foundation

/// How a compiled model's property is read and written, erased from its key path.
///
/// Built once per column when the model is declared; fetching calls ``assign`` once per column
/// per row, reading the statement column straight into the property.
///
/// `@unchecked Sendable`: an offset and a type, fixed when the model is declared.
struct PropertyAccessor: @unchecked Sendable {
    /// Reads the property as a stored value.
    let read: (AmigoModel) -> DatabaseValue
    /// Sets the property from a stored value.
    let write: (AmigoModel, DatabaseValue) -> Void
    /// Sets the property straight from a statement column (the fast path).
    let assign: (AmigoModel, StatementRow, Int) -> Void
    /// For a to-one object property: reads and writes the related object.
    let object: ((AmigoModel) -> AmigoModel?, (AmigoModel, AmigoModel?) -> Void)?
    /// The property's inline storage, when it is one of the common types at a known offset:
    /// fetching and inserting then use it instead of the closures above.
    var field: StoredField = .other
    /// For a to-one object property stored inline: where, and which classes it may hold.
    var objectSlot: ObjectSlot?
    /// Whether objects of the given class have the property (its key path's root is the class or
    /// a superclass): checked when models are bound, since every access assumes it.
    var rootAccepts: (AmigoModel.Type) -> Bool = { _ in true }

    /// A to-one object property (`var dog: Dog?`) at a verified byte offset.
    struct ObjectSlot {
        let offset: Int
        /// Whether objects of the given class may be stored in the property (it is the property's
        /// class or a subclass).
        let accepts: (AmigoModel.Type) -> Bool
    }

    static func value<M: AmigoModel, V: DatabaseValueConvertible>(
        _ keyPath: ReferenceWritableKeyPath<M, V>, kind: ColumnKind, zeroIsNil: Bool
    ) -> PropertyAccessor {
        rooted(at: M.self, valueAccessor(keyPath, kind: kind, zeroIsNil: zeroIsNil))
    }

    static func optionalValue<M: AmigoModel, V: DatabaseValueConvertible>(
        _ keyPath: ReferenceWritableKeyPath<M, V?>, kind: ColumnKind
    ) -> PropertyAccessor {
        rooted(at: M.self, optionalValueAccessor(keyPath, kind: kind))
    }

    static func object<M: AmigoModel, R: AmigoModel>(_ keyPath: ReferenceWritableKeyPath<M, R?>) -> PropertyAccessor {
        rooted(at: M.self, objectAccessor(keyPath))
    }

    /// `accessor`, knowing that it reads and writes properties of `M` (see ``rootAccepts``).
    private static func rooted<M: AmigoModel>(at root: M.Type, _ accessor: PropertyAccessor) -> PropertyAccessor {
        var accessor = accessor
        accessor.rootAccepts = { $0 is M.Type }
        return accessor
    }

    private static func valueAccessor<M: AmigoModel, V: DatabaseValueConvertible>(
        _ keyPath: ReferenceWritableKeyPath<M, V>, kind: ColumnKind, zeroIsNil: Bool
    ) -> PropertyAccessor {
        if let offset = StoredPropertyOffset.find(keyPath) {
            return Specialized.value(V.self, offset: offset, zeroIsNil: zeroIsNil)
        }
        return PropertyAccessor(
            read: { model in
                let value = unsafeDowncast(model, to: M.self)[keyPath: keyPath].databaseValue
                if zeroIsNil, case .integer(0) = value { return .null }
                return value
            },
            write: { model, value in
                if let v = V.fromDatabaseValue(value) { unsafeDowncast(model, to: M.self)[keyPath: keyPath] = v }
            },
            assign: { model, row, index in
                if let v = V.read(row, at: index) { unsafeDowncast(model, to: M.self)[keyPath: keyPath] = v }
            },
            object: nil)
    }

    private static func optionalValueAccessor<M: AmigoModel, V: DatabaseValueConvertible>(
        _ keyPath: ReferenceWritableKeyPath<M, V?>, kind: ColumnKind
    ) -> PropertyAccessor {
        if kind == .uuid, V.self == String.self {
            // A UUID held as a String on the model: bytes in the database.
            return PropertyAccessor(
                read: { model in
                    guard let v = unsafeDowncast(model, to: M.self)[keyPath: keyPath] else { return .null }
                    return ColumnKind.uuid.toDatabase(v.databaseValue)
                },
                write: { model, value in
                    unsafeDowncast(model, to: M.self)[keyPath: keyPath] = V.fromDatabaseValue(ColumnKind.uuid.fromDatabase(value))
                },
                assign: { model, row, index in
                    unsafeDowncast(model, to: M.self)[keyPath: keyPath] = V.fromDatabaseValue(ColumnKind.uuid.fromDatabase(row.value(at: index)))
                },
                object: nil)
        }
        if let offset = StoredPropertyOffset.find(keyPath) {
            return Specialized.optionalValue(V.self, offset: offset)
        }
        return PropertyAccessor(
            read: { model in unsafeDowncast(model, to: M.self)[keyPath: keyPath]?.databaseValue ?? .null },
            write: { model, value in unsafeDowncast(model, to: M.self)[keyPath: keyPath] = V.fromDatabaseValue(value) },
            assign: { model, row, index in unsafeDowncast(model, to: M.self)[keyPath: keyPath] = V.read(row, at: index) },
            object: nil)
    }

    private static func objectAccessor<M: AmigoModel, R: AmigoModel>(_ keyPath: ReferenceWritableKeyPath<M, R?>) -> PropertyAccessor {
        if let offset = StoredPropertyOffset.findObject(keyPath) {
            let optional = R?.self
            return PropertyAccessor(
                read: { _ in .null },
                write: { _, _ in },
                assign: { _, _, _ in },
                object: ({ model in StoredPropertyOffset.pointer(model, offset, optional).pointee },
                         { model, related in
                             // Objects of R's model are set here (the related model's rows): check the
                             // exact class cheaply before falling back to a dynamic cast.
                             let value: R? = if let related, type(of: related) == R.self { unsafeDowncast(related, to: R.self) }
                                             else { related as? R }
                             StoredPropertyOffset.pointer(model, offset, optional).pointee = value
                         }),
                objectSlot: ObjectSlot(offset: offset, accepts: { $0 is R.Type }))
        }
        return PropertyAccessor(
            read: { _ in .null },
            write: { _, _ in },
            assign: { _, _, _ in },
            object: ({ model in unsafeDowncast(model, to: M.self)[keyPath: keyPath] },
                     { model, related in unsafeDowncast(model, to: M.self)[keyPath: keyPath] = related.flatMap { $0 as? R } }))
    }
}

/// The byte offset of a stored property inside instances of a model class, found once per
/// column so that fetching writes each value straight into the object instead of applying a key
/// path (which costs a runtime call per property per row).
///
/// The offset is taken from the address the key path projects for an inout access and is only
/// used after a check on a fresh instance: a value written at that offset must read back through
/// the key path. Computed properties, observed properties and anything else that does not
/// project inline storage fail the check and keep the key-path accessor.
enum StoredPropertyOffset {
    static func find<M: AmigoModel, V: DatabaseValueConvertible>(_ keyPath: ReferenceWritableKeyPath<M, V>) -> Int? {
        let probe = M()
        guard let offset = projectedOffset(probe, keyPath),
              let sample = probeValue(V.self, differentFrom: probe[keyPath: keyPath].databaseValue) else { return nil }
        return confirmed(offset, keyPath, sample)
    }

    static func find<M: AmigoModel, V: DatabaseValueConvertible>(_ keyPath: ReferenceWritableKeyPath<M, V?>) -> Int? {
        let probe = M()
        guard let offset = projectedOffset(probe, keyPath),
              let sample = probeValue(V.self, differentFrom: probe[keyPath: keyPath]?.databaseValue ?? .null) else { return nil }
        return confirmed(offset, keyPath, Optional(sample))
    }

    static func findObject<M: AmigoModel, R: AmigoModel>(_ keyPath: ReferenceWritableKeyPath<M, R?>) -> Int? {
        let probe = M()
        guard probe[keyPath: keyPath] == nil, let offset = projectedOffset(probe, keyPath) else { return nil }
        return confirmed(offset, keyPath, Optional(R()))
    }

    /// Confirms a candidate offset without ever writing through it: `sample` is stored through the
    /// key path on a fresh instance, and must then be found, byte for byte, at the offset — inside
    /// the instance's allocation, and at the same offset in a second instance.
    private static func confirmed<M: AmigoModel, V>(_ offset: Int, _ keyPath: ReferenceWritableKeyPath<M, V>, _ sample: V) -> Int? {
        let check = M()
        let base = UnsafeRawPointer(Unmanaged.passUnretained(check).toOpaque())
        guard offset + MemoryLayout<V>.size <= amigo_allocation_size(UnsafeMutableRawPointer(mutating: base)),
              projectedOffset(check, keyPath) == offset else { return nil }
        check[keyPath: keyPath] = sample
        return withUnsafeBytes(of: sample) { bytes in
            memcmp(base + offset, bytes.baseAddress!, bytes.count) == 0
        } ? offset : nil
    }

    private static func projectedOffset<M: AmigoModel, V>(_ object: M, _ keyPath: ReferenceWritableKeyPath<M, V>) -> Int? {
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        var offset: Int?
        withUnsafeMutablePointer(to: &object[keyPath: keyPath]) { address in
            let distance = UnsafeRawPointer(address) - base
            // Past the object header (16 bytes) and within a plausible instance size.
            if distance >= 16 && distance < 1 << 16 && distance % MemoryLayout<V>.alignment == 0 { offset = distance }
        }
        return offset
    }

    /// A value of `V` different from `current` (the property's value in a fresh instance), that
    /// converts to and from a stored value exactly, to test the offset with.
    private static func probeValue<V: DatabaseValueConvertible>(_ type: V.Type, differentFrom current: DatabaseValue) -> V? {
        let candidates: [DatabaseValue] = [.integer(4_242_424_242_424), .integer(1), .integer(0), .text("amigo-probe-4242"),
                                           .text(""), .text("2001-02-03 04:05:06.000"), .text("1.5"), .real(4242.25), .real(0.5),
                                           .blob(Array(repeating: 0x42, count: 16))]
        for candidate in candidates where candidate != current {
            if let v = V.fromDatabaseValue(candidate), v.databaseValue == candidate { return v }
        }
        return nil
    }

    @inline(__always)
    static func pointer<V>(_ object: AmigoModel, _ offset: Int, _ type: V.Type) -> UnsafeMutablePointer<V> {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()).advanced(by: offset).assumingMemoryBound(to: V.self)
    }
}

/// Accessors that read and write a property at a known byte offset, specialized by the compiler
/// for the common column types (the generic fallback looks type metadata up on every call).
enum Specialized {
    static func value<V: DatabaseValueConvertible>(_ type: V.Type, offset: Int, zeroIsNil: Bool) -> PropertyAccessor {
        switch type {
        case is String.Type: return make(String.self, offset: offset, zeroIsNil: zeroIsNil)
        case is Int.Type: return make(Int.self, offset: offset, zeroIsNil: zeroIsNil)
        case is Int64.Type: return make(Int64.self, offset: offset, zeroIsNil: zeroIsNil)
        case is Double.Type: return make(Double.self, offset: offset, zeroIsNil: zeroIsNil)
        case is Bool.Type: return make(Bool.self, offset: offset, zeroIsNil: zeroIsNil)
        default: return make(V.self, offset: offset, zeroIsNil: zeroIsNil)
        }
    }

    static func optionalValue<V: DatabaseValueConvertible>(_ type: V.Type, offset: Int) -> PropertyAccessor {
        switch type {
        case is String.Type: return makeOptional(String.self, offset: offset)
        case is Int.Type: return makeOptional(Int.self, offset: offset)
        case is Int64.Type: return makeOptional(Int64.self, offset: offset)
        case is Double.Type: return makeOptional(Double.self, offset: offset)
        case is Bool.Type: return makeOptional(Bool.self, offset: offset)
        default: return makeOptional(V.self, offset: offset)
        }
    }

    @inline(__always)
    private static func make<V: DatabaseValueConvertible>(_ type: V.Type, offset: Int, zeroIsNil: Bool) -> PropertyAccessor {
        PropertyAccessor(
            read: { model in
                let value = StoredPropertyOffset.pointer(model, offset, V.self).pointee.databaseValue
                if zeroIsNil, case .integer(0) = value { return .null }
                return value
            },
            write: { model, value in
                if let v = V.fromDatabaseValue(value) { StoredPropertyOffset.pointer(model, offset, V.self).pointee = v }
            },
            assign: { model, row, index in
                if let v = V.read(row, at: index) { StoredPropertyOffset.pointer(model, offset, V.self).pointee = v }
            },
            object: nil,
            field: StoredField.of(V.self, offset: offset, zeroIsNil: zeroIsNil))
    }

    @inline(__always)
    private static func makeOptional<V: DatabaseValueConvertible>(_ type: V.Type, offset: Int) -> PropertyAccessor {
        PropertyAccessor(
            read: { model in StoredPropertyOffset.pointer(model, offset, V?.self).pointee?.databaseValue ?? .null },
            write: { model, value in StoredPropertyOffset.pointer(model, offset, V?.self).pointee = V.fromDatabaseValue(value) },
            assign: { model, row, index in StoredPropertyOffset.pointer(model, offset, V?.self).pointee = V.read(row, at: index) },
            object: nil,
            field: StoredField.of(V?.self, offset: offset, zeroIsNil: false))
    }
}
