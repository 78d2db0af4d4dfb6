/// Builds objects of one model from result rows, with everything that does not depend on the
/// row (the access plan, the fields, how to make an object) looked up once per query.
///
/// Compiled objects get their properties assigned in place (see ``StoredField``); run-time rows
/// (and compiled models read as rows) become ``Record``s.
///
/// `@unchecked Sendable`: immutable, and what it holds (the model, its access plan) is read-only
/// once shared; ``GetPlan`` keeps one per model and dialect.
struct RowLoader: @unchecked Sendable {
    let model: ORMModel
    /// The first result column of the model's columns.
    let offset: Int
    /// Whether to build ``Record``s.
    let asRecord: Bool
    /// The result column of an extra `rowid`, for tables keyed only by their rowid.
    let rowIDIndex: Int?
    /// For a query that reads prefixes: where each cut column's full size is.
    let prefixSizes: [ValuePrefix.SizeColumn]
    private let plan: AccessPlan
    private let columnCount: Int
    private let hasUUIDColumns: Bool
    /// The size of the records built (their values and rowid in the object), nil for rows wider
    /// than the largest (kept in an array).
    private let recordSize: InlineRecordSize?

    init(_ model: ORMModel, offset: Int, asRecord: Bool, rowIDIndex: Int?, prefixSizes: [ValuePrefix.SizeColumn] = []) {
        self.model = model
        self.prefixSizes = prefixSizes
        self.offset = offset
        self.asRecord = asRecord || model.isDynamic
        self.rowIDIndex = rowIDIndex
        self.plan = model.access
        self.columnCount = model.table.columns.count
        self.hasUUIDColumns = !model.uuidColumnIndexes.isEmpty
        self.recordSize = InlineRecordSize(slots: columnCount + (rowIDIndex == nil ? 0 : 1))
    }

    /// Whether the loader reads the model's current access plan (a model rebuilds it only while
    /// its database resolves relationships, before any query).
    var isCurrent: Bool { plan === model.access }

    /// The class of the objects built: ``Record`` (whose fetched rows are its ``InlineRecord``
    /// subclasses, or records with an array), or the compiled model's class.
    var builtType: AmigoModel.Type { asRecord ? Record.self : model.modelType }

    /// The object in the current row.
    func load(_ row: StatementRow) -> AmigoModel {
        if asRecord { return loadRecord(row) }
        let object = model.modelType.init()
        let offset = self.offset
        let fields = plan.fields
        for i in 0..<fields.count where !fields[i].assign(object, from: row, at: offset + i) {
            if let assign = plan.assigners[i] {
                assign(object, row, offset + i)
            } else if let slot = plan.slots[i] {
                object.setForeignKeyValue(row.value(at: offset + i), slot: slot)
            }
        }
        object.persistedFlag = true
        return object
    }

    private func loadRecord(_ row: StatementRow) -> Record {
        let record = Record.read(model, row: row, offset: offset, count: columnCount, rowID: rowIDIndex.map { row.int64(at: $0) }, size: recordSize)
        if hasUUIDColumns {
            for i in model.uuidColumnIndexes { record.setValue(ColumnKind.uuid.fromDatabase(record.value(at: i)), at: i) }
        }
        for size in prefixSizes {
            if case .integer(let bytes) = row.value(at: size.result) { record.markPrefix(at: size.column, fullSize: Int(bytes)) }
        }
        return record
    }
}
