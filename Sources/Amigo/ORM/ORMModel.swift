import Foundation

/// The mapping between a table and a model: a compiled ``AmigoModel`` subclass, or rows that
/// exist only at run time (``Record``).
///
///     let dog = ORMModel(Dog.self,
///         Column("id", \Dog.id, primaryKey: true),
///         Column("label", \Dog.label),
///         Index("dog_label_idx", "label"),
///         OneToMany("people", using: Person.self, on: "dog"))
///
///     let runtimeDog = ORMModel(name: "dog",
///         Column("id", type: Int.self, primaryKey: true),
///         Column("label", type: String.self))
///
/// A compiled model's table is named after its type, lower-cased (`Dog` → `dog`) unless `table:`
/// is given; a run-time model's table is its name.
///
/// `@unchecked Sendable`: resolved while ``AmigoDatabase`` is created, read-only once it is shared; its statement caches (one set per dialect) lock themselves.
public final class ORMModel: @unchecked Sendable, CustomStringConvertible {
    /// The model's name: the Swift type name, or the run-time name (the table name for reflected models).
    public let name: String
    /// The table.
    public let table: Table
    /// The Swift class of its objects (``Record`` for run-time models).
    public let modelType: AmigoModel.Type
    /// Whether rows are ``Record``s rather than instances of a compiled class.
    public let isDynamic: Bool
    let make: (ORMModel) -> AmigoModel
    let declarations: [SchemaItem]
    /// Relationships in declaration order (to-one first, then one-to-many, then many-to-many).
    public internal(set) var relationships: [Relationship] = []
    private var relationshipIndex: [String: Relationship] = [:]
    /// `"alias"."c1", "alias"."c2", …`: the model's columns in a SELECT, cached per alias.
    func selectList(alias: String, dialect: any SQLDialect) -> String {
        caches(for: dialect).selectLists.text(alias) {
            let prefix = dialect.quote(alias) + "."
            return table.columns.map { prefix + dialect.quote($0.label) }.joined(separator: ", ")
        }
    }

    /// The SQL texts this model compiled for `dialect` (writes, select lists, `get`, plain
    /// relationship queries, direct INSERTs), each built once per dialect and statement shape.
    /// Per dialect because one model may serve SQLite and PostgreSQL engines in one process.
    func caches(for dialect: any SQLDialect) -> ModelStatementCaches { statementCaches.caches(for: dialect) }
    /// Every dialect's ``ModelStatementCaches``.
    private let statementCaches = StatementCachesByDialect()

    /// The columns that hold UUIDs (converted to strings when rows are read as records).
    let uuidColumnIndexes: [Int]

    /// What writing needs to know of each column, as immutable values (read once per column per row).
    /// A plain value (no references), so reading it in a loop costs no reference counting.
    struct WriteColumn {
        let index: Int
        let kind: ColumnKind
        let isGenerated: Bool
        let primaryKey: Bool
        let hasDefaultSQL: Bool
        let hasDefaultValue: Bool
    }

    /// The columns as written, in column order.
    let writeColumns: [WriteColumn]

    static func writeColumns(of table: Table) -> [WriteColumn] {
        table.columns.map {
            WriteColumn(index: $0.index, kind: $0.kind, isGenerated: $0.isGenerated, primaryKey: $0.primaryKey,
                        hasDefaultSQL: $0.defaultSQL != nil, hasDefaultValue: $0.defaultValue != nil)
        }
    }

    init(name: String, table: Table, modelType: AmigoModel.Type, isDynamic: Bool, declarations: [SchemaItem],
         make: @escaping (ORMModel) -> AmigoModel) {
        self.name = name
        self.table = table
        self.modelType = modelType
        self.isDynamic = isDynamic
        self.declarations = declarations
        self.make = make
        self.uuidColumnIndexes = table.columns.filter { $0.kind == .uuid }.map(\.index)
        self.writeColumns = ORMModel.writeColumns(of: table)
    }

    /// Maps the compiled model `type` to a table named after it.
    public convenience init<M: AmigoModel>(_ type: M.Type, _ items: SchemaItem...) {
        self.init(type, table: nil, items: items)
    }

    /// Maps the compiled model `type` to the table `table`.
    public convenience init<M: AmigoModel>(_ type: M.Type, table: String?, _ items: SchemaItem...) {
        self.init(type, table: table, items: items)
    }

    /// Maps the compiled model `type`, with items given as an array.
    public convenience init<M: AmigoModel>(_ type: M.Type, table: String? = nil, items: [SchemaItem]) {
        let typeName = String(describing: type)
        let tableName = table ?? typeName.lowercased()
        self.init(name: typeName, table: ORMModel.buildTable(tableName, items), modelType: type, isDynamic: false,
                  declarations: items, make: { _ in M() })
        registerForeignKeys()
        buildAccessPlan()
    }

