import Foundation

/// Anything that can be listed in an ``ORMModel`` declaration: columns, indexes, relationships.
public protocol SchemaItem {}

/// A column of a table, and — for a compiled model — the property it is mapped to.
///
///     ORMModel(Dog.self,
///         Column("id", \Dog.id, primaryKey: true),
///         Column("label", \Dog.label))
///     ORMModel(name: "Dog",                                      // a run-time model, no Swift class
///         Column("id", type: Int.self, primaryKey: true),
///         Column("label", type: String.self))
///
/// A foreign-key column declared as `Column("dog", type: ForeignKey(dogModel))` is stored as
/// `dog_id` (`<label>_<related primary key>`), indexed, with a real `REFERENCES` constraint.
///
/// `@unchecked Sendable`: built and resolved while ``AmigoDatabase`` is created, read-only once it is shared.
public class Column: SchemaItem, @unchecked Sendable {
    /// The column's name in the table (for a foreign key, the stored name such as `dog_id`).
    public internal(set) var label: String
    /// The declared name before foreign-key renaming (`dog` for `dog_id`).
    public let declaredLabel: String
    /// What the column holds.
    public internal(set) var kind: ColumnKind
    /// The type as written in DDL (`TEXT`, `NVARCHAR(40)`, …); for a column declared in Swift
    /// without one, the portable name of its kind (``ColumnKind/portableTypeName``).
    public internal(set) var declaredType: String
    /// Whether the type was given (reflected from a file, or passed in): otherwise each
    /// dialect's compiler writes its own name for the kind.
    public let hasDeclaredType: Bool
    /// Part of the primary key.
    public internal(set) var primaryKey: Bool
    /// Position in a composite primary key (1-based; 0 when not part of the key).
    public internal(set) var primaryKeyPosition: Int = 0
    /// Has an index of its own (`<table>_<column>_idx`).
    public internal(set) var indexed: Bool
    /// May hold NULL.
    public internal(set) var optional: Bool
    /// Values are unique (a UNIQUE constraint).
    public internal(set) var unique: Bool
    /// Produces a value when the model leaves the column nil on insert; the value is written back.
    public let defaultValue: (@Sendable () -> DatabaseValue)?
    /// A DEFAULT expression in the table's DDL (from reflection), as SQL text.
    public internal(set) var defaultSQL: String?
    /// The foreign key this column belongs to, if any.
    public internal(set) var foreignKey: ForeignKey?
    /// The comment the database keeps for the column (PostgreSQL's `COMMENT ON COLUMN`), when
    /// reflected; nil when there is none.
    public internal(set) var comment: String?
    /// A generated or hidden column (never written).
    public internal(set) var isGenerated: Bool = false
    /// Whether the database assigns the column's value when an INSERT leaves it out: a PostgreSQL
    /// identity or `serial` column, reflected (SQLite's INTEGER PRIMARY KEY is told by its type,
    /// see ``Table/hasIntegerPrimaryKey``).
    public internal(set) var isAutoIncrement: Bool = false
    /// The table the column belongs to.
    public internal(set) weak var table: Table?
    /// Position of the column in its table.
    public internal(set) var index: Int = 0
    /// How a compiled model's property is read and written; nil for run-time models.
    let property: PropertyAccessor?

    /// `"<table>.<column>"`.
    public var qualifiedLabel: String { (table?.name ?? "?") + "." + label }

    init(label: String, kind: ColumnKind, declaredType: String? = nil, primaryKey: Bool, indexed: Bool, optional: Bool,
         unique: Bool, defaultValue: (@Sendable () -> DatabaseValue)?, foreignKey: ForeignKey?, property: PropertyAccessor?) {
        self.label = label
        self.declaredLabel = label
        self.kind = kind
        self.declaredType = declaredType ?? kind.portableTypeName
        self.hasDeclaredType = declaredType != nil
        self.primaryKey = primaryKey
        self.indexed = indexed
        self.optional = primaryKey ? false : optional
        self.unique = unique
        self.defaultValue = defaultValue
        self.foreignKey = foreignKey
        self.property = property
    }

    /// A run-time column of a Swift type (String, Int, Double, Bool, Date, Data, Decimal, UUID, …).
    public convenience init<V: DatabaseValueConvertible>(
        _ label: String, type: V.Type, primaryKey: Bool = false, indexed: Bool = false, optional: Bool = true,
        unique: Bool = false, defaultValue: (@Sendable () -> V?)? = nil
    ) {
        self.init(label: label, kind: V.columnKind, primaryKey: primaryKey, indexed: indexed, optional: optional,
                  unique: unique, defaultValue: Column.erase(defaultValue),
                  foreignKey: nil, property: nil)
    }

    /// A run-time column of an explicit kind.
    public convenience init(_ label: String, kind: ColumnKind, primaryKey: Bool = false, indexed: Bool = false,
                            optional: Bool = true, unique: Bool = false) {
        self.init(label: label, kind: kind, primaryKey: primaryKey, indexed: indexed, optional: optional,
                  unique: unique, defaultValue: nil, foreignKey: nil, property: nil)
    }

