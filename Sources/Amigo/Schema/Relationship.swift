/// A named link from one model to another, used by `selectRelated`, dotted filter paths,
/// `using(row).relationship(name)` and amigo-shell's relations menu.
///
/// - to-one: this row's foreign-key columns point at one row of the target (`album.artist`).
/// - one-to-many: the target's foreign-key columns point back at this row (`artist.albums`).
/// - many-to-many: a junction table pairs this row with target rows (`playlist.tracks`); when the
///   junction is a model of its own (it has columns beyond the two keys) it is the *through model*.
///
/// `@unchecked Sendable`: resolved while ``AmigoDatabase`` is created, read-only once it is shared.
public final class Relationship: @unchecked Sendable {
    /// The three shapes of relationship.
    public enum Kind: String, Sendable {
        case toOne = "to-one"
        case oneToMany = "one-to-many"
        case manyToMany = "many-to-many"
    }

    /// The name used in paths and by `follow`.
    public let name: String
    /// The shape.
    public let kind: Kind
    /// The model the relationship is declared on.
    public let source: ORMModel
    /// The model it leads to.
    public let target: ORMModel
    /// to-one: the source's foreign-key columns. one-to-many and many-to-many: the source's key columns.
    public let sourceColumns: [Column]
    /// to-one: the target's key columns. one-to-many: the target's foreign-key columns.
    /// many-to-many: the target's key columns.
    public let targetColumns: [Column]
    /// many-to-many: the junction table.
    public let junction: Table?
    /// many-to-many: junction columns that point at the source's key columns.
    public let junctionSourceColumns: [Column]
    /// many-to-many: junction columns that point at the target's key columns.
    public let junctionTargetColumns: [Column]
    /// many-to-many with a through model: that model (its rows are the links).
    public let through: ORMModel?
    /// Whether the file does not declare it: it was inferred from names (`place_id` → `moz_places.id`)
    /// and checked against the data when the file was reflected. Used like a declared one; nothing
    /// in the file changes.
    public let isInferred: Bool
    /// For a compiled model's to-one property: how to read and set the related object.
    let accessor: PropertyAccessor?
    /// For a compiled model's to-one relationship: its slot in ``AmigoModel``'s raw foreign-key values.
    var foreignKeySlot: Int?

    init(name: String, kind: Kind, source: ORMModel, target: ORMModel, sourceColumns: [Column], targetColumns: [Column],
         junction: Table? = nil, junctionSourceColumns: [Column] = [], junctionTargetColumns: [Column] = [],
         through: ORMModel? = nil, accessor: PropertyAccessor? = nil, isInferred: Bool = false) {
        self.isInferred = isInferred
        self.name = name; self.kind = kind; self.source = source; self.target = target
        self.sourceColumns = sourceColumns; self.targetColumns = targetColumns
        self.junction = junction; self.junctionSourceColumns = junctionSourceColumns
        self.junctionTargetColumns = junctionTargetColumns; self.through = through; self.accessor = accessor
    }

    /// Whether following it yields at most one row.
    public var isToOne: Bool { kind == .toOne }

    /// Whether this one-to-many can lead to one row at most: the target's foreign key is also its
    /// primary key or UNIQUE (an `advisor` row per student), the reverse of a one-to-one link.
    public var isOneToOne: Bool {
        kind == .oneToMany && target.table.isUnique(over: targetColumns.map(\.label))
    }

    /// `to-one`, `one-to-many`, `many-to-many`, or `one-to-one` for a one-to-many that leads to
    /// one row at most (``isOneToOne``).
    public var kindDescription: String { isOneToOne ? "one-to-one" : kind.rawValue }

    /// A one-line description such as `albums: one-to-many → Album (Album.ArtistId = Artist.ArtistId)`,
    /// ending in `, inferred` when the file does not declare it (``isInferred``).
    public var summary: String {
        func names(_ cs: [Column]) -> String { cs.map(\.qualifiedLabel).joined(separator: ", ") }
        let mark = isInferred ? ", inferred" : ""
        switch kind {
        case .toOne, .oneToMany:
            return "\(name): \(kindDescription) → \(target.name) (\(names(sourceColumns)) = \(names(targetColumns)))" + mark
        case .manyToMany:
            return "\(name): \(kind.rawValue) → \(target.name) through \(junction?.name ?? "?")" + mark
        }
    }
}

/// Declares a one-to-many relationship on the "one" side, resolved when ``AmigoDatabase`` is created.
///
///     OneToMany("people", using: Person.self, on: "dog")   // Person has Column("dog", ForeignKey(dog), …)
///     OneToMany("people", model: "Person", on: "dog")      // the same between run-time models
public struct OneToMany: SchemaItem, Sendable {
    /// The relationship's name.
    public let label: String
    let target: ModelReference
    /// The name of the to-one relationship (the foreign key) on the target that points back; nil = the only one.
    public let on: String?

    /// Declares the relationship towards a compiled model.
    public init<M: AmigoModel>(_ label: String, using type: M.Type, on foreignKey: String? = nil) {
        self.label = label; self.target = .type(ObjectIdentifier(type), String(describing: type)); self.on = foreignKey
    }
    /// Declares the relationship towards a model by name.
    public init(_ label: String, model: String, on foreignKey: String? = nil) {
        self.label = label; self.target = .name(model); self.on = foreignKey
    }
}

/// Declares a many-to-many relationship, resolved when ``AmigoDatabase`` is created.
///
///     ManyToMany("children", using: Child.self)                  // junction table child_parent
///     ManyToMany("exercises", using: WorkoutExercise.self, throughModel: WorkoutMeta.self)
///
/// Without a through model, a junction table named after the two tables (sorted, joined by `_`) is
/// created, with a column per side and a unique index on the pair. With a through model, its rows
/// are the links: add or delete through-model rows to link or unlink.
public struct ManyToMany: SchemaItem, Sendable {
    /// The relationship's name.
    public let label: String
    let target: ModelReference
    let through: ModelReference?

    /// Declares the relationship towards a compiled model.
    public init<M: AmigoModel>(_ label: String, using type: M.Type) {
        self.label = label; self.target = .type(ObjectIdentifier(type), String(describing: type)); self.through = nil
    }
    /// Declares the relationship towards a compiled model through a compiled through model.
    public init<M: AmigoModel, T: AmigoModel>(_ label: String, using type: M.Type, throughModel: T.Type) {
        self.label = label; self.target = .type(ObjectIdentifier(type), String(describing: type))
        self.through = .type(ObjectIdentifier(throughModel), String(describing: throughModel))
    }
    /// Declares the relationship between run-time models, by name.
    public init(_ label: String, model: String, throughModel: String? = nil) {
        self.label = label; self.target = .name(model); self.through = throughModel.map { .name($0) }
    }
}

/// A model named by its Swift type or by its name.
enum ModelReference: Sendable, Hashable {
    case type(ObjectIdentifier, String)
    case name(String)

    var displayName: String {
        switch self { case .type(_, let n), .name(let n): return n }
    }
}
