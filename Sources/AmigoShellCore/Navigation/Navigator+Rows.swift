// Navigator: moving the cursor, get by key, and the position of a row in a view.

import Amigo
import Foundation

extension Navigator {
    // MARK: Moving

    /// Moves the cursor to absolute row `index` (clamped) and scrolls it into view.
    package func moveCursor(to index: Int) {
        guard let view = current else { return }
        failedGet = nil
        if !view.countIsExact && index >= view.totalCount - viewportRows {
            // Going past what was counted: the exact count is needed now.
            try? loader.completeCount(of: view)
        }
        let last = max(0, view.totalCount - 1)
        let target = min(max(0, index), last)
        var top = view.topRow
        if target < top { top = target }
        if target >= top + viewportRows { top = target - viewportRows + 1 }
        // The rows are read before the cursor moves: a read cancelled with Esc (a far page of a
        // view sorted by a computed value) leaves the cursor where it was.
        if let window = view.window, (try? window.rows(in: top..<(top + viewportRows))) == nil { return }
        view.cursorRow = target
        view.topRow = top
    }

    /// Moves the current column to `index` (clamped).
    package func moveColumn(to index: Int) {
        guard let view = current else { return }
        view.cursorColumn = min(max(0, index), max(0, view.columns.count - 1))
        if view.cursorColumn < view.leftColumn { view.leftColumn = view.cursorColumn }
    }

    /// The current row, for a command that acts on it; refused right after a failed `get`, whose
    /// row is not the one on the cursor.
    func chosenRecord(for command: String) throws -> Record {
        guard let view = current, let record = try currentRecord() else { throw ShellError.noCurrentRow(command: command) }
        if let failed = failedGet, failed.view == ObjectIdentifier(view), failed.row == view.cursorRow {
            throw ShellError.keyLookup(command: command, reason: "\(failed.reason), so no row was chosen; get a row first")
        }
        return record
    }

    /// Makes the row whose primary key is `key` current (`get 5`, `get 1,2` for composite keys).
    public func get(_ key: String) throws {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "get") }
        failedGet = (ObjectIdentifier(view), view.cursorRow, "the last get (\(key)) failed")
        try findRow(key, view: view, model: model)
        failedGet = nil
    }

    /// The row whose one-column key starts with `prefix` (`355` for `35579`), when exactly one
    /// does: a key is typed by its first characters as a name is. Nil when none or several do.
    func rowByKeyPrefix(_ prefix: String, model: ORMModel) throws -> Record? {
        guard model.table.primaryKey.count == 1, let column = model.table.primaryKey.first,
              !prefix.isEmpty, !prefix.contains(","), let literal = ValueText.filterLiteral(.text(prefix)) else { return nil }
        let candidates = try session.query(model.name).filter(ValueText.keyPath(column.label) + " BEGINSWITH[c] " + literal).limit(2).all()
        return candidates.count == 1 ? candidates[0] : nil
    }

    func findRow(_ key: String, view: BrowseView, model: ORMModel) throws {
        let keyColumns = model.table.primaryKey
        if keyColumns.isEmpty && !model.table.hasRowID {
            let why = model.table.isView ? "is a view" : model.table.column(named: "rowid") != nil ? "has no primary key, and its own rowid column hides SQLite's" : "has no key"
            throw ShellError.keyLookup(command: "get", reason: "\(model.name) \(why), so rows cannot be looked up by key; use filter")
        }
        let parts = Navigator.keyParts(key)
        if !keyColumns.isEmpty && parts.count != keyColumns.count {
            throw ShellError.keyLookup(command: "get", reason: "\(model.name)'s key has \(keyColumns.count) column(s) (\(keyColumns.map(\.label).joined(separator: ", "))); \(parts.count) value(s) given")
        }
        let values: [DatabaseValue] = keyColumns.isEmpty
            ? parts.map { ValueText.parse($0, for: nil) }
            : zip(parts, keyColumns).map { ValueText.parse($0, for: $1) }
        guard let found = try session.query(model.name).get(values) ?? (try rowByKeyPrefix(key, model: model)) else {
            throw ShellError.noRowWithKey(command: "get", table: model.name, key: key)
        }
        // Find its position in the view: count the rows before it in the view's order.
        if let index = try places.index(of: found, in: view) {
            moveCursor(to: index)
        } else {
            throw ShellError.keyLookup(command: "get", reason: "\(model.name) \(key) exists but is not in this view (\(restriction(of: view)))")
        }
    }

    /// What keeps rows out of `view`: `albums of Artist 1 "AC/DC"; filter: Title CONTAINS[c] 'x'`.
    func restriction(of view: BrowseView) -> String {
        var parts: [String] = []
        if case .relation(let owner, let relationship) = view.source {
            parts.append("only the \(relationship.name) of \(rowCaption(owner))")
        }
        parts.append("filter: \(view.filter ?? "none")")
        return parts.joined(separator: "; ")
    }

    /// The values of a typed key, split at commas outside quotes: `1,'a,b'` is two values.
    static func keyParts(_ key: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for c in key {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "," {
                parts.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        parts.append(current)
        return parts
    }
}