    /// A run-time foreign-key column: `Column("dog", type: ForeignKey(dogModel))` stores `dog_id`.
    /// Foreign keys are indexed unless `indexed: false`.
    public convenience init(_ label: String, type foreignKey: ForeignKey, primaryKey: Bool = false,
                            indexed: Bool = true, optional: Bool = true, unique: Bool = false) {
        self.init(label: label, kind: foreignKey.relatedKind, primaryKey: primaryKey, indexed: indexed,
                  optional: optional, unique: unique, defaultValue: nil, foreignKey: foreignKey, property: nil)
    }

    /// A column mapped to a non-optional property of a compiled model: `Column("label", \Dog.label)`.
    public convenience init<M: AmigoModel, V: DatabaseValueConvertible>(
        _ label: String, _ keyPath: ReferenceWritableKeyPath<M, V>, primaryKey: Bool = false, indexed: Bool = false,
        optional: Bool = false, unique: Bool = false, defaultValue: (@Sendable () -> V?)? = nil
    ) {
        self.init(label: label, kind: V.columnKind, primaryKey: primaryKey, indexed: indexed, optional: optional,
                  unique: unique, defaultValue: Column.erase(defaultValue),
                  foreignKey: nil, property: .value(keyPath, kind: V.columnKind, zeroIsNil: primaryKey))
    }

    /// A column mapped to an optional property of a compiled model: `Column("id", \Dog.id, primaryKey: true)`.
    public convenience init<M: AmigoModel, V: DatabaseValueConvertible>(
        _ label: String, _ keyPath: ReferenceWritableKeyPath<M, V?>, primaryKey: Bool = false, indexed: Bool = false,
        optional: Bool = true, unique: Bool = false, defaultValue: (@Sendable () -> V?)? = nil
    ) {
        self.init(label: label, kind: V.columnKind, primaryKey: primaryKey, indexed: indexed, optional: optional,
                  unique: unique, defaultValue: Column.erase(defaultValue),
                  foreignKey: nil, property: .optionalValue(keyPath, kind: V.columnKind))
    }

    /// A foreign key mapped to an object property: `Column("dog", ForeignKey(dogModel), \Person.dog)`
    /// stores `dog_id` and fills `person.dog` when the query uses `selectRelated("dog")`.
    public convenience init<M: AmigoModel, R: AmigoModel>(
        _ label: String, _ foreignKey: ForeignKey, _ keyPath: ReferenceWritableKeyPath<M, R?>,
        indexed: Bool = true, optional: Bool = true, unique: Bool = false
    ) {
        self.init(label: label, kind: foreignKey.relatedKind, primaryKey: false, indexed: indexed, optional: optional,
                  unique: unique, defaultValue: nil, foreignKey: foreignKey, property: .object(keyPath))
    }

    /// Erases a typed default-value closure to one producing stored values.
    static func erase<V: DatabaseValueConvertible>(_ make: (@Sendable () -> V?)?) -> (@Sendable () -> DatabaseValue)? {
        guard let make else { return nil }
        return { make()?.databaseValue ?? .null }
    }

    /// Copies the column (used when a field is reused in several models).
    func copy() -> Column {
        let c = Column(label: label, kind: kind, declaredType: hasDeclaredType ? declaredType : nil, primaryKey: primaryKey, indexed: indexed,
                       optional: optional, unique: unique, defaultValue: defaultValue, foreignKey: foreignKey, property: property)
        c.defaultSQL = defaultSQL
        c.isGenerated = isGenerated
        return c
    }

    /// The value to store when a model left the column nil: the default closure's value, or NULL.
    public func valueOrDefault(_ value: DatabaseValue) -> DatabaseValue {
        if value.isNull, let defaultValue { return defaultValue() }
        return value
    }
}

/// A column of text: `CharField("label", \Dog.label)`.
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public final class CharField: Column, @unchecked Sendable {
    /// Maps an optional String property.
    public init<M: AmigoModel>(_ label: String, _ keyPath: ReferenceWritableKeyPath<M, String?>, primaryKey: Bool = false,
                               indexed: Bool = false, optional: Bool = true, unique: Bool = false,
                               defaultValue: (@Sendable () -> String?)? = nil) {
        super.init(label: label, kind: .text, primaryKey: primaryKey, indexed: indexed, optional: optional, unique: unique,
                   defaultValue: Column.erase(defaultValue), foreignKey: nil,
                   property: .optionalValue(keyPath, kind: .text))
    }
    /// Maps a non-optional String property.
    public init<M: AmigoModel>(_ label: String, _ keyPath: ReferenceWritableKeyPath<M, String>, primaryKey: Bool = false,
                               indexed: Bool = false, unique: Bool = false) {
        super.init(label: label, kind: .text, primaryKey: primaryKey, indexed: indexed, optional: false, unique: unique,
                   defaultValue: nil, foreignKey: nil, property: .value(keyPath, kind: .text, zeroIsNil: false))
    }
    /// A run-time text column.
    public init(_ label: String, primaryKey: Bool = false, indexed: Bool = false, optional: Bool = true, unique: Bool = false) {
        super.init(label: label, kind: .text, primaryKey: primaryKey, indexed: indexed, optional: optional, unique: unique,
                   defaultValue: nil, foreignKey: nil, property: nil)
    }
}

