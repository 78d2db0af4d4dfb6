/// The row's detail (`v`) when it holds indented JSON: a cursor on one line, and the JSON's
/// objects and arrays folded and unfolded (``JSONFolding``). Enter folds the node under the
/// cursor (the one its line opens, else the innermost one around it) or unfolds it, `-` folds
/// every node, `+` unfolds every node; ↑↓ PgUp PgDn g G move; any other key closes.
package struct DetailBrowser: Sendable, Equatable {
    /// The lines and which nodes are folded.
    package private(set) var folding: JSONFolding
    /// The cursor: an index into the lines shown (``JSONFolding/visible()``).
    package private(set) var cursor = 0

    /// What the detail's box says at its foot.
    package static let footer = "Enter folds/unfolds · - folds all · + unfolds all · Esc closes"

    /// The detail `text`, every node unfolded, the cursor on its first line.
    package init(text: String) { folding = JSONFolding(text: text) }

    /// The overlay showing a row's detail `text`: a ``DetailBrowser`` when it holds indented
    /// JSON to fold, else the plain text overlay.
    static func overlay(showing text: String) -> ShellOverlay {
        let browser = DetailBrowser(text: text)
        return browser.folding.canFold ? .foldingDetail(browser) : .detail(text: text, scroll: 0)
    }

    /// The lines shown, folded nodes as one line each.
    package var lines: [String] { folding.visible().map(\.text) }

    /// Acts on `key`; false when the key closes the detail.
    package mutating func handle(_ key: Key) -> Bool {
        let shown = folding.visible()
        let last = max(0, shown.count - 1)
        switch key {
        case .up, .char("k"): cursor = max(0, cursor - 1)
        case .down, .char("j"): cursor = min(last, cursor + 1)
        case .pageDown, .char(" "): cursor = min(last, cursor + 10)
        case .pageUp: cursor = max(0, cursor - 10)
        case .home, .char("g"): cursor = 0
        case .end, .char("G"): cursor = last
        case .enter, .char("o"):
            guard shown.indices.contains(cursor), let open = folding.toggle(at: shown[cursor].line) else { return true }
            cursor = folding.visibleIndex(of: open)
        case .char("-"):
            let line = shown.indices.contains(cursor) ? shown[cursor].line : 0
            folding.foldAll()
            cursor = folding.visibleIndex(of: line)
        case .char("+"):
            let line = shown.indices.contains(cursor) ? shown[cursor].line : 0
            folding.expandAll()
            cursor = folding.visibleIndex(of: line)
        default: return false
        }
        return true
    }
}
