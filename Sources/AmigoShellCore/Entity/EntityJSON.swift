import Amigo

/// A row as one JSON object with its related rows nested (`export json --depth N`): its columns,
/// then each relationship as a key — a to-one's row as an object (or `null`), a to-many's or
/// many-to-many's rows as an array of objects — down to `depth` relationships from the row. A
/// relationship that leads straight back to the row it came from is left out (an album's tracks
/// do not repeat the album), and the depth cuts every other cycle. Values are written as
/// ``JSONFormatter`` writes them.
///
///     {"AlbumId": 1, "Title": "For Those About To Rock", "ArtistId": 1,
///      "artist": {"ArtistId": 1, "Name": "AC/DC"},
///      "tracks": [{"TrackId": 1, …}, …]}
package struct EntityJSON {
    /// The session the related rows are read through.
    let session: Session
    /// Rows written so far (each object once).
    package private(set) var rowsWritten = 0

    /// A writer reading through `session`.
    package init(session: Session) { self.session = session }

    /// `record` with its related rows nested `depth` deep, indented by two spaces a level.
    public mutating func text(of record: Record, depth: Int) throws -> String {
        var output: [UInt8] = []
        try append(record, depth: depth, cameFrom: nil, indent: 0, to: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func append(_ record: Record, depth: Int, cameFrom: Relationship?, indent: Int, to output: inout [UInt8]) throws {
        rowsWritten += 1
        let pad = String(repeating: "  ", count: indent + 1)
        output.append(UInt8(ascii: "{"))
        var first = true
        func key(_ name: String) {
            output.append(contentsOf: ((first ? "\n" : ",\n") + pad).utf8)
            first = false
            JSONFormatter.appendString(name, to: &output)
            output.append(contentsOf: ": ".utf8)
        }
        for column in record.model.table.columns {
            key(column.label)
            JSONFormatter.appendValue(record.value(at: column.index), to: &output)
        }
        if depth > 0 {
            for relationship in record.model.relationships where !(cameFrom.map { Self.leadsBack(relationship, over: $0) } ?? false) {
                let query = session.query(relationship.target.name).using(record).relationship(relationship.name)
                key(relationship.name)
                if relationship.kind == .toOne {
                    if let parent = try query.first() {
                        try append(parent, depth: depth - 1, cameFrom: relationship, indent: indent + 1, to: &output)
                    } else {
                        output.append(contentsOf: "null".utf8)
                    }
                    continue
                }
                var ordered = query
                for column in relationship.target.table.primaryKey { ordered = ordered.orderBy(column.label) }
                let rows = try ordered.all()
                output.append(UInt8(ascii: "["))
                for (i, row) in rows.enumerated() {
                    output.append(contentsOf: ((i == 0 ? "\n" : ",\n") + pad + "  ").utf8)
                    try append(row, depth: depth - 1, cameFrom: relationship, indent: indent + 2, to: &output)
                }
                if !rows.isEmpty { output.append(contentsOf: ("\n" + pad).utf8) }
                output.append(UInt8(ascii: "]"))
            }
        }
        output.append(contentsOf: (first ? "}" : "\n" + String(repeating: "  ", count: indent) + "}").utf8)
    }

    /// Whether `relationship` (on the row reached by `followed`) leads back over the same link:
    /// the to-one a to-many came down, the to-many a to-one came up, the other side of a junction.
    static func leadsBack(_ relationship: Relationship, over followed: Relationship) -> Bool {
        guard relationship.target === followed.source, relationship.source === followed.target else { return false }
        func same(_ a: [Column], _ b: [Column]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { $0 === $1 } }
        switch (followed.kind, relationship.kind) {
        case (.toOne, .oneToMany): return same(relationship.targetColumns, followed.sourceColumns)
        case (.oneToMany, .toOne): return same(relationship.sourceColumns, followed.targetColumns)
        case (.manyToMany, .manyToMany):
            return followed.junction === relationship.junction && same(relationship.junctionSourceColumns, followed.junctionTargetColumns)
        default: return false
        }
    }
}
