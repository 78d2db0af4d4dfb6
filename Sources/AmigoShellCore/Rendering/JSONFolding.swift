/// The lines of a row's detail (`v`) with the objects and arrays of its indented JSON
/// (``JSONPrettyText``) folded or not: a folded node reads as one line, `"address": {…} 2 keys`,
/// `"tags": […] 12 items`, the lines inside it left out. A value.
///
/// A node is a line ending in `{` or `[` (the indented JSON opens each object and array at the
/// end of a line) with the line that closes it: the next line, at the same nesting, starting
/// with the matching `}` or `]`. For example, with `"address": {` folded, the lines
///
///     body   {
///              "address": {
///                "city": "Oslo"
///              },
///              "age": 34
///            }
///
/// read `body   {`, `"address": {…} 1 key,`, `"age": 34`, `}`.
package struct JSONFolding: Sendable, Equatable {
    /// Every line, folded or not.
    package let lines: [String]
    /// For each line that opens an object or array, the line that closes it.
    package let closers: [Int: Int]
    /// The opening lines of the folded nodes.
    package private(set) var folded: Set<Int> = []

    /// The lines of `text`, every node unfolded.
    package init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var closers: [Int: Int] = [:]
        var open: [(line: Int, bracket: Character)] = []
        for (i, line) in lines.enumerated() {
            let leading = line.drop { $0 == " " }
            if let first = leading.first, first == "}" || first == "]" {
                if let top = open.last, top.bracket == (first == "}" ? "{" : "[") {
                    closers[top.line] = i
                    open.removeLast()
                }
                continue
            }
            if let last = line.last(where: { $0 != " " }), last == "{" || last == "[" { open.append((i, last)) }
        }
        self.closers = closers
    }

    /// Whether any line opens a node that can be folded.
    package var canFold: Bool { !closers.isEmpty }

    /// The lines shown: each with the index of the line it stands for, a folded node's
    /// opening line standing for the whole node.
    package func visible() -> [(line: Int, text: String)] {
        var shown: [(line: Int, text: String)] = []
        var i = 0
        while i < lines.count {
            if folded.contains(i), let close = closers[i] {
                shown.append((i, foldedText(i, close)))
                i = close + 1
            } else {
                shown.append((i, lines[i]))
                i += 1
            }
        }
        return shown
    }

    /// `"address": {…} 2 keys,`: the opening line, the brackets around an ellipsis, how many
    /// members, and the comma that followed the closing bracket.
    private func foldedText(_ open: Int, _ close: Int) -> String {
        let opener = lines[open].last(where: { $0 != " " }) == "{"
        let after = String(lines[close].drop { $0 == " " }.dropFirst())
        let count = members(of: open)
        let size = opener ? Plural.count(count, "key") : Plural.count(count, "item")
        return lines[open].trimmingTrailingSpaces() + "…" + (opener ? "}" : "]") + " " + size + after
    }

    /// How many members the node opened on line `open` has (its keys, or its items).
    package func members(of open: Int) -> Int {
        guard let close = closers[open] else { return 0 }
        var count = 0
        var line = open + 1
        while line < close {
            // A member that is an object or array counts once, its lines skipped.
            count += 1
            line = (closers[line] ?? line) + 1
        }
        return count
    }

    /// The node line `line` belongs to: the one it opens, else the innermost one around it.
    package func node(at line: Int) -> Int? {
        if closers[line] != nil { return line }
        return closers.filter { $0.key < line && $0.value >= line }.max { $0.key < $1.key }?.key
    }

    /// Folds the node at `line` (``node(at:)``), or unfolds it when it is folded; the node's
    /// opening line, or nil when `line` is in no node.
    @discardableResult
    package mutating func toggle(at line: Int) -> Int? {
        guard let open = node(at: line) else { return nil }
        if folded.remove(open) == nil { folded.insert(open) }
        return open
    }

    /// Folds every node.
    package mutating func foldAll() { folded = Set(closers.keys) }

    /// Unfolds every node.
    package mutating func expandAll() { folded = [] }

    /// The index among ``visible()`` of the line that shows `line`: itself, or the folded node
    /// that hides it.
    package func visibleIndex(of line: Int) -> Int {
        let shown = visible()
        return shown.lastIndex { $0.line <= line } ?? 0
    }
}

private extension String {
    /// The text without the spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
