import Amigo

/// What the current row is connected to, as the links line under the panes shows it and the digit keys
/// follow: its relationships in the model's order (the relations menu's order), numbered from 1,
/// each with the row a to-one points at (`artist → AC/DC`) or how many rows a to-many leads to
/// (`tracks 10`).
///
/// The names are known at once from the model; the labels and counts take queries, so they are
/// read when the keys stop (idle work that the next key interrupts) and are nil until then.
package struct RowLinks: Sendable, Equatable {
    /// One relationship of the row.
    package struct Link: Sendable, Equatable {
        /// The relationship's name (`tracks`, `artist`).
        public var name: String
        /// Whether it leads to at most one row.
        package var isToOne: Bool
        /// For a to-many: the rows it leads to, once counted.
        public var count: Int?
        /// For a to-one: the label (or key) of the row it points at, once read; `nil` also when
        /// it points at no row.
        package var label: String?
    }

    /// Which view and row these are the links of: the view's identity and the row's key.
    package struct Anchor: Sendable, Equatable {
        /// The view (its object identity).
        public var view: ObjectIdentifier
        /// The row's position in the view.
        public var row: Int
        /// The row's primary key, as shown.
        public var key: String
    }

    /// The row they belong to.
    package var anchor: Anchor
    /// The relationships, in the model's order.
    public var links: [Link]
    /// Whether the labels and counts were read (false: names only).
    package var isComplete: Bool

    /// The most relationships the digit keys reach.
    package static let numberedLimit = 9
}

extension Navigator {
    /// The current row's relationships with their row counts.
    public func relations() throws -> [(relationship: Relationship, count: Int)] {
        guard let view = current, view.isModelView else { throw ShellError.noView(command: "relations") }
        let record = try chosenRecord(for: "relations")
        return try session.relatedCounts(of: record)
    }

    /// The label of the row each to-one relationship of the current row points at (`AC/DC` for
    /// an album's `artist`), by index in `relationships`; a relationship that points at no row, or
    /// at a row with nothing to name it, has none.
    package func toOneLabels(_ relationships: [Relationship]) -> [Int: String] {
        guard let record = try? currentRecord() else { return [:] }
        var labels: [Int: String] = [:]
        for (i, relationship) in relationships.enumerated() where relationship.kind == .toOne {
            guard let parent = (try? session.query(relationship.target.name).using(record).relationship(relationship.name).first()) ?? nil else { continue }
            let key = parent.primaryKey.map(ValueText.display).joined(separator: ",")
            labels[i] = RowLabel.label(of: parent, in: session) ?? key
        }
        return labels
    }

    /// What a relationship goes through: `ArtistId`, `Track.AlbumId`, `PlaylistTrack`.
    package static func throughText(_ relationship: Relationship) -> String {
        switch relationship.kind {
        case .toOne:
            return relationship.sourceColumns.map(\.label).joined(separator: ",")
        case .oneToMany:
            return relationship.target.name + "." + relationship.targetColumns.map(\.label).joined(separator: ",")
        case .manyToMany:
            return relationship.junction?.name ?? relationship.target.name
        }
    }

    /// Where the current view's cursor is, as a ``RowLinks/Anchor``; nil without a model row.
    func rowLinksAnchor() -> RowLinks.Anchor? {
        guard let view = current, view.isModelView, view.totalCount > 0,
              let record = try? currentRecord() else { return nil }
        return RowLinks.Anchor(view: ObjectIdentifier(view), row: view.cursorRow,
                               key: record.primaryKey.map(ValueText.display).joined(separator: ","))
    }

    /// The current row's relationships by name only (no query beyond the row itself); nil when
    /// there is no model row or its model has no relationships.
    package func rowLinkNames() -> RowLinks? {
        guard let model = current?.model, !model.relationships.isEmpty, let anchor = rowLinksAnchor() else { return nil }
        let links = model.relationships.map { RowLinks.Link(name: $0.name, isToOne: $0.kind == .toOne || $0.isOneToOne, count: nil, label: nil) }
        return RowLinks(anchor: anchor, links: links, isComplete: false)
    }

    /// The current row's relationships with the label of each to-one's (and one-to-one's) row and
    /// the count of each to-many's rows (the relations menu's numbers); one query per relationship.
    package func rowLinks() throws -> RowLinks? {
        guard var links = rowLinkNames(), let model = current?.model else { return nil }
        let record = try chosenRecord(for: "relations")
        let labels = toOneLabels(model.relationships)
        for (i, relationship) in model.relationships.enumerated() where i < links.links.count {
            if relationship.kind == .toOne {
                links.links[i].label = labels[i]
            } else if relationship.isOneToOne {
                // At most one row: shown as the row it leads to (`advisor → Srinivasan`), not `advisor 1`.
                links.links[i].label = RowLabel.oneToOneLabel(of: record, along: relationship, in: session)
            } else {
                links.links[i].count = try session.query(relationship.target.name).using(record).relationship(relationship.name).count()
            }
        }
        links.isComplete = true
        return links
    }
}
