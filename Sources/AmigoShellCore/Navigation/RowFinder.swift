// RowFinder: find in the grid (the next row whose text contains a string, by keyset seek).

import Amigo
import Foundation

/// Finds the next row of the navigator's current view whose text contains a string, and moves
/// the cursor to it: by one keyset seek from the cursor on, or by reading the rows in order
/// where the view cannot seek (sorted by a computed value).
struct RowFinder {
    /// The navigator whose current view is searched and whose cursor moves.
    let navigator: Navigator

    /// The columns `find` searches when no column is given: every column but BLOBs (a number
    /// is found by its digits, as shown: `340` finds 3402).
    static func searchableColumns(of model: ORMModel) -> [Column] {
        model.table.columns.filter { $0.kind != .blob }
    }

    /// The condition that finds `text` in a row's label as shown, when the label is made of
    /// several columns (first and last name) and `text` of several words: each word in one of the
    /// label's columns (`gina degeneres` finds "Gina DeGeneres"); nil otherwise (one column is
    /// searched as it is).
    static func labelSearch(_ text: String, model: ORMModel) -> (condition: String, arguments: [FilterArgument])? {
        guard let label = LabelColumn.columns(of: model), label.count > 1 else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count > 1 else { return nil }
        let perWord = "(" + label.map { ValueText.keyPath($0.label) + " CONTAINS[c] %@" }.joined(separator: " OR ") + ")"
        let condition = "(" + Array(repeating: perWord, count: words.count).joined(separator: " AND ") + ")"
        return (condition, words.flatMap { word in Array(repeating: FilterArgument.value(.text(word)), count: label.count) })
    }

    /// Most rows a find reads in a view sorted by a computed value, where it cannot seek.
    static let findScanLimit = 200_000

    /// Moves the cursor to the next row of the current view (in its order) whose `column` — or any
    /// text column, when nil — contains `text` (case-insensitive), starting at the cursor row when
    /// `includingCurrent`, else after it (before it when `backward`), wrapping around at the end.
    /// One query with LIMIT 1 from the cursor on (a keyset condition after the current row, AND
    /// the search condition), so a table of millions of rows is never read whole.
    /// Returns a message: `found …` or `… (wrapped)`; throws when nothing matches.
    @discardableResult
    func find(_ text: String, column: Int?, backward: Bool = false, includingCurrent: Bool = false) throws -> String {
        guard let view = navigator.current, let model = view.model else { throw ShellError.noView(command: "find") }
        guard !text.isEmpty else { throw ShellError.searchFailed(command: "find", reason: "type something to look for") }
        let columns: [Column]
        if let column {
            guard column < view.modelColumns.count else { throw ShellError.noView(command: "find") }
            columns = [view.modelColumns[column]]
        } else {
            columns = RowFinder.searchableColumns(of: model)
        }
        guard !columns.isEmpty else { throw ShellError.searchFailed(command: "find", reason: "\(model.name) has no column to search") }
        var condition = columns.map { ValueText.keyPath($0.label) + " CONTAINS[c] %@" }.joined(separator: " OR ")
        var arguments = Array(repeating: FilterArgument.value(.text(text)), count: columns.count)
        // A label of several columns (`Steven Buchanan`) is found as shown too: every word typed
        // in one of its columns.
        if column == nil, let label = Self.labelSearch(text, model: model) {
            condition += " OR " + label.condition
            arguments += label.arguments
        }
        let base = try view.query(in: navigator.session)
        let matching = base.filter(arguments.count > 1 ? "(\(condition))" : condition, arguments: arguments)
        let place = column.map { "in \(view.columns[$0])" } ?? "in any column"
        /// The message for a row found at `index`.
        func foundMessage(_ index: Int, wrapped: Bool) -> String {
            "found '\(text)' \(place): row \(index + 1) of \(view.totalCount)\(view.countIsExact ? "" : "+")"
                + (wrapped ? " (wrapped around)" : "") + " · n next, N previous"
        }
        if view.keysetOrder.contains(where: \.isComputed) {
            // Sorted by a count or a related value: no key to seek from, so the rows are read in
            // the view's order from the cursor on, a page at a time.
            let indices = columns.compactMap { column in view.modelColumns.firstIndex { $0 === column } }
            let label = column == nil ? (LabelColumn.columns(of: model) ?? []).compactMap { c in view.modelColumns.firstIndex { $0 === c } } : []
            guard let (index, wrapped) = try scanFind(text, columns: indices, label: label.count > 1 ? label : [],
                                                      backward: backward, includingCurrent: includingCurrent) else {
                throw ShellError.noMatch(command: "find", place: place, text: text)
            }
            navigator.moveCursor(to: index)
            return foundMessage(index, wrapped: wrapped)
        }
        guard let keyset = try base.keysetColumns(for: view.keysetOrder) else {
            throw ShellError.keyLookup(command: "find", reason: "\(model.name) has no key to search from; use / to filter")
        }
        var anchor: Record?
        if includingCurrent && !backward {
            anchor = view.cursorRow > 0 ? try navigator.record(at: view.cursorRow - 1) : nil
        } else {
            anchor = try navigator.record(at: view.cursorRow)
        }
        let anchorValues = anchor.map { Query<Record>.keysetValues(keyset, of: $0) }
        var wrapped = false
        var found = try matching.seek(keyset, after: anchorValues, backward: backward).first()
        if found == nil, anchorValues != nil {
            found = try matching.seek(keyset, after: nil, backward: backward).first()
            wrapped = true
        }
        guard let found, let index = try navigator.places.index(of: found, in: view) else {
            throw ShellError.noMatch(command: "find", place: place, text: text)
        }
        navigator.moveCursor(to: index)
        return foundMessage(index, wrapped: wrapped)
    }

