// RelatedLoader: builds selectRelated objects from a result row.

/// Builds the object of a `selectRelated` relationship from its columns of a result row and sets
/// it on the row's object. Everything that does not depend on the row is worked out once per query.
final class RelatedLoader {
    let relationship: Relationship
    let loader: RowLoader
    /// Result columns of the related key: all NULL means the LEFT JOIN found no row.
    let keyIndexes: [Int]
    let rowIDIndex: Int?
    let setter: ((AmigoModel, AmigoModel?) -> Void)?
    /// The offset of the object property when the related objects can be stored there directly.
    let directOffset: Int?
    let slot: Int?
    let name: String
    /// The related objects already built in this query, by their integer key: a row that
    /// appears again (the same parent of many children) is the same object, built once. Bounded,
    /// so that streaming a huge result with `forEach` does not keep every related object alive.
    var seen: [Int64: AmigoModel] = [:]
    var lastKey: Int64?
    var lastObject: AmigoModel?
    static let seenLimit = 65_536

    init(_ relationship: Relationship, offset: Int, rowIDIndex: Int?, asRecord: Bool) {
        self.relationship = relationship
        self.loader = RowLoader(relationship.target, offset: offset, asRecord: asRecord, rowIDIndex: rowIDIndex)
        self.rowIDIndex = rowIDIndex
        self.keyIndexes = relationship.target.table.primaryKey.map { offset + $0.index }
        self.setter = relationship.accessor?.object?.1
        if !loader.asRecord, let objectSlot = relationship.accessor?.objectSlot, objectSlot.accepts(relationship.target.modelType) {
            self.directOffset = objectSlot.offset
        } else {
            self.directOffset = nil
        }
        self.slot = relationship.foreignKeySlot
        self.name = relationship.name
    }

    func attach(row: StatementRow, to object: AmigoModel) {
        let related = relatedObject(in: row)
        if let record = Record.cast(object) {
            record.setRelated(related.flatMap(Record.cast), for: name)
            return
        }
        if let directOffset {
            // Objects of the target model's class, which the property accepts (checked once above).
            StoredPropertyOffset.pointer(object, directOffset, AmigoModel?.self).pointee = related
        } else if let setter {
            setter(object, related)
        } else {
            return
        }
        if let slot, related != nil {
            // The object property now carries the key; the raw value must not override a later change.
            object.setForeignKeyValue(.null, slot: slot)
        }
    }

    /// The related object in `row`: nil when the LEFT JOIN found none, the one built before for
    /// the same integer key, or a new one.
    func relatedObject(in row: StatementRow) -> AmigoModel? {
        let key: Int64
        if keyIndexes.count == 1 {
            let i = keyIndexes[0]
            switch row.type(at: i) {
            case .null: return nil
            case .integer: key = row.int64(at: i)
            default: return loader.load(row)
            }
        } else if keyIndexes.isEmpty {
            guard let rowIDIndex, !row.isNull(at: rowIDIndex) else { return nil }
            key = row.int64(at: rowIDIndex)
        } else {
            guard keyIndexes.contains(where: { !row.isNull(at: $0) }) else { return nil }
            return loader.load(row)
        }
        // Rows pointing at the same related row often come together: check the last one first.
        if key == lastKey, let lastObject { return lastObject }
        let object: AmigoModel
        if let known = seen[key] {
            object = known
        } else {
            object = loader.load(row)
            if seen.count >= RelatedLoader.seenLimit { seen.removeAll(keepingCapacity: true) }
            seen[key] = object
        }
        lastKey = key
        lastObject = object
        return object
    }
}
