// ViewLoader: keys of JSON columns expanded into grid columns (`column json(body).address.city`), read per row and cached per view.

import Amigo

extension ViewLoader {
    // MARK: JSON columns

    /// Gives `view` the JSON columns its table's ``ColumnLayout`` lists now (none for a `sql`
    /// result), forgetting the values read for the ones it had when they changed.
    func syncJSONColumns(_ view: BrowseView) {
        let wanted = view.isModelView ? columnLayouts[ColumnControl.layoutKey(of: view)].jsonColumns : []
        guard wanted != view.jsonColumns else { return }
        view.jsonColumns = wanted
        view.jsonValues = [:]
        view.columnWidths = [:]
    }

    /// The values of `view`'s JSON columns in `record`, its row `index` (cached in the view):
    /// each read by the row's key as a filter reads it (``Query/value(at:)``, through the
    /// dialect), NULL where the column holds no valid JSON or the key is not there. A view
    /// without a key (a database view) has no way back to one row: NULL there.
    func jsonColumnValues(of view: BrowseView, row index: Int, record: Record) throws -> [DatabaseValue] {
        guard !view.jsonColumns.isEmpty, let model = view.model else { return [] }
        if let known = view.jsonValues[index], known.count == view.jsonColumns.count { return known }
        guard QueryRowSource.canReadAgainByKey(model) else { return view.jsonColumns.map { _ in .null } }
        let row = try database.session.query(model.name).havingKey(record.primaryKey)
        let values = try view.jsonColumns.map { try row.value(at: $0) }
        if view.jsonValues.count >= Self.jsonValuesKept {
            // Scrolled far: keep the rows around this one, as the window keeps its pages.
            view.jsonValues = view.jsonValues.filter { abs($0.key - index) < Self.jsonValuesKept / 2 }
        }
        view.jsonValues[index] = values
        return values
    }

    /// How many rows' JSON column values a view keeps at most (the rows around the cursor).
    static let jsonValuesKept = 1_000

    /// Checks that `path` is a key of a JSON column of `view`'s table (`json(body).address.city`)
    /// by reading it once, and gives it in the filter language's own spelling.
    ///
    /// - Throws: ``ShellError/jsonColumn(path:reason:)`` when it is not such a path, or names
    ///   no column of the table.
    func checkedJSONColumn(_ path: String, of view: BrowseView) throws -> String {
        guard let model = view.model else { throw ShellError.sqlResult(command: "column", instead: "has no JSON columns to expand; open a table") }
        let parsed: (column: [String], steps: [JSONPathStep])?
        do { parsed = try FilterParser.jsonPath(path) } catch { throw ShellError.jsonColumn(path: path, reason: "\(error)") }
        guard let (column, steps) = parsed else {
            throw ShellError.jsonColumn(path: path, reason: "a JSON column is written json(COLUMN).key, as in json(body).address.city")
        }
        let text = FilterParser.jsonPathText(column: column, steps: steps)
        do {
            _ = try database.session.query(model.name).limit(1).value(at: text)
        } catch let error as AmigoError {
            throw ShellError.jsonColumn(path: text, reason: error.description)
        }
        return text
    }
}
