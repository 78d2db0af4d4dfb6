// Navigator: filter, = and order — narrowing the current view, optionally as a new back step.

import Amigo
import Foundation

extension Navigator {
    // MARK: Filter and order

    /// Runs `change` on the view to narrow: the current view, or with ``narrowingPushesSteps`` a
    /// copy pushed as a new step (popped again when `change` throws, so a bad filter leaves no step).
    func narrowing(_ describe: (BrowseView) -> String, _ change: (BrowseView) throws -> Void) throws {
        guard narrowingPushesSteps, let view = current, view.isModelView else {
            guard let view = current else { throw ShellError.noView(command: "filter") }
            try change(view)
            return
        }
        let next = view.narrowedCopy()
        stack.append(next)
        do {
            try change(next)
        } catch {
            stack.removeLast()
            throw error
        }
        next.step = describe(next)
    }

    /// Sets (or with nil, clears) the current view's filter. A bad filter throws and the view is unchanged.
    public func setFilter(_ text: String?) throws {
        guard let view = current else { throw ShellError.noView(command: "filter") }
        guard view.isModelView else { throw ShellError.sqlResult(command: "filter", instead: "cannot be filtered; add a WHERE clause") }
        let cleared = text?.trimmingCharacters(in: .whitespaces).isEmpty != false
        if cleared && view.filter == nil && narrowingPushesSteps { return }
        try narrowing({ $0.filter.map { "filter: \($0)" } ?? "all rows" }) { view in
            try applyFilter(text, to: view)
        }
    }

    func applyFilter(_ text: String?, to view: BrowseView) throws {
        let old = (view.filter, view.cursorRow, view.topRow)
        view.filter = text?.trimmingCharacters(in: .whitespaces).isEmpty == true ? nil : text
        view.cursorRow = 0
        view.topRow = 0
        do { try loader.load(view) } catch {
            (view.filter, view.cursorRow, view.topRow) = old
            try? loader.load(view)
            // Placeholders take arguments in Swift; typed here, the value is written in place.
            if case AmigoError.argumentCountMismatch(_, 0, _) = error {
                throw ShellError.placeholderInFilter
            }
            throw error
        }
    }

    /// ANDs `column = value` (the current cell) onto the current filter.
    package func filterEqualToCurrentCell() throws {
        guard let view = current, view.isModelView else { throw ShellError.noView(command: "=") }
        guard let record = try currentRecord() else { throw ShellError.noCurrentRow(command: "=") }
        let jsonAt = view.cursorColumn - view.storedColumns.count
        guard view.cursorColumn < view.modelColumns.count || view.jsonColumns.indices.contains(jsonAt) else {
            throw ShellError.noCurrentRow(command: "=")
        }
        // On a JSON column (`json(body).address.city`), its value in this row: the filter reads it the same way.
        let value = view.jsonColumns.indices.contains(jsonAt)
            ? try loader.jsonColumnValues(of: view, row: view.cursorRow, record: record)[jsonAt]
            : record.value(at: view.modelColumns[view.cursorColumn].index)
        guard let literal = ValueText.filterLiteral(value) else {
            if case .blob = value { throw ShellError.cannotNarrow(reason: "cannot filter on a BLOB value") }
            throw ShellError.cannotNarrow(reason: "cannot filter on an infinite value")
        }
        let columnText = view.jsonColumns.indices.contains(jsonAt) ? view.jsonColumns[jsonAt] : ValueText.keyPath(view.modelColumns[view.cursorColumn].label)
        let term = columnText + " = " + literal
        // A condition the filter already ANDs in narrows nothing further: the filter stays as it is.
        if let filter = view.filter, case .comparison(let new)? = try? FilterParser.parse(term),
           let existing = try? FilterParser.parse(filter),
           case .keyPath(let path, _) = new.lhs,
           Navigator.conjuncts(of: existing).contains(where: { old in
               if case .keyPath(let oldPath, _) = old.lhs, oldPath.map({ $0.lowercased() }) == path.map({ $0.lowercased() }) {
                   return old.op == new.op && old.rhs == new.rhs && old.options == new.options
               }
               return false
           }) {
            return
        }
        try setFilter(view.filter.map { "(\($0)) AND \(term)" } ?? term)
    }

