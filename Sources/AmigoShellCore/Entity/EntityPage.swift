import Amigo

/// One row as a page (`p`, `page`): its columns, the chains of rows its to-one relationships lead
/// to (`album → Let There Be Rock → artist → AC/DC`), and for each to-many relationship its count
/// and first rows. A value read once through the session's query API; ``EntityPageText`` draws it.
package struct EntityPage: Sendable, Equatable {
    /// A row named as people read it.
    package struct RowName: Sendable, Equatable {
        /// Its key as `get` takes it (`1`, `1,3402`); empty when it has none.
        public let key: String
        /// Its label (`AC/DC`), else nil.
        package let label: String?

        /// The label, else the key.
        public var text: String { label ?? key }
    }

    /// One column of the row.
    package struct Field: Sendable, Equatable {
        /// The column's name.
        public let column: String
        /// Its value.
        public let value: DatabaseValue
        /// For a foreign key: the label of the row it points at.
        package let label: String?
    }

    /// One step of a to-one chain: the relationship followed and the row it led to.
    public struct Step: Sendable, Equatable {
        /// The relationship's name (`album`).
        public let relationship: String
        /// The row it leads to.
        public let row: RowName
    }

    /// The rows a to-many (or many-to-many) relationship leads to.
    package struct Related: Sendable, Equatable {
        /// The relationship's name (`tracks`).
        public let relationship: String
        /// The table its rows are in.
        public let target: String
        /// `to-many`, `one-to-one`, `many-to-many via PlaylistTrack`.
        package let kindText: String
        /// How many rows it leads to.
        public let count: Int
        /// The first of them, in key order (at most ``EntityPage/firstRows``).
        public let first: [RowName]
    }

    /// Rows of each to-many shown on the page.
    package static let firstRows = 5
    /// Steps of a to-one chain at most (a chain also stops at a row it already passed).
    package static let chainLimit = 6

    /// The table.
    public let table: String
    /// The row's name.
    public let row: RowName
    /// Its columns, in order.
    public let fields: [Field]
    /// One chain per to-one relationship, each following the first to-one of every row it reaches.
    package let chains: [[Step]]
    /// The to-many and many-to-many relationships, in the model's order.
    public let related: [Related]

    /// The page of `record`, read through `session`.
    public init(of record: Record, in session: Session) throws {
        let model = record.model
        table = model.name
        row = Self.name(of: record)
        var chains: [[Step]] = []
        var labels: [ObjectIdentifier: String] = [:]
        for relationship in model.relationships where relationship.kind == .toOne {
            var chain: [Step] = []
            var visited: Set<String> = [model.name + ":" + row.key]
            var from = record
            var step: Relationship? = relationship
            while let link = step, chain.count < Self.chainLimit,
                  let parent = try session.query(link.target.name).using(from).relationship(link.name).first() {
                let name = Self.name(of: parent)
                chain.append(Step(relationship: link.name, row: name))
                guard visited.insert(parent.model.name + ":" + name.key).inserted else { break }
                from = parent
                step = parent.model.relationships.first { $0.kind == .toOne }
            }
            if let first = chain.first, relationship.sourceColumns.count == 1 {
                labels[ObjectIdentifier(relationship.sourceColumns[0])] = first.row.text
            }
            if !chain.isEmpty { chains.append(chain) }
        }
        self.chains = chains
        fields = model.table.columns.map { column in
            Field(column: column.label, value: record.value(at: column.index),
                  label: record.value(at: column.index).isNull ? nil : labels[ObjectIdentifier(column)])
        }
        var related: [Related] = []
        for relationship in model.relationships where relationship.kind != .toOne {
            var query = session.query(relationship.target.name).using(record).relationship(relationship.name)
            let count = try query.count()
            for key in relationship.target.table.primaryKey { query = query.orderBy(key.label) }
            let first = try query.limit(Self.firstRows).all().map(Self.name(of:))
            let kind = relationship.kind == .manyToMany ? "many-to-many via \(relationship.junction?.name ?? "?")"
                : relationship.isOneToOne ? "one-to-one" : "to-many"
            related.append(Related(relationship: relationship.name, target: relationship.target.name, kindText: kind,
                                   count: count, first: first))
        }
        self.related = related
    }

    /// The key and label of `record`.
    static func name(of record: Record) -> RowName {
        RowName(key: record.primaryKey.map(ValueText.display).joined(separator: ","), label: LabelColumn.label(of: record))
    }
}

extension Navigator {
    /// The page of the current row (`p`, `page`).
    ///
    /// - Throws: ``ShellError/noView(command:)`` without a table open, ``ShellError/sqlResult(command:instead:)``
    ///   on a `sql` result, ``ShellError/noCurrentRow(command:)`` on an empty view.
    package func currentPage() throws -> EntityPage {
        guard let view = current else { throw ShellError.noView(command: "page") }
        guard view.isModelView else { throw ShellError.sqlResult(command: "page", instead: "has no relationships; open a table to see a row's page") }
        guard let record = try currentRecord() else { throw ShellError.noCurrentRow(command: "page") }
        return try EntityPage(of: record, in: session)
    }

    /// Goes where a line of a page leads: the rows of a relationship, and with a key, that row made current.
    public func go(to target: EntityPageText.Target) throws {
        switch target {
        case .follow(let relationship):
            try follow(relationship)
        case .row(let relationship, let key):
            try follow(relationship)
            try get(key)
        }
    }
}
