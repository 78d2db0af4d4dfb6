import Amigo

extension Explorer {
    /// Writes the map of the file (``schemaGraph()``) as a Mermaid `erDiagram` or a Graphviz
    /// `digraph` to `path` (`-`: standard output), complete or not at all, with the guards of
    /// ``export(format:to:force:header:)``; returns the number of tables drawn.
    ///
    /// - Throws: ``ShellError/usage(command:usage:)`` for a format that is not a diagram;
    ///   ``ShellError/cannotWrite(path:reason:)`` and the other errors of ``OutputFile``.
    public func exportDiagram(format: Command.ExportFormat, to path: String, force: Bool = false) throws -> Int {
        let graph = try schemaGraph()
        let text: String
        switch format {
        case .mermaid: text = MermaidDiagram.text(graph)
        case .dot: text = DotDiagram.text(graph)
        case .csv, .json: throw ShellError.usage(command: "export", usage: "export mermaid|dot FILE (a map of the file)")
        }
        let file = try OutputFile.open(path, databasePath: databaseFile, standardOutput: standardOutputWriter,
                                       force: force, replacing: true, command: "export")
        defer { file.close() }
        try file.write(text)
        try file.commit()
        return graph.nodes.count
    }
}
