/// The `p` overlay: a row's page (``EntityPage``) with a cursor on the lines Enter can follow
/// (a to-one chain, a to-many heading, one of its rows); the page scrolls with the cursor.
package struct EntityPageBrowser: Sendable, Equatable {
    /// What a key asks of the overlay.
    package enum Outcome: Sendable, Equatable {
        /// Stay open.
        case stay
        /// Close it.
        case close
        /// Close it and go where the line leads.
        case go(EntityPageText.Target)
    }

    /// The page shown.
    public let page: EntityPage
    /// Its lines.
    public let lines: [EntityPageText.Line]
    /// The line under the cursor (always one with a target, when the page has any).
    public private(set) var cursor: Int

    /// The page with the cursor on its first followable line.
    package init(page: EntityPage) {
        self.page = page
        self.lines = EntityPageText.lines(page)
        self.cursor = lines.firstIndex { $0.target != nil } ?? 0
    }

    /// The keys that work on the page, as its bottom border says.
    package static let footer = "↑↓ links · PgUp PgDn · Enter follows · Esc closes"

    /// ↑ ↓ j k move to the previous or next followable line, PgUp PgDn ten lines, g G the first
    /// and last; Enter follows the line; any other key closes.
    public mutating func handle(_ key: Key) -> Outcome {
        let followable = lines.indices.filter { lines[$0].target != nil }
        switch key {
        case .down, .char("j"): cursor = followable.first { $0 > cursor } ?? cursor
        case .up, .char("k"): cursor = followable.last { $0 < cursor } ?? cursor
        case .pageDown, .char(" "): cursor = followable.first { $0 >= cursor + 10 } ?? followable.last ?? cursor
        case .pageUp: cursor = followable.last { $0 <= cursor - 10 } ?? followable.first ?? cursor
        case .home, .char("g"): cursor = followable.first ?? cursor
        case .end, .char("G"): cursor = followable.last ?? cursor
        case .enter, .right:
            guard lines.indices.contains(cursor), let target = lines[cursor].target else { return .close }
            return .go(target)
        default: return .close
        }
        return .stay
    }
}
