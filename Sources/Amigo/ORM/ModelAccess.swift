/// Reading and writing column values of any object — a compiled model's properties or a
/// ``Record``'s values — and building objects from result rows.
extension ORMModel {
    /// The value to store for `column` of `object`.
    ///
    /// For a compiled model's foreign key: the related object's key when the property holds one,
    /// otherwise the raw value loaded with the row (so saving an object fetched without
    /// `selectRelated` keeps its foreign keys).
    func storedValue(of column: Column, in object: AmigoModel) -> DatabaseValue {
        if isDynamic || type(of: object).isRecordClass {
            guard let record = Record.cast(object), column.index < record.valueCount else { return .null }
            return column.kind.toDatabase(record.value(at: column.index))
        }
        let i = column.index
        let plan = access
        guard i < plan.readers.count, table.columns[i] === column else { return .null }
        if let read = plan.readers[i] { return read(object) }
        if let slot = plan.slots[i] {
            if let (getter, target, key) = plan.slotObjects[slot], let related = getter(object) {
                return target.storedValue(of: key, in: related)
            }
            return object.foreignKeyValue(slot: slot)
        }
        return .null
    }

    /// Sets `column` of `object` from a stored value (used to write back keys and defaults).
    func setStoredValue(_ value: DatabaseValue, of column: Column, in object: AmigoModel) {
        if let record = object as? Record {
            if column.index < record.valueCount { record.setValue(column.kind.fromDatabase(value), at: column.index) }
            return
        }
        let plan = access
        if column.index < plan.writers.count, let write = plan.writers[column.index] {
            write(object, value)
        } else if let property = column.property, property.object == nil {
            property.write(object, value)
        } else if let slot = foreignKeySlotByColumn[column.index] {
            setForeignKeyValue(value, slot: slot, in: object)
        }
    }

    func setForeignKeyValue(_ value: DatabaseValue, slot: Int, in object: AmigoModel) {
        object.setForeignKeyValue(value, slot: slot)
    }

    /// The primary-key values of `object` (its rowid for a record of a table without a declared key).
    func primaryKeyValues(of object: AmigoModel) -> [DatabaseValue] {
        let pk = table.primaryKey
        if pk.isEmpty { return (object as? Record)?.rowID.map { [.integer($0)] } ?? [] }
        return pk.map { storedValue(of: $0, in: object) }
    }
}

extension AmigoModel {
    /// The raw value of a foreign key of a compiled model, by relationship name (`"dog"`), whether
    /// or not the related object was loaded. Nil for an unknown name.
    public func foreignKeyValue(_ relationship: String, in amigo: AmigoDatabase) -> DatabaseValue? {
        guard let model = try? amigo.model(of: self), let r = model.relationship(named: relationship), r.isToOne,
              let column = r.sourceColumns.first else { return nil }
        return model.storedValue(of: column, in: self)
    }
}
