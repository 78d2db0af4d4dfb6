/// Reads a database's catalog into ``Table`` values, one per table and view, for
/// ``AmigoDatabase/init(reflecting:reflection:)``: columns with their declared types and
/// ``ColumnKind``s, NOT NULL, defaults, primary-key order, generated and auto-increment columns,
/// foreign keys (composite ones grouped), indexes and views.
///
/// Each engine has its own (``Engine/schemaCatalog``): ``SQLiteCatalog`` reads SQLite's
/// `sqlite_schema` and PRAGMA functions; the `AmigoPostgres` module reads `pg_catalog`. What
/// comes out is engine-neutral, so that ``RelationshipDiscovery`` finds the same relationships
/// in the same schema on either engine.
public protocol SchemaCatalog {
    /// Tables and views, sorted by name, without the engine's internal ones.
    func entries() throws -> [SchemaEntry]
    /// The table or view `entry` names, with columns, keys and indexes.
    func table(_ entry: SchemaEntry) throws -> Table
    /// Notices about what was read, for ``AmigoDatabase/reflectionWarnings`` (none by default).
    func warnings() -> [String]
    /// A number that changes when a table, a column or a constraint of what this catalog reads is
    /// added, changed or dropped (SQLite's `PRAGMA schema_version`; a hash of PostgreSQL's catalog
    /// for the schemas read), so that a program reflects again only when the schema changed; nil
    /// when the database keeps none (the default).
    func schemaVersion() throws -> Int64?
    /// The DDL of the table `name`, as the database defines it, when the catalog keeps no DDL
    /// text of its own (PostgreSQL's, built from its catalog); nil when there is none to build
    /// (the default: SQLite keeps each table's DDL, which reflection reads).
    func definition(ofTable name: String) throws -> String?
    /// The schemas (namespaces) of the database, sorted: PostgreSQL's, but the system ones;
    /// SQLite's `main` and the files attached to it.
    func schemaNames() throws -> [String]
}

extension SchemaCatalog {
    /// None.
    public func warnings() -> [String] { [] }

    /// None.
    public func schemaVersion() throws -> Int64? { nil }

    /// None.
    public func definition(ofTable name: String) throws -> String? { nil }
}

/// One table or view a ``SchemaCatalog`` lists.
public struct SchemaEntry: Sendable, Equatable {
    /// `table` or `view`.
    public var type: String
    /// The name models and SQL use: bare for SQLite and for the tables PostgreSQL's
    /// `search_path` finds, `schema.table` for the others (see ``SQLDialect/quoteTable(_:)``).
    public var name: String
    /// The DDL (SQLite) or view definition (PostgreSQL), when the catalog has one.
    public var sql: String?
    /// The schema (namespace) that holds it, for engines that have schemas; nil in SQLite.
    public var schema: String?
    /// The name inside ``schema`` (``name`` without its schema).
    public var localName: String
    /// The partitioned table it is a partition of (PostgreSQL), named as ``name`` is; nil otherwise.
    public var partitionOf: String?

    /// Creates an entry; `localName` defaults to `name`.
    public init(type: String, name: String, sql: String?, schema: String? = nil, localName: String? = nil, partitionOf: String? = nil) {
        self.partitionOf = partitionOf
        self.type = type
        self.name = name
        self.sql = sql
        self.schema = schema
        self.localName = localName ?? name
    }

    /// Whether it is a view.
    public var isView: Bool { type == "view" }
}