/// A UUID column: 16 bytes in SQLite, a lower-case RFC 4122 string on the model. A filter that
/// compares it with a string converts the string.
///
///     UUIDField("objId", \Token.objId, primaryKey: true) { UUID().uuidString.lowercased() }
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public final class UUIDField: Column, @unchecked Sendable {
    /// Maps an optional String property holding the UUID text.
    public init<M: AmigoModel>(_ label: String, _ keyPath: ReferenceWritableKeyPath<M, String?>, primaryKey: Bool = false,
                               indexed: Bool = false, optional: Bool = true, unique: Bool = false,
                               defaultValue: (@Sendable () -> String?)? = nil) {
        super.init(label: label, kind: .uuid, primaryKey: primaryKey, indexed: indexed, optional: optional, unique: unique,
                   defaultValue: Column.erase(defaultValue), foreignKey: nil,
                   property: .optionalValue(keyPath, kind: .uuid))
    }
    /// A run-time UUID column.
    public init(_ label: String, primaryKey: Bool = false, indexed: Bool = false, optional: Bool = true, unique: Bool = false,
                defaultValue: (@Sendable () -> String?)? = nil) {
        super.init(label: label, kind: .uuid, primaryKey: primaryKey, indexed: indexed, optional: optional, unique: unique,
                   defaultValue: Column.erase(defaultValue), foreignKey: nil, property: nil)
    }

    /// The 16 bytes stored for a UUID string, or nil when the string is not a UUID.
    public static func serialize(_ string: String) -> [UInt8]? { UUIDCoding.bytes(from: string) }
    /// The lower-case string for 16 stored bytes.
    public static func deserialize(_ bytes: [UInt8]) -> String? { bytes.count == 16 ? UUIDCoding.string(from: bytes) : nil }
}

/// Declares the typed field shortcuts (`IntegerField`, `BooleanField`, …) as subclasses of ``Column``.
/// Each maps an optional or non-optional property of its Swift type, or declares a run-time column.
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public class TypedField<V: DatabaseValueConvertible>: Column, @unchecked Sendable {
    /// Maps an optional property.
    public init<M: AmigoModel>(_ label: String, _ keyPath: ReferenceWritableKeyPath<M, V?>, primaryKey: Bool = false,
                               indexed: Bool = false, optional: Bool = true, unique: Bool = false,
                               defaultValue: (@Sendable () -> V?)? = nil) {
        super.init(label: label, kind: V.columnKind, primaryKey: primaryKey, indexed: indexed, optional: optional,
                   unique: unique, defaultValue: Column.erase(defaultValue),
                   foreignKey: nil, property: .optionalValue(keyPath, kind: V.columnKind))
    }
    /// Maps a non-optional property. For an integer primary key, 0 means "not assigned yet".
    public init<M: AmigoModel>(_ label: String, _ keyPath: ReferenceWritableKeyPath<M, V>, primaryKey: Bool = false,
                               indexed: Bool = false, unique: Bool = false, defaultValue: (@Sendable () -> V?)? = nil) {
        super.init(label: label, kind: V.columnKind, primaryKey: primaryKey, indexed: indexed, optional: false,
                   unique: unique, defaultValue: Column.erase(defaultValue),
                   foreignKey: nil, property: .value(keyPath, kind: V.columnKind, zeroIsNil: primaryKey))
    }
    /// A run-time column of this field's type.
    public init(_ label: String, primaryKey: Bool = false, indexed: Bool = false, optional: Bool = true, unique: Bool = false) {
        super.init(label: label, kind: V.columnKind, primaryKey: primaryKey, indexed: indexed, optional: optional,
                   unique: unique, defaultValue: nil, foreignKey: nil, property: nil)
    }
}

/// A 64-bit integer column (`INTEGER`).
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public final class IntegerField: TypedField<Int>, @unchecked Sendable {}
/// A boolean column stored as 0/1.
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public final class BooleanField: TypedField<Bool>, @unchecked Sendable {}
/// A single-precision float column (`REAL`).
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public final class FloatField: TypedField<Float>, @unchecked Sendable {}
/// A double-precision float column (`REAL`).
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public final class DoubleField: TypedField<Double>, @unchecked Sendable {}
/// A binary column (`BLOB`).
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public final class BinaryField: TypedField<Data>, @unchecked Sendable {}
/// A date column, stored as ISO-8601 UTC text.
///
/// `@unchecked Sendable`: a ``Column``: read-only once its ``AmigoDatabase`` is created.
public final class DateTimeField: TypedField<Date>, @unchecked Sendable {}
