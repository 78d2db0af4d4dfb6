/// How a compiled model's property is read and written, erased from its key path.
///
/// Built once per column when the model is declared; fetching calls ``assign`` once per column
/// per row, reading the statement column straight into the property.
struct PropertyAccessor: @unchecked Sendable {
    /// Reads the property as a stored value.
    let read: (AmigoModel) -> DatabaseValue
    /// Sets the property from a stored value.
    let write: (AmigoModel, DatabaseValue) -> Void
    /// Sets the property straight from a statement column (the fast path).
    let assign: (AmigoModel, StatementRow, Int) -> Void
    /// For a to-one object property: reads and writes the related object.
    let object: ((AmigoModel) -> AmigoModel?, (AmigoModel, AmigoModel?) -> Void)?

    static func value<M: AmigoModel, V: DatabaseValueConvertible>(
        _ keyPath: ReferenceWritableKeyPath<M, V>, kind: ColumnKind, zeroIsNil: Bool
    ) -> PropertyAccessor {
        PropertyAccessor(
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

    static func optionalValue<M: AmigoModel, V: DatabaseValueConvertible>(
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
        return PropertyAccessor(
            read: { model in unsafeDowncast(model, to: M.self)[keyPath: keyPath]?.databaseValue ?? .null },
            write: { model, value in unsafeDowncast(model, to: M.self)[keyPath: keyPath] = V.fromDatabaseValue(value) },
            assign: { model, row, index in unsafeDowncast(model, to: M.self)[keyPath: keyPath] = V.read(row, at: index) },
            object: nil)
    }

    static func object<M: AmigoModel, R: AmigoModel>(_ keyPath: ReferenceWritableKeyPath<M, R?>) -> PropertyAccessor {
        PropertyAccessor(
            read: { _ in .null },
            write: { _, _ in },
            assign: { _, _, _ in },
            object: ({ model in unsafeDowncast(model, to: M.self)[keyPath: keyPath] },
                     { model, related in unsafeDowncast(model, to: M.self)[keyPath: keyPath] = related.flatMap { $0 as? R } }))
    }
}
