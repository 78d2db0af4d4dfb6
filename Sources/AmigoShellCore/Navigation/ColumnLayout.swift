/// How the grid shows the columns of one table: which are hidden, which are pinned at the left,
/// and the widths set by hand. A value; ``ColumnLayouts`` keeps one per table for the session.
///
/// For example, with `Name` pinned and `Composer` hidden, the columns
/// `TrackId, Name, AlbumId, Composer` are shown in the order `Name, TrackId, AlbumId`.
package struct ColumnLayout: Sendable, Equatable {
    /// Names of the hidden columns.
    package private(set) var hidden: Set<String> = []
    /// Names of the pinned columns, in the order they were pinned.
    package private(set) var pinned: [String] = []
    /// Widths set by hand (`<`, `>`, `width COL N`), by column name.
    package private(set) var widths: [String: Int] = [:]
    /// Keys of JSON columns expanded into columns of their own (`column json(body).address.city`),
    /// in the order added: shown after the table's columns, in the filter language's spelling.
    package private(set) var jsonColumns: [String] = []

    /// The narrowest a column can be set.
    package static let minimumWidth = 3
    /// The widest a column can be set.
    package static let maximumWidth = 400

    /// A layout that shows every column in its own order, at the width its values ask for.
    package init() {}

    /// Whether the layout changes nothing.
    package var isDefault: Bool { hidden.isEmpty && pinned.isEmpty && widths.isEmpty && jsonColumns.isEmpty }

    /// The indices of `columns` the grid shows, in the order it shows them: the pinned ones
    /// first (in pinning order), then the others in their own order; hidden ones left out.
    package func sequence(of columns: [String]) -> [Int] {
        let pinnedIndices = pinned.compactMap { name in columns.firstIndex(of: name) }.filter { !hidden.contains(columns[$0]) }
        let rest = columns.indices.filter { !hidden.contains(columns[$0]) && !pinnedIndices.contains($0) }
        return pinnedIndices + rest
    }

    /// How many of the first columns of ``sequence(of:)`` are pinned.
    package func pinnedCount(of columns: [String]) -> Int {
        pinned.filter { columns.contains($0) && !hidden.contains($0) }.count
    }

    /// Hides `name`.
    package mutating func hide(_ name: String) { hidden.insert(name) }

    /// Shows `name` again; nil shows every hidden column. Returns the names shown again.
    @discardableResult
    package mutating func unhide(_ name: String?) -> [String] {
        guard let name else {
            defer { hidden = [] }
            return hidden.sorted()
        }
        return hidden.remove(name).map { [$0] } ?? []
    }

    /// Pins `name` at the left, or unpins it if it is pinned; true when it is pinned now.
    @discardableResult
    package mutating func togglePin(_ name: String) -> Bool {
        if let at = pinned.firstIndex(of: name) {
            pinned.remove(at: at)
            return false
        }
        pinned.append(name)
        return true
    }

    /// Sets the width of `name` (clamped to ``minimumWidth``…``maximumWidth``); nil goes back to
    /// the width its values ask for. Returns the width set.
    @discardableResult
    package mutating func setWidth(_ name: String, _ width: Int?) -> Int? {
        guard let width else {
            widths[name] = nil
            return nil
        }
        let clamped = min(max(width, Self.minimumWidth), Self.maximumWidth)
        widths[name] = clamped
        return clamped
    }

    /// Adds the JSON column `path` (`json(body).address.city`) after the others; false when it
    /// is there already.
    @discardableResult
    package mutating func addJSONColumn(_ path: String) -> Bool {
        guard !jsonColumns.contains(path) else { return false }
        jsonColumns.append(path)
        return true
    }

    /// Takes the JSON column `path` away (with its pin and width); false when there was none.
    @discardableResult
    package mutating func removeJSONColumn(_ path: String) -> Bool {
        guard let at = jsonColumns.firstIndex(of: path) else { return false }
        jsonColumns.remove(at: at)
        pinned.removeAll { $0 == path }
        widths[path] = nil
        hidden.remove(path)
        return true
    }
}