    /// Declares a run-time model named `name` over the table of the same name.
    public convenience init(name: String, _ items: SchemaItem...) {
        self.init(name: name, items: items)
    }

    /// Declares a run-time model, with items given as an array.
    public convenience init(name: String, table: String? = nil, items: [SchemaItem]) {
        self.init(name: name, table: ORMModel.buildTable(table ?? name, items), modelType: Record.self, isDynamic: true,
                  declarations: items, make: { Record($0) })
        registerForeignKeys()
    }

    /// A model over an already-built table (reflection).
    init(reflecting table: Table) {
        self.name = table.name
        self.table = table
        self.modelType = Record.self
        self.isDynamic = true
        self.declarations = []
        self.make = { Record($0) }
        self.uuidColumnIndexes = table.columns.filter { $0.kind == .uuid }.map(\.index)
        self.writeColumns = ORMModel.writeColumns(of: table)
    }

    static let empty = ORMModel(reflecting: Table("", columns: []))

    public var description: String { "ORMModel(\(name) → \(table.name))" }

    /// The columns `get` finds a row by: the primary key, or `rowid` for a table keyed only by it.
    var keyColumnsForGet: [Column] {
        let pk = table.primaryKey
        return pk.isEmpty && table.hasRowID ? [Column("rowid", type: Int.self)] : pk
    }

    /// The single primary-key column, when the key is one column.
    public var primaryKey: Column? { let pk = table.primaryKey; return pk.count == 1 ? pk[0] : nil }

    /// The columns named `names` (case-insensitive), or an ``AmigoError/unknownColumn(column:model:)`` error.
    public func columns(named names: [String]) throws -> [Column] {
        try names.map { name in
            guard let column = table.column(named: name) else { throw AmigoError.unknownColumn(column: name, model: self.name) }
            return column
        }
    }

