/// A ``SchemaGraph`` as a Graphviz graph (`export dot`), which `dot -Tsvg` renders without edits:
///
///     digraph schema {
///       "Album" [label="Album\n347 rows"];
///       "Album" -> "Artist" [label="artist", dir=both, arrowtail=crow, arrowhead=tee];
///       "Playlist" -> "Track" [label="tracks via PlaylistTrack", dir=both, arrowtail=crow, arrowhead=crow, style=bold];
///     }
///
/// Tables are boxes (views notes, junction tables grey), named by their names in double quotes
/// (a quote or backslash in a name escaped); a foreign key is an edge from the table holding it,
/// crow's foot at the many end, a junction a bold edge with a crow's foot at both; an inferred
/// link is dashed.
package enum DotDiagram {
    /// The graph's text, ending with a line break.
    public static func text(_ graph: SchemaGraph) -> String {
        var lines = ["digraph schema {",
                     "  graph [rankdir=LR, overlap=false];",
                     "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=10];"]
        for node in graph.nodes {
            var attributes = ["label=\"\(escaped(node.name))\\n\(escaped(node.countText))\(node.isJunction ? "\\njunction" : "")\""]
            if node.isView { attributes.append("shape=note") }
            if node.isJunction { attributes.append("style=\"rounded,filled\""); attributes.append("fillcolor=lightgrey") }
            lines.append("  \"\(escaped(node.name))\" [\(attributes.joined(separator: ", "))];")
        }
        for edge in graph.edges {
            var label = edge.name
            var attributes: [String] = ["dir=both"]
            switch edge.kind {
            case .toOne: attributes += ["arrowtail=crow", edge.isOptional ? "arrowhead=teeodot" : "arrowhead=teetee"]
            case .oneToOne: attributes += ["arrowtail=teeodot", edge.isOptional ? "arrowhead=teeodot" : "arrowhead=teetee"]
            case .manyToMany:
                label += " via " + (edge.junction ?? "?")
                attributes += ["arrowtail=crow", "arrowhead=crow", "style=bold"]
            }
            if edge.isInferred {
                label += " (inferred)"
                attributes.append(edge.kind == .manyToMany ? "style=\"bold,dashed\"" : "style=dashed")
                attributes.removeAll { $0 == "style=bold" }
            }
            lines.append("  \"\(escaped(edge.from))\" -> \"\(escaped(edge.to))\" [label=\"\(escaped(label))\", \(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text for inside DOT's double quotes: `\` and `"` escaped, a line break written `\n`,
    /// other control characters dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case _ where scalar.properties.generalCategory == .control: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
