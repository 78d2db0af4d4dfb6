/// A ``SchemaGraph`` as a Mermaid entity-relationship diagram (`export mermaid`), which Mermaid
/// renders without edits:
///
///     erDiagram
///         Album["Album · 347 rows"]
///         Album }o--|| Artist : "artist"
///         Playlist }o--o{ Track : "tracks via PlaylistTrack"
///
/// Each table is an entity named by a plain identifier (letters, digits and `_`; made unique,
/// kept clear of Mermaid's words) with its real name and row count as the entity's label, so
/// that names with spaces, quotes or other characters render as they are. A foreign key is a
/// `}o--||` line (`o|` on the right when it may be NULL, `|o` on the left when it is unique), a
/// junction a `}o--o{` line between the tables it pairs; an inferred link is dotted (`..`).
package enum MermaidDiagram {
    /// Words of Mermaid's ER grammar that an entity must not be called.
    static let reserved: Set<String> = ["to", "optionally", "one", "zero", "many", "only", "more", "or", "u", "pk", "fk", "uk",
                                        "style", "class", "classdef", "direction", "acctitle", "accdescr", "erdiagram",
                                        "tb", "bt", "lr", "rl", "end", "default"]

    /// The diagram's text, ending with a line break.
    public static func text(_ graph: SchemaGraph) -> String {
        let ids = identifiers(for: graph.nodes.map(\.name))
        var lines = ["erDiagram"]
        for node in graph.nodes {
            var label = node.name + " · " + node.countText
            if node.isJunction { label += " · junction" }
            if node.isView { label += " · view" }
            lines.append("    \(ids[node.name] ?? node.name)[\"\(quoted(label))\"]")
        }
        for edge in graph.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let line = edge.isInferred ? ".." : "--"
            let shape: String
            var label = edge.name
            switch edge.kind {
            case .toOne: shape = "}o" + line + (edge.isOptional ? "o|" : "||")
            case .oneToOne: shape = "|o" + line + (edge.isOptional ? "o|" : "||")
            case .manyToMany:
                shape = "}o" + line + "o{"
                label += " via " + (edge.junction ?? "?")
            }
            if edge.isInferred { label += " (inferred)" }
            lines.append("    \(from) \(shape) \(to) : \"\(quoted(label))\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A plain, unique identifier for each name: other characters become `_`, a leading digit or
    /// a reserved word gets `t_` before it, and a name already taken gets `_2`, `_3`….
    static func identifiers(for names: [String]) -> [String: String] {
        var taken: Set<String> = []
        var ids: [String: String] = [:]
        for name in names {
            var id = String(name.map { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" ? $0 : "_" })
            if id.isEmpty || id.first?.isNumber == true || reserved.contains(id.lowercased()) { id = "t_" + id }
            var unique = id
            var n = 2
            while taken.contains(unique.lowercased()) { unique = "\(id)_\(n)"; n += 1 }
            taken.insert(unique.lowercased())
            ids[name] = unique
        }
        return ids
    }

    /// Text for inside Mermaid's double quotes: a double quote becomes `'`, `%` (which starts
    /// comments) `٪`, control characters and line breaks a space.
    static func quoted(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "\"": return "'"
            case "%": return "٪"
            case _ where scalar.properties.generalCategory == .control: return " "
            default: return Character(scalar)
            }
        })
    }
}
