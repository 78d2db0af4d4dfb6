import Amigo

/// The whole file as a graph: its tables (with their row counts) and the relationships between
/// them — what `map`, `m`, `export mermaid` and `export dot` draw. Built from the reflected (or
/// declared) models alone; it holds names and counts, no database objects.
///
/// Each foreign key is one edge, from the table that holds it to the table it points at
/// (``Edge/Kind/toOne`` or, when the key is unique, ``Edge/Kind/oneToOne``); each junction table
/// adds one ``Edge/Kind/manyToMany`` edge between the two tables it pairs. ``entries`` lists,
/// per table, every relationship it has in both directions, as the text map shows them.
package struct SchemaGraph: Sendable, Equatable {
    /// A table or view.
    package struct Node: Sendable, Equatable {
        /// Its name.
        public let name: String
        /// Its row count as the tables list shows it (`3503`, `100000+`, `…`), nil when unknown.
        package let rowCount: String?
        /// Whether it is a view.
        package let isView: Bool
        /// Whether it is the junction of a many-to-many relationship (it pairs two tables' rows).
        package let isJunction: Bool

        /// `3503 rows`, `1 row`, `100000+ rows`, or `? rows` when the count is unknown.
        package var countText: String {
            guard let rowCount else { return "? rows" }
            return rowCount == "1" ? "1 row" : rowCount + " rows"
        }
    }

    /// One line between two tables.
    package struct Edge: Sendable, Equatable {
        /// The shapes of an edge.
        package enum Kind: String, Sendable {
            /// Many rows of ``Edge/from`` point at one row of ``Edge/to`` (a foreign key).
            case toOne = "to-one"
            /// A unique foreign key: at most one row of ``Edge/from`` per row of ``Edge/to``.
            case oneToOne = "one-to-one"
            /// Rows of both sides paired through ``Edge/junction``.
            case manyToMany = "many-to-many"
        }

        /// The table holding the foreign key (many-to-many: the side the relationship is named from).
        public let from: String
        /// The table pointed at.
        public let to: String
        /// The relationship's name, seen from ``from`` (`artist`, `tracks`).
        public let name: String
        /// The shape.
        package let kind: Kind
        /// Many-to-many: the junction table.
        public let junction: String?
        /// Whether the file does not declare it (inferred from names and the data).
        package let isInferred: Bool
        /// to-one: whether the foreign key may be NULL (a row of ``from`` may point at nothing).
        package let isOptional: Bool
    }

    /// One relationship of a table, as the text map lists it under the table.
    package struct Entry: Sendable, Equatable {
        /// Which way it leads.
        package enum Direction: Sendable, Equatable {
            /// `→ Artist (to-one)`; also a one-to-one seen from either side.
            case toOne
            /// `⇉ Track (to-many)`.
            case toMany
            /// `⇄ Track via PlaylistTrack`.
            case manyToMany(via: String)
        }

        /// The relationship's name (`artist`, `tracks`), the one `follow` takes.
        public let name: String
        /// The table it leads to.
        public let target: String
        /// Which way it leads.
        package let direction: Direction
        /// `to-one`, `one-to-one`, `to-many`, `many-to-many`.
        package let kindText: String
        /// Whether the file does not declare it.
        package let isInferred: Bool
    }

    /// The tables and views, in the order the tables list shows them.
    package let nodes: [Node]
    /// Every edge, each foreign key and each junction once.
    package let edges: [Edge]
    /// Each table's relationships in both directions, by table name, in the model's order.
    package let entries: [String: [Entry]]

    /// The graph of `models`; `rowCounts` gives each table's count text by name (missing: unknown).
    package init(models: [ORMModel], rowCounts: [String: String]) {
        let shown = models.filter { !$0.name.isEmpty }
        let junctions = Set(shown.flatMap(\.relationships).compactMap { $0.junction?.name })
        nodes = shown.map { Node(name: $0.name, rowCount: rowCounts[$0.name], isView: $0.table.isView,
                                 isJunction: junctions.contains($0.table.name)) }
        var edges: [Edge] = []
        var pairsSeen: Set<String> = []
        var entries: [String: [Entry]] = [:]
        for model in shown {
            for relationship in model.relationships {
                let target = relationship.target.name
                switch relationship.kind {
                case .toOne:
                    let unique = model.table.isUnique(over: relationship.sourceColumns.map(\.label))
                    edges.append(Edge(from: model.name, to: target, name: relationship.name, kind: unique ? .oneToOne : .toOne,
                                      junction: nil, isInferred: relationship.isInferred,
                                      isOptional: relationship.sourceColumns.contains { $0.optional }))
                    entries[model.name, default: []].append(Entry(name: relationship.name, target: target, direction: .toOne,
                                                                 kindText: unique ? "one-to-one" : "to-one", isInferred: relationship.isInferred))
                case .oneToMany:
                    let one = relationship.isOneToOne
                    entries[model.name, default: []].append(Entry(name: relationship.name, target: target, direction: one ? .toOne : .toMany,
                                                                 kindText: one ? "one-to-one" : "to-many", isInferred: relationship.isInferred))
                case .manyToMany:
                    let via = relationship.junction?.name ?? "?"
                    entries[model.name, default: []].append(Entry(name: relationship.name, target: target, direction: .manyToMany(via: via),
                                                                 kindText: "many-to-many", isInferred: relationship.isInferred))
                    // Both sides name it (`playlist.tracks`, `track.playlists`): one edge per junction and pair.
                    let columns = (relationship.junctionSourceColumns + relationship.junctionTargetColumns).map(\.label).sorted()
                    let key = ([via] + [model.name, target].sorted() + columns).joined(separator: "\u{1}")
                    if pairsSeen.insert(key).inserted {
                        edges.append(Edge(from: model.name, to: target, name: relationship.name, kind: .manyToMany,
                                          junction: via, isInferred: relationship.isInferred, isOptional: true))
                    }
                }
            }
        }
        self.edges = edges
        self.entries = entries
    }

    /// The node called `name`, if any.
    package func node(named name: String) -> Node? { nodes.first { $0.name == name } }
}

extension TableList {
    /// The graph of the file's tables as they are now (counts as the list has them, read again
    /// first when a script's writes or another program made them stale).
    package func schemaGraph() throws -> SchemaGraph {
        try reloadIfStale()
        let counts = Dictionary(tables.filter { $0.countText != "?" }.map { ($0.name, $0.countText) }, uniquingKeysWith: { a, _ in a })
        return SchemaGraph(models: database.amigo.models, rowCounts: counts)
    }
}