    /// The column `freq` profiles: the one named, else the view's naming column (its label).
    func frequencyColumn(_ named: String?) throws -> String {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "freq") }
        if let named { return named }
        return LabelColumn.columns(of: model)?.first?.label ?? view.columns.first ?? ""
    }

    /// How many values a profile lists (the rest are summed up in its last line).
    package static let frequencyLimit = 1000

    /// The comparisons a filter ANDs together at its top level.
    static func conjuncts(of expression: FilterExpression) -> [FilterComparison] {
        switch expression {
        case .comparison(let c): return [c]
        case .and(let l, let r): return conjuncts(of: l) + conjuncts(of: r)
        default: return []
        }
    }

    /// Sorts the current view by `column` (nil: key order). Keeps the filter.
    /// Sorts the current view by `column` (nil: key order), then by the keys of `then` (columns
    /// of the view's table). Keeps the filter.
    package func setOrder(column: String?, descending: Bool, then: [SortKey] = []) throws {
        guard let view = current else { throw ShellError.noView(command: "order") }
        guard let model = view.model else { throw ShellError.sqlResult(command: "order", instead: "cannot be sorted; add ORDER BY") }
        let further = try then.map { key -> SortKey in
            // A key of a JSON column (`json(body).age`) is checked with the first key, compiled.
            if SortKey.isJSONPath(key.column) { return key }
            guard let c = model.table.column(named: key.column) else { throw AmigoError.unknownColumn(column: key.column, model: model.name) }
            return SortKey(c.label, descending: key.descending)
        }
        try narrowing({ $0.orderText.map { "order: \($0)" } ?? "key order" }) { view in
            try applyOrder(column: column, descending: descending, to: view, model: model, then: further)
        }
    }

    func applyOrder(column: String?, descending: Bool, to view: BrowseView, model: ORMModel, then further: [SortKey] = []) throws {
        let old = view.order
        let oldThen = view.thenBy
        view.thenBy = column == nil ? [] : further
        if let column {
            if let c = model.table.column(named: column) {
                view.order = (c.label, descending)
            } else if SortKey.isJSONPath(column) || (column.contains(".") && !column.contains(" ")) {
                // A related value (`artist.Name`) or a count (`albums.@count`): a path that leads
                // nowhere is refused here, by compiling the ordering, before the view changes.
                var probe = try view.query(in: session).orderBy(column, ascending: !descending)
                for key in further { probe = probe.orderBy(key.column, ascending: !key.descending) }
                _ = try probe.limit(0).all()
                view.order = (column, descending)
            } else {
                let words = column.split(separator: " ")
                if words.count > 1, model.table.column(named: String(words[0])) != nil {
                    throw ShellError.usage(command: "order", usage: "order COLUMN [asc|desc] ('\(words.dropFirst().joined(separator: " "))' is neither)")
                }
                throw AmigoError.unknownColumn(column: column, model: model.name)
            }
        } else {
            view.order = nil
        }
        let (oldCursor, oldTop) = (view.cursorRow, view.topRow)
        view.cursorRow = 0
        view.topRow = 0
        do {
            try loader.load(view)
            // The first page is read here, not when the screen is drawn: a sort cancelled with
            // Esc (or failing) leaves the view as it was, not sorted with nothing shown.
            _ = try view.window?.rows(in: 0..<viewportRows)
        } catch {
            (view.order, view.thenBy, view.cursorRow, view.topRow) = (old, oldThen, oldCursor, oldTop)
            try? loader.load(view)
            throw error
        }
    }
}