    /// The relationship named `name` (exact match first, then case-insensitive).
    public func relationship(named name: String) -> Relationship? {
        if let r = relationshipIndex[name] { return r }
        return relationships.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    func addRelationship(_ relationship: Relationship) {
        if let existing = relationshipIndex[relationship.name] {
            relationships.removeAll { $0 === existing }
        }
        relationships.append(relationship)
        relationshipIndex[relationship.name] = relationship
    }

    /// Number of foreign-key slots on compiled objects.
    private(set) var foreignKeySlotCount = 0

    /// Builds the table from declared columns and indexes: foreign-key columns are renamed
    /// `<label>_<related key>`, `indexed:` columns get `<table>_<column>_idx`.
    private static func buildTable(_ name: String, _ items: [SchemaItem]) -> Table {
        var columns: [Column] = []
        var indexes: [Index] = []
        var foreignKeys: [ForeignKeyConstraint] = []
        for item in items {
            if let column = item as? Column {
                let c = column.table == nil ? column : column.copy()
                if let fk = c.foreignKey {
                    c.label = "\(c.declaredLabel)_\(fk.relatedColumnNames.first ?? "id")"
                    foreignKeys.append(ForeignKeyConstraint(columns: [c.label], referencedTable: fk.relatedTableName,
                                                            referencedColumns: fk.relatedColumnNames,
                                                            onDelete: fk.onDelete ?? "NO ACTION"))
                }
                columns.append(c)
            } else if let index = item as? Index {
                indexes.append(index)
            }
        }
        for c in columns where c.indexed && !c.primaryKey {
            indexes.append(Index("\(name)_\(c.label)_idx", unique: c.unique, columns: [c.label]))
        }
        return Table(name, columns: columns, indexes: indexes, foreignKeys: foreignKeys)
    }

    /// Creates the to-one relationships of declared foreign-key columns whose target model is known.
    private func registerForeignKeys() {
        for column in table.columns {
            guard let fk = column.foreignKey, let target = fk.relatedModel else { continue }
            addToOne(for: column, foreignKey: fk, target: target)
        }
    }

    func addToOne(for column: Column, foreignKey fk: ForeignKey, target: ORMModel) {
        let targetColumns = fk.relatedColumnNames.compactMap { target.table.column(named: $0) }
        let relationship = Relationship(name: column.declaredLabel, kind: .toOne, source: self, target: target,
                                        sourceColumns: [column], targetColumns: targetColumns,
                                        accessor: column.property?.object == nil ? nil : column.property)
        addRelationship(relationship)
        if !isDynamic {
            relationship.foreignKeySlot = foreignKeySlotCount
            foreignKeySlotCount += 1
            // A foreign key declared by table or column is resolved by `Amigo.init`, after the
            // model's init built its access plan: rebuild it, or the new slot is never read or saved.
            buildAccessPlan()
        }
    }

    /// The foreign-key slot of each column (compiled models), by column index.
    private(set) var foreignKeySlotByColumn: [Int: Int] = [:]

    /// How a compiled model's columns are read and written; built once (see ``AccessPlan``).
    private(set) var access = AccessPlan.empty

    func buildAccessPlan() {
        var slots: [Int: Int] = [:]
        var objects: [((AmigoModel) -> AmigoModel?, ORMModel, Column)?] = Array(repeating: nil, count: foreignKeySlotCount)
        var hasObjects = false
        for r in relationships where r.isToOne {
            guard let slot = r.foreignKeySlot, let c = r.sourceColumns.first else { continue }
            slots[c.index] = slot
            if let getter = r.accessor?.object?.0, let key = r.targetColumns.first {
                objects[slot] = (getter, r.target, key)
                hasObjects = true
            }
        }
        foreignKeySlotByColumn = slots
        access = AccessPlan(
            readers: table.columns.map { c in c.property?.object == nil ? c.property?.read : nil },
            writers: table.columns.map { c in c.property?.object == nil ? c.property?.write : nil },
            assigners: table.columns.map { c in c.property?.object == nil ? c.property?.assign : nil },
            fields: table.columns.map { c in c.property?.object == nil ? c.property?.field ?? .other : .other },
            slots: table.columns.map { slots[$0.index] },
            slotObjects: objects,
            slotCount: foreignKeySlotCount,
            hasObjectRelationships: hasObjects,
            table: table,
            isDynamic: isDynamic)
    }
}


/// Per column of a compiled model, in column order: how to read the property as a stored value,
/// how to assign it from a statement column, and its foreign-key slot. Immutable, so the hot
/// loops of fetching and saving read it without exclusivity checks or dictionary lookups.
///
/// `@unchecked Sendable`: computed once per model before it is shared, read-only afterwards.
final class AccessPlan: @unchecked Sendable {
    let readers: [((AmigoModel) -> DatabaseValue)?]
    let writers: [((AmigoModel, DatabaseValue) -> Void)?]
    let assigners: [((AmigoModel, StatementRow, Int) -> Void)?]
    /// Per column: the property's inline storage (``StoredField/other`` for the rest).
    let fields: [StoredField]
    let slots: [Int?]
    /// For each foreign-key slot: the relationship's object getter, the related model and its key column.
    let slotObjects: [((AmigoModel) -> AmigoModel?, ORMModel, Column)?]
    let slotCount: Int
    /// Whether any to-one relationship has an object property (saving then cascades to it).
    let hasObjectRelationships: Bool
    /// Per column: whether it is generated (never written).
    let generated: [Bool]
    /// The integer primary-key column's index, when the table has one.
    let integerKeyIndex: Int?
    /// Bit per written column (the columns of a new object's INSERT with its key set).
    let insertMask: Int
    /// Whether new objects can be inserted by binding their properties directly (see ``ORMModel/insertsDirectly``).
    let insertsDirectly: Bool

    init(readers: [((AmigoModel) -> DatabaseValue)?], writers: [((AmigoModel, DatabaseValue) -> Void)?],
         assigners: [((AmigoModel, StatementRow, Int) -> Void)?], fields: [StoredField], slots: [Int?],
         slotObjects: [((AmigoModel) -> AmigoModel?, ORMModel, Column)?], slotCount: Int, hasObjectRelationships: Bool,
         table: Table, isDynamic: Bool) {
        self.readers = readers
        self.writers = writers
        self.assigners = assigners
        self.fields = fields
        self.slots = slots
        self.slotObjects = slotObjects
        self.slotCount = slotCount
        self.hasObjectRelationships = hasObjectRelationships
        let columns = table.columns
        self.generated = columns.map(\.isGenerated)
        self.integerKeyIndex = table.hasIntegerPrimaryKey ? table.primaryKey.first?.index : nil
        self.insertMask = columns.count > 56 ? 0 : columns.reduce(0) { $1.isGenerated ? $0 : $0 | 1 << $1.index }
        self.insertsDirectly = !isDynamic && !columns.isEmpty && columns.count <= 56 && fields.count == columns.count
            && columns.allSatisfy { $0.isGenerated || ($0.defaultSQL == nil && $0.defaultValue == nil) }
    }

    static let empty = AccessPlan(readers: [], writers: [], assigners: [], fields: [], slots: [], slotObjects: [], slotCount: 0,
                                  hasObjectRelationships: false, table: Table("", columns: []), isDynamic: true)
}
