// Explorer: moving the cursor, get by key, positions in a view, relationships, follow, back and the breadcrumb.

import Amigo
import Foundation

extension Explorer {
    // MARK: Moving

    /// Moves the cursor to absolute row `index` (clamped) and scrolls it into view.
    public func moveCursor(to index: Int) {
        guard let view = current else { return }
        failedGet = nil
        if !view.countIsExact && index >= view.totalCount - viewportRows {
            // Going past what was counted: the exact count is needed now.
            try? completeCount(of: view)
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
    public func moveColumn(to index: Int) {
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

    func findRow(_ key: String, view: BrowseView, model: ORMModel) throws {
        let keyColumns = model.table.primaryKey
        if keyColumns.isEmpty && !model.table.hasRowID {
            let why = model.table.isView ? "is a view" : model.table.column(named: "rowid") != nil ? "has no primary key, and its own rowid column hides SQLite's" : "has no key"
            throw ShellError.keyLookup(command: "get", reason: "\(model.name) \(why), so rows cannot be looked up by key; use filter")
        }
        let parts = Explorer.keyParts(key)
        if !keyColumns.isEmpty && parts.count != keyColumns.count {
            throw ShellError.keyLookup(command: "get", reason: "\(model.name)'s key has \(keyColumns.count) column(s) (\(keyColumns.map(\.label).joined(separator: ", "))); \(parts.count) value(s) given")
        }
        let values: [DatabaseValue] = keyColumns.isEmpty
            ? parts.map { ValueText.parse($0, for: nil) }
            : zip(parts, keyColumns).map { ValueText.parse($0, for: $1) }
        guard let found = try session.query(model.name).get(values) else {
            throw ShellError.noRowWithKey(command: "get", table: model.name, key: key)
        }
        // Find its position in the view: count the rows before it in the view's order.
        if let index = try position(of: found, in: view) {
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

    /// The absolute index of `record` in `view`, or nil when the view does not contain it.
    func position(of record: Record, in view: BrowseView) throws -> Int? {
        let query = try view.query(in: session)
        if view.keysetOrder.contains(where: \.isComputed), let order = try query.keysetColumns(for: view.keysetOrder) {
            // No stored value to compare with: walk the view in its order until the row comes.
            var ordered = query
            for column in order { ordered = ordered.orderBy(column.name, ascending: column.ascending) }
            let key = record.primaryKey
            var index = 0
            var found: Int?
            try ordered.forEach { row in
                if row.primaryKey == key { found = index; return false }
                index += 1
                return true
            }
            return found
        }
        guard let keyset = try query.keysetColumns(for: view.keysetOrder) else { return nil }
        let values = Query<Record>.keysetValues(keyset, of: record)
        // Rows before it = rows "after" it going backward.
        let pk = record.primaryKey
        let contains = try query.get(pk) != nil || (record.model.table.primaryKey.isEmpty && record.rowID != nil)
        guard contains else { return nil }
        return try query.seek(keyset, after: values, backward: true).count()
    }

    // MARK: Relationships

    /// The current row's relationships with their row counts.
    public func relations() throws -> [(relationship: Relationship, count: Int)] {
        guard let view = current, view.isModelView else { throw ShellError.noView(command: "relations") }
        let record = try chosenRecord(for: "relations")
        return try session.relatedCounts(of: record)
    }

    /// The label of the row each to-one relationship of the current row points at (`AC/DC` for
    /// an album's `artist`), by index in `relationships`; a relationship that points at no row, or
    /// at a row with nothing to name it, has none.
    public func toOneLabels(_ relationships: [Relationship]) -> [Int: String] {
        guard let record = try? currentRecord() else { return [:] }
        var labels: [Int: String] = [:]
        for (i, relationship) in relationships.enumerated() where relationship.kind == .toOne {
            guard let parent = (try? session.query(relationship.target.name).using(record).relationship(relationship.name).first()) ?? nil else { continue }
            let key = parent.primaryKey.map(ValueText.display).joined(separator: ",")
            labels[i] = LabelColumn.label(of: parent) ?? key
        }
        return labels
    }

    /// What a relationship goes through: `ArtistId`, `Track.AlbumId`, `PlaylistTrack`.
    public static func throughText(_ relationship: Relationship) -> String {
        switch relationship.kind {
        case .toOne:
            return relationship.sourceColumns.map(\.label).joined(separator: ",")
        case .oneToMany:
            return relationship.target.name + "." + relationship.targetColumns.map(\.label).joined(separator: ",")
        case .manyToMany:
            return relationship.junction?.name ?? relationship.target.name
        }
    }

    /// Opens the rows relationship `name` of the current row leads to (a new view on the stack).
    public func follow(_ name: String) throws {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "follow") }
        let record = try chosenRecord(for: "follow")
        guard let relationship = model.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
        }
        let next = BrowseView(source: .relation(owner: record, relationship: relationship), title: relationship.name)
        try load(next)
        try readFirstScreen(of: next)
        view.followedFrom = rowCaption(record)
        stack.append(next)
    }

    /// Follows the to-one relationship whose foreign key is the current column, if it is one.
    /// Returns false when the current column is not a foreign key.
    @discardableResult
    public func followForeignKeyAtCursor() throws -> Bool {
        guard let view = current, let model = view.model else { return false }
        guard view.cursorColumn < view.modelColumns.count else { return false }
        let column = view.modelColumns[view.cursorColumn]
        guard let relationship = model.relationships.first(where: { $0.kind == .toOne && $0.sourceColumns.contains { $0 === column } }) else {
            return false
        }
        let record = try chosenRecord(for: "follow")
        if record.value(at: column.index).isNull { throw ShellError.nullLink(column: column.label, target: relationship.target.name) }
        try follow(relationship.name)
        return true
    }

    /// Returns to the previous view, with its filter, order, cursor and scroll as they were.
    public func back() throws {
        if stack.count <= 1 {
            guard let previous = earlierStacks.popLast() else { throw ShellError.nothingToGoBack }
            stack = previous
        } else {
            stack.removeLast()
        }
        if let view = current {
            view.followedFrom = nil
            // Counts may have changed through edits; keep the position.
            let (row, top) = (view.cursorRow, view.topRow)
            try load(view)
            view.place(row: row, top: top)
        }
    }

    /// The breadcrumb: `Artist 1 "AC/DC" › albums › Album 1 "For Those…" › tracks`.
    public var breadcrumb: String {
        var parts: [String] = []
        for (i, view) in stack.enumerated() {
            if let step = view.step {
                parts.append(step)
                if let from = view.followedFrom { parts.append(from) }
            } else if i == 0 {
                parts.append(view.followedFrom ?? view.title)
            } else {
                parts.append(view.title)
                if let from = view.followedFrom { parts.append(from) }
            }
        }
        return parts.joined(separator: " › ")
    }

    /// `Album 1 "For Those About To Rock"`: the row's model, key and label.
    public func rowCaption(_ record: Record) -> String {
        let key = record.primaryKey.map(ValueText.display).joined(separator: ",")
        var caption = key.isEmpty ? record.model.name : "\(record.model.name) \(key)"
        if let label = LabelColumn.label(of: record) { caption += " \"\(DisplayWidth.truncate(label, to: 24))\"" }
        return caption
    }
}
