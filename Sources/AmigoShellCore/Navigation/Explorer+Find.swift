// Explorer: find in the grid (the next row whose text contains a string, by keyset seek).

import Amigo
import Foundation

extension Explorer {
    // MARK: Finding

    /// The columns `find` searches when no column is given: every text column.
    static func searchableColumns(of model: ORMModel) -> [Column] {
        model.table.columns.filter { $0.kind == .text || $0.declaredType.isEmpty }
    }

    /// Moves the cursor to the next row of the current view (in its order) whose `column` — or any
    /// text column, when nil — contains `text` (case-insensitive), starting at the cursor row when
    /// `includingCurrent`, else after it (before it when `backward`), wrapping around at the end.
    /// One query with LIMIT 1 from the cursor on (a keyset condition after the current row, AND
    /// the search condition), so a table of millions of rows is never read whole.
    /// Returns a message: `found …` or `… (wrapped)`; throws when nothing matches.
    @discardableResult
    public func find(_ text: String, column: Int?, backward: Bool = false, includingCurrent: Bool = false) throws -> String {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "find") }
        guard !text.isEmpty else { throw ShellError.invalidValue("find: type something to look for") }
        let columns: [Column]
        if let column {
            guard column < view.modelColumns.count else { throw ShellError.noView(command: "find") }
            columns = [view.modelColumns[column]]
        } else {
            columns = Explorer.searchableColumns(of: model)
        }
        guard !columns.isEmpty else { throw ShellError.invalidValue("find: \(model.name) has no text column to search") }
        let condition = columns.map { ValueText.keyPath($0.label) + " CONTAINS[c] %@" }.joined(separator: " OR ")
        let base = try view.query(in: session)
        let matching = base.filter(columns.count > 1 ? "(\(condition))" : condition,
                                   arguments: Array(repeating: .value(.text(text)), count: columns.count))
        let place = column.map { "in \(view.columns[$0])" } ?? "in any text column"
        if view.keysetOrder.contains(where: \.isComputed) {
            throw ShellError.invalidValue("find: the view is sorted by a computed value; sort by a column (or Backspace) to find")
        }
        guard let keyset = try base.keysetColumns(for: view.keysetOrder) else {
            throw ShellError.invalidValue("find: \(model.name) has no key to search from; use / to filter")
        }
        var anchor: Record?
        if includingCurrent && !backward {
            anchor = view.cursorRow > 0 ? try record(at: view.cursorRow - 1) : nil
        } else {
            anchor = try record(at: view.cursorRow)
        }
        let anchorValues = anchor.map { Query<Record>.keysetValues(keyset, of: $0) }
        var wrapped = false
        var found = try matching.seek(keyset, after: anchorValues, backward: backward).first()
        if found == nil, anchorValues != nil {
            found = try matching.seek(keyset, after: nil, backward: backward).first()
            wrapped = true
        }
        guard let found, let index = try position(of: found, in: view) else {
            throw ShellError.invalidValue("find: no row \(place) contains '\(text)'")
        }
        moveCursor(to: index)
        return "found '\(text)' \(place): row \(index + 1) of \(view.totalCount)\(view.countIsExact ? "" : "+")"
            + (wrapped ? " (wrapped around)" : "") + " · n next, N previous"
    }
}
