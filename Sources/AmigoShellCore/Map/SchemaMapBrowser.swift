/// The map of the whole file as the `m` overlay shows it: the graph, the table under the cursor,
/// and what each key does there. The boxes are laid out again for each width they are drawn in
/// (``layout(width:)``); the cursor moves through them in reading order.
package struct SchemaMapBrowser: Sendable, Equatable {
    /// What a key asks of the overlay.
    package enum Outcome: Sendable, Equatable {
        /// Stay open (the cursor may have moved).
        case stay
        /// Close the overlay.
        case close
        /// Close it and open this table.
        case open(String)
    }

    /// The tables and relationships drawn.
    package let graph: SchemaGraph
    /// The index in ``SchemaGraph/nodes`` of the table under the cursor.
    public private(set) var cursor: Int
    /// How many boxes a row held when last drawn (↑ and ↓ move by a row of boxes).
    package var columnsDrawn = 1

    /// A browser over `graph` with the cursor on the table called `current` (else the first).
    package init(graph: SchemaGraph, current: String? = nil) {
        self.graph = graph
        self.cursor = current.flatMap { name in graph.nodes.firstIndex { $0.name == name } } ?? 0
    }

    /// The name of the table under the cursor, if there is one.
    package var currentTable: String? { graph.nodes.indices.contains(cursor) ? graph.nodes[cursor].name : nil }

    /// The boxes laid out in `width` cells.
    package func layout(width: Int) -> SchemaMapLayout {
        SchemaMapLayout(boxes: SchemaMapText.boxes(graph, maxWidth: width), width: width)
    }

    /// Moves the cursor or closes: ← → h l (and j k) move one table, ↑ ↓ a row of boxes, PgUp PgDn
    /// five rows, g Home and G End to the first and last table; Enter opens the table; any other key closes.
    public mutating func handle(_ key: Key) -> Outcome {
        let last = max(0, graph.nodes.count - 1)
        switch key {
        case .right, .char("l"), .char("j"), .tab: cursor = min(last, cursor + 1)
        case .left, .char("h"), .char("k"), .backTab: cursor = max(0, cursor - 1)
        case .down: cursor = min(last, cursor + columnsDrawn)
        case .up: cursor = max(0, cursor - columnsDrawn)
        case .pageDown, .char(" "): cursor = min(last, cursor + 5 * columnsDrawn)
        case .pageUp: cursor = max(0, cursor - 5 * columnsDrawn)
        case .home, .char("g"): cursor = 0
        case .end, .char("G"): cursor = last
        case .enter: return currentTable.map(Outcome.open) ?? .close
        default: return .close
        }
        return .stay
    }
}

extension SchemaMapBrowser {
    /// The keys that work in the map, as its bottom border says.
    static let footer = "←→ tables · ↑↓ rows · Enter opens · Esc closes"

    /// Where the map is drawn on a `width` × `height` screen: most of it, as wide as the
    /// terminal lets it be.
    static func rect(width: Int, height: Int) -> Rect {
        Rect(x: 1, y: 1, width: width - 2, height: height - 2)
    }

    /// The width the boxes are laid out in, in a map drawn in `rect`.
    private static func boxesWidth(in rect: Rect) -> Int { max(1, rect.inset(by: 1).width - 2) }

    /// How many boxes a row holds when the map is drawn in `rect` (↑ and ↓ move by a row).
    func columns(in rect: Rect) -> Int { layout(width: Self.boxesWidth(in: rect)).columns }

    /// Draws the map in a box filling `rect`: the boxes laid out to its width, scrolled so that
    /// the table under the cursor shows, its title in `cursorStyle`. Returns how many boxes a
    /// row held (for ↑ and ↓).
    @discardableResult
    func draw(_ grid: inout ScreenGrid, in rect: Rect, frameStyle: TextStyle, cursorStyle: TextStyle) -> Int {
        grid.fill(rect)
        let tables = graph.nodes.count
        let edges = graph.edges.count
        grid.drawBox(rect, title: "Map — \(Plural.count(tables, "table")), \(Plural.count(edges, "link"))", style: frameStyle)
        let inner = rect.inset(by: 1)
        let width = Self.boxesWidth(in: rect)
        let layout = layout(width: width)
        let anchor = layout.anchors.indices.contains(cursor) ? layout.anchors[cursor] : nil
        // The cursor's box whole on screen when it fits, else its top.
        var top = 0
        if let anchor {
            let boxHeight = 2 + max(1, graph.entries[graph.nodes[cursor].name]?.count ?? 1)
            let bottom = anchor.line + min(boxHeight, inner.height)
            if bottom > inner.height { top = bottom - inner.height }
            top = min(top, anchor.line)
        }
        for (i, line) in layout.lines.dropFirst(top).prefix(inner.height).enumerated() {
            grid.put(line, row: inner.y + i, column: inner.x + 1, maxWidth: width)
        }
        if let anchor, anchor.line >= top, anchor.line - top < inner.height {
            grid.style(Rect(x: inner.x + 1 + anchor.column, y: inner.y + anchor.line - top,
                            width: min(anchor.width, width - anchor.column), height: 1), cursorStyle)
        }
        grid.put(" " + Self.footer + " ", row: rect.maxY - 1, column: rect.x + 2, maxWidth: max(0, rect.width - 12), style: frameStyle)
        let more = (top > 0 ? "↑ " : "") + (top + inner.height < layout.lines.count ? "↓ more " : "")
        if !more.isEmpty { grid.put(" " + more, row: rect.maxY - 1, column: rect.maxX - 2 - DisplayWidth.of(" " + more), style: frameStyle) }
        return layout.columns
    }
}
