/// The target of a foreign-key column: another model's primary key, or a given column.
///
///     Column("dog", type: ForeignKey(dogModel))                 // → dog_id REFERENCES dog(id)
///     Column("dog", type: ForeignKey(dogModel.table.c["id"]!))
///
/// `@unchecked Sendable`: built and resolved while ``AmigoDatabase`` is created, read-only once it is shared.
public final class ForeignKey: @unchecked Sendable {
    /// The referenced table's name.
    public let relatedTableName: String
    /// The referenced columns' names (one for a simple key; several for a composite key).
    public let relatedColumnNames: [String]
    /// The referenced model, when declared with one.
    public private(set) weak var relatedModel: ORMModel?
    /// The referenced column's kind, which the foreign-key column takes.
    let relatedKind: ColumnKind
    /// What happens to this row when the referenced row is deleted (`CASCADE`, `SET NULL`, …; nil = NO ACTION).
    public let onDelete: String?

    /// References `model`'s primary key.
    public init(_ model: ORMModel, onDelete: String? = nil) {
        self.relatedModel = model
        self.relatedTableName = model.table.name
        let pk = model.table.primaryKey.first
        self.relatedColumnNames = [pk?.label ?? "rowid"]
        self.relatedKind = pk?.kind == .boolean ? .integer : (pk?.kind ?? .integer)
        self.onDelete = onDelete
    }

    /// References a given column.
    public init(_ column: Column, onDelete: String? = nil) {
        self.relatedTableName = column.table?.name ?? ""
        self.relatedColumnNames = [column.label]
        self.relatedKind = column.kind
        self.relatedModel = nil
        self.onDelete = onDelete
    }

    /// References the column `table.c["name"]` returns; a nil column (a name the table does not
    /// have) is reported by ``AmigoDatabase/init(_:engine:)`` as a mapping error.
    public convenience init(_ column: Column?, onDelete: String? = nil) {
        if let column {
            self.init(column, onDelete: onDelete)
        } else {
            self.init(table: "(missing column)", columns: ["?"], onDelete: onDelete)
        }
    }

    /// References a table by name (used by reflection and run-time declarations).
    public init(table: String, columns: [String], kind: ColumnKind = .integer, onDelete: String? = nil) {
        self.relatedTableName = table
        self.relatedColumnNames = columns
        self.relatedKind = kind
        self.onDelete = onDelete
    }
}

/// An index: `Index("dog_label_idx", "label")`, `Index("pair", unique: true, columns: ["a", "b"])`.
public struct Index: SchemaItem, Sendable, Hashable {
    /// The index name.
    public var label: String
    /// Whether it is a UNIQUE index.
    public var unique: Bool
    /// The indexed columns, in order (names as declared; resolved case-insensitively).
    public var columns: [String]

    /// An index over the named columns.
    public init(_ label: String, unique: Bool = false, _ columns: String...) {
        self.init(label, unique: unique, columns: columns)
    }

    /// An index over the named columns.
    public init(_ label: String, unique: Bool = false, columns: [String]) {
        self.label = label
        self.unique = unique
        self.columns = columns
    }
}

/// A foreign-key constraint of a table, possibly over several columns.
public struct ForeignKeyConstraint: Sendable, Hashable {
    /// Columns of this table.
    public var columns: [String]
    /// The referenced table.
    public var referencedTable: String
    /// The referenced columns (empty in the DDL means the referenced table's primary key; reflection fills them in).
    public var referencedColumns: [String]
    /// ON DELETE action as written (`CASCADE`, `NO ACTION`, …).
    public var onDelete: String
    /// ON UPDATE action as written.
    public var onUpdate: String

    /// Creates a constraint.
    public init(columns: [String], referencedTable: String, referencedColumns: [String], onDelete: String = "NO ACTION", onUpdate: String = "NO ACTION") {
        self.columns = columns
        self.referencedTable = referencedTable
        self.referencedColumns = referencedColumns
        self.onDelete = onDelete
        self.onUpdate = onUpdate
    }
}
