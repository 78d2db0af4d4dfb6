// Explorer: what it forwards to the describers, the exporter, the entity page and the clipboard.

import Amigo

extension Explorer {
    // MARK: Texts

    /// `row 1 of 3503 · filter … · order …`.
    package var statusSummary: String { ViewDescriber(navigator: navigator).statusSummary }
    /// The current row shown vertically (`v`).
    package func currentRowDetail() throws -> String { try ViewDescriber(navigator: navigator).currentRowDetail() }
    /// A row shown vertically: one `column: value` line per column, foreign keys with their label.
    package func detailText(_ record: Record) -> String { ViewDescriber(navigator: navigator).detailText(record) }
    /// rows, non-null values, distinct values, nulls, min, max, sum and avg of a column of the current view.
    package func statsText(_ column: String) throws -> String { try ViewDescriber(navigator: navigator).statsText(column) }
    /// The names of `table`'s indexes, or of every table's.
    package func indexNames(of table: String?) throws -> [String] { try SchemaDescriber(database: database).indexNames(of: table) }
    /// DDL, keys, indexes and relationships of `table`, or of every table.
    package func schemaText(_ table: String?) throws -> String { try SchemaDescriber(database: database).schemaText(table) }
    /// The command list, or one command's line (``HelpText``).
    package func helpText(_ topic: String?) -> String { HelpText.text(topic) }
    /// The graph of the file's tables as they are now.
    package func schemaGraph() throws -> SchemaGraph { try tableList.schemaGraph() }

    // MARK: Export

    /// Writes every row of the current view to `path` (a diagram format: the map); returns the row count.
    package func export(format: Command.ExportFormat, to path: String, force: Bool = false, header: Bool = true) throws -> Int {
        try exporter.export(format: format, to: path, force: force, header: header)
    }
    /// Writes every row of the current view through `writer`; returns the row count.
    @discardableResult
    package func writeView(_ writer: RowWriter, limit: Int? = nil) throws -> Int { try exporter.writeView(writer, limit: limit) }
    /// Writes the map of the file as a Mermaid or DOT diagram to `path`; returns the number of tables drawn.
    package func exportDiagram(format: Command.ExportFormat, to path: String, force: Bool = false) throws -> Int {
        try exporter.exportDiagram(format: format, to: path, force: force)
    }
    /// Writes the current row nested `depth` deep to `path`; returns what was written.
    package func exportEntity(to path: String, depth: Int, force: Bool = false) throws -> String {
        try exporter.exportEntity(to: path, depth: depth, force: force)
    }

    // MARK: The current row's page and clipping

    /// The page of the current row (`p`, `page`).
    package func currentPage() throws -> EntityPage { try navigator.currentPage() }
    /// Goes where a line of a page leads.
    package func go(to target: EntityPageText.Target) throws { try navigator.go(to: target) }
    /// The clipping of the current cell or row, every value whole.
    package func clipping(_ scope: Clipping.Scope) throws -> Clipping { try navigator.clipping(scope) }
}
