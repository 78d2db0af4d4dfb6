/// A ``SchemaGraph`` drawn as text: each table a box with its row count, listing its
/// relationships — `→ Artist (to-one)`, `⇉ Track (to-many)`, `⇄ Track via PlaylistTrack` — with
/// the name `follow` takes at the right. `map` prints the boxes one under another; `m` lays them
/// out side by side to fit the screen (``SchemaMapLayout``).
///
///     ╭─ Album · 347 rows ────────╮
///     │ → Artist (to-one)  artist │
///     │ ⇉ Track (to-many)  tracks │
///     ╰───────────────────────────╯
package enum SchemaMapText {
    /// The line of one relationship without its name: `→ Artist (to-one)`.
    static func arrow(_ entry: SchemaGraph.Entry) -> String {
        let kind = entry.kindText + (entry.isInferred ? ", inferred" : "")
        switch entry.direction {
        case .toOne: return "→ \(entry.target) (\(kind))"
        case .toMany: return "⇉ \(entry.target) (\(kind))"
        case .manyToMany(let via): return "⇄ \(entry.target) via \(via)" + (entry.isInferred ? " (inferred)" : "")
        }
    }

    /// The title of a table's box: `Album · 347 rows`, `· junction` or `· view` after it.
    static func title(_ node: SchemaGraph.Node) -> String {
        node.name + " · " + node.countText + (node.isJunction ? " · junction" : "") + (node.isView ? " · view" : "")
    }

    /// One box per table, in the graph's order, each line of a box as wide as the others
    /// (at most `maxWidth` cells: longer lines are cut).
    package static func boxes(_ graph: SchemaGraph, maxWidth: Int = .max) -> [[String]] {
        graph.nodes.map { node in
            let entries = graph.entries[node.name] ?? []
            let arrows = entries.map { DisplayWidth.sanitize(arrow($0)) }
            let arrowWidth = arrows.map { DisplayWidth.of($0) }.max() ?? 0
            var body = zip(arrows, entries).map { DisplayWidth.pad($0, to: arrowWidth) + "  " + DisplayWidth.sanitize($1.name) }
            if body.isEmpty { body = [node.isView ? "(a view: no relationships)" : "(no relationships)"] }
            let heading = DisplayWidth.sanitize(title(node))
            var inner = max(body.map { DisplayWidth.of($0) }.max() ?? 0, DisplayWidth.of(heading) + 3)
            inner = max(1, min(inner, maxWidth - 4))
            let top = "╭─ " + DisplayWidth.truncate(heading, to: max(1, inner - 2)) + " "
            let topLine = top + String(repeating: "─", count: max(0, inner + 3 - DisplayWidth.of(top))) + "╮"
            let lines = body.map { "│ " + DisplayWidth.pad(DisplayWidth.truncate($0, to: inner), to: inner) + " │" }
            return [topLine] + lines + ["╰" + String(repeating: "─", count: inner + 2) + "╯"]
        }
    }

    /// The map as `map` prints it: every box, one under another.
    public static func text(_ graph: SchemaGraph) -> String {
        var lines = boxes(graph).flatMap { $0 }
        if graph.edges.contains(where: \.isInferred) { lines.append("inferred: not declared in the file; names match and every value was found in the data") }
        return lines.joined(separator: "\n")
    }
}