    /// Find by reading the current view's rows in order (for views that cannot seek): the first
    /// row from the cursor on (after it, or before it when `backward`) whose value in one of
    /// `columns` — or whose `label` columns, joined by spaces as the label shows them — contains
    /// `text` as shown, ignoring case; wraps around once. At most
    /// ``findScanLimit`` rows are read; past that it is an error that says so.
    func scanFind(_ text: String, columns: [Int], label: [Int] = [], backward: Bool, includingCurrent: Bool) throws -> (index: Int, wrapped: Bool)? {
        guard let view = navigator.current, view.totalCount > 0 else { return nil }
        let total = view.totalCount
        let start = view.cursorRow
        // The ranges visited, in order (walked backwards when `backward`), the wrap-around marked.
        let first = backward ? 0..<start : min(total, includingCurrent ? start : start + 1)..<total
        // The wrap-around comes back to the current row, as the keyset search does (the only match
        // may be the row the cursor is on).
        let second = backward ? min(total, start)..<total : 0..<min(total, start + 1)
        let page = 500
        var read = 0
        for (range, wrapped) in [(first, false), (second, true)] {
            var done = 0
            while done < range.count {
                // The next page of the range: from its start going forward, from its end going back.
                let size = min(page, range.count - done)
                let chunk = backward ? (range.upperBound - done - size)..<(range.upperBound - done) : (range.lowerBound + done)..<(range.lowerBound + done + size)
                let rows = try navigator.values(in: chunk)
                let offsets = backward ? Array(rows.indices.reversed()) : Array(rows.indices)
                for offset in offsets {
                    let row = rows[offset]
                    let shownLabel = label.filter { $0 < row.count }.map { ValueText.plain(row[$0]) }.joined(separator: " ")
                    if columns.contains(where: { $0 < row.count && ValueText.plain(row[$0]).range(of: text, options: .caseInsensitive) != nil })
                        || (!label.isEmpty && shownLabel.range(of: text, options: .caseInsensitive) != nil) {
                        return (chunk.lowerBound + offset, wrapped)
                    }
                }
                read += size
                done += size
                if read >= RowFinder.findScanLimit {
                    throw ShellError.searchFailed(command: "find", reason: "not in the \(read) rows read from the cursor (a view sorted by a computed value is read row by row); sort by a column to search it all")
                }
            }
        }
        return nil
    }
}
