import Amigo

extension Explorer {
    /// `path TABLE [KEY]`: how the current table is related to `table` (``RelationshipPathsText``);
    /// with `key`, the rows linking the current row to that row of `table`.
    ///
    /// - Throws: ``ShellError/noView(command:)`` with no table open; an unknown table's error
    ///   (naming the nearest); ``ShellError/keyLookup(command:reason:)`` when `table`'s key is not
    ///   one column; ``ShellError/noCurrentRow(command:)`` when a key is given and no row is current.
    func relationshipPaths(to table: String, key: String?) throws -> (output: String, status: String) {
        guard let source = current?.model else { throw ShellError.noView(command: "path") }
        let target = try navigator.modelNamed(table, command: "path")
        var row: Record?
        var value: DatabaseValue?
        if let key {
            guard let keyColumn = target.primaryKey else {
                throw ShellError.keyLookup(command: "path", reason: "\(target.name)'s key is not one column, so a row of it cannot be named here; path \(target.name) lists the chains")
            }
            guard let record = try currentRecord() else { throw ShellError.noCurrentRow(command: "path") }
            row = record
            value = ValueText.parse(CommandParser.unquote(key), for: keyColumn)
        }
        return try RelationshipPathsText(session: session, label: LabelColumn.label(of:))
            .text(from: source, to: target, row: row, key: value)
    }
}
