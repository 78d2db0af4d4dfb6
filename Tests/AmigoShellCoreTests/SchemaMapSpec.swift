import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// The map of the whole file: `map` in text mode, `m` in the UI, and `export mermaid|dot`, which
/// render without edits.
@Suite struct SchemaMapSpec {
    /// An explorer over a file whose names need quoting: spaces, a double quote, a leading digit,
    /// a Mermaid word, and an inferred link (`artist_id` → `artist.id`, not declared).
    private func oddlyNamed() throws -> Explorer {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE "order items" (id INTEGER PRIMARY KEY, "the order" INTEGER REFERENCES "2024 orders" (id));
            CREATE TABLE "2024 orders" (id INTEGER PRIMARY KEY, "to" INTEGER REFERENCES "to" (id));
            CREATE TABLE "to" (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE "say ""hi"" 100%" (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES "to" (id));
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE song (id INTEGER PRIMARY KEY, artist_id INTEGER);
            INSERT INTO artist VALUES (1, 'x');
            INSERT INTO song VALUES (1, 1), (2, 1);
            """)
        return try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "odd")
    }

    @Test func mapPrintsEveryTableWithItsCountAndEveryRelationshipInBothDirections() throws {
        let f = try ChinookFixture()
        let text = try f.explorer.run("map").output
        // Exactly as printed: a box per table, arrows by kind, the name follow takes at the right.
        #expect(text.hasPrefix("""
            ╭─ Album · 347 rows ────────╮
            │ → Artist (to-one)  artist │
            │ ⇉ Track (to-many)  tracks │
            ╰───────────────────────────╯
            ╭─ Artist · 275 rows ───────╮
            │ ⇉ Album (to-many)  albums │
            ╰───────────────────────────╯
            """))
        #expect(text.contains("""
            ╭─ Playlist · 18 rows ──────────────────────╮
            │ ⇉ PlaylistTrack (to-many)  playlistTracks │
            │ ⇄ Track via PlaylistTrack  tracks         │
            ╰───────────────────────────────────────────╯
            ╭─ PlaylistTrack · 8715 rows · junction ──╮
            │ → Playlist (to-one)  playlist           │
            │ → Track (to-one)     track              │
            ╰─────────────────────────────────────────╯
            """))
        // Every relationship the reflection found is on the map, under its table.
        for model in f.amigo.models {
            for relationship in model.relationships {
                #expect(text.contains(" " + relationship.target.name + " ") && text.contains(relationship.name),
                        "\(model.name).\(relationship.name) is not on the map")
            }
        }
        #expect(try f.explorer.execute(.map).status == "map: 11 tables, 13 links")
    }

    @Test func theGraphHasOneEdgePerForeignKeyAndOnePerJunction() throws {
        let f = try ChinookFixture()
        let graph = try f.explorer.schemaGraph()
        let foreignKeys = try #require(try f.scalar("""
            SELECT count(*) FROM sqlite_master m, pragma_foreign_key_list(m.name) WHERE m.type = 'table'
            """))
        #expect(graph.edges.filter { $0.kind != .manyToMany }.count == foreignKeys)
        #expect(graph.edges.filter { $0.kind == .manyToMany }.map { "\($0.from)-\($0.to) via \($0.junction ?? "")" }.sorted()
                == ["Invoice-Track via InvoiceLine", "Playlist-Track via PlaylistTrack"])
        #expect(graph.nodes.filter(\.isJunction).map(\.name) == ["InvoiceLine", "PlaylistTrack"])
        #expect(graph.node(named: "Track")?.countText == "3503 rows")
    }

    /// Mermaid's ER grammar for the lines the diagram writes: an entity with a quoted label, or
    /// `A cardinality--cardinality B : "label"` (`..` when not identifying).
    static var entityLine: Regex<Substring> { #/^    [A-Za-z_][A-Za-z0-9_]*\["[^"%\n]*"\]$/# }
    static var relationshipLine: Regex<(Substring, Substring, Substring, Substring, Substring, Substring)> { #/^    ([A-Za-z_][A-Za-z0-9_]*) (\|o|\|\||\}o|\}\|)(--|\.\.)(o\||\|\||o\{|\|\{) ([A-Za-z_][A-Za-z0-9_]*) : "[^"%\n]*"$/# }

    @Test func mermaidIsAnErDiagramWhoseEveryLineFollowsTheGrammar() throws {
        for explorer in [try ChinookFixture().explorer, try oddlyNamed()] {
            let text = try explorer.run("export mermaid -", standardOutput: true)
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.first == "erDiagram")
            let graph = try explorer.schemaGraph()
            #expect(lines.dropFirst().filter { $0.wholeMatch(of: Self.entityLine) != nil }.count == graph.nodes.count)
            let relationships = lines.dropFirst().compactMap { $0.wholeMatch(of: Self.relationshipLine) }
            #expect(relationships.count == graph.edges.count)
            #expect(lines.count == 1 + graph.nodes.count + graph.edges.count, "a line outside the grammar:\n\(text)")
            // Keywords of the grammar are never entity names.
            for match in relationships {
                #expect(!MermaidDiagram.reserved.contains(String(match.output.1).lowercased()))
                #expect(!MermaidDiagram.reserved.contains(String(match.output.5).lowercased()))
            }
        }
        let odd = try oddlyNamed().run("export mermaid -", standardOutput: true)
        #expect(odd.contains(#"    order_items["order items · 0 rows"]"#))
        #expect(odd.contains(#"    t_2024_orders["2024 orders · 0 rows"]"#))
        #expect(odd.contains(#"    t_to["to · 0 rows"]"#))
        #expect(odd.contains(#"    say__hi__100_["say 'hi' 100٪ · 0 rows"]"#))
        #expect(odd.contains(#"    order_items }o--o| t_2024_orders : "theOrder""#))
        // Inferred: dotted, and said.
        #expect(odd.contains(#"    song }o..o| artist : "artist (inferred)""#))
    }

    @Test(.enabled(if: SchemaMapSpec.dot != nil, "graphviz is not installed (scripts/install-deps installs it)"))
    func dotRendersWithGraphvizForChinookAndForOddNames() throws {
        for explorer in [try ChinookFixture().explorer, try oddlyNamed()] {
            let text = try explorer.run("export dot -", standardOutput: true)
            #expect(text.hasPrefix("digraph schema {\n"))
            let svg = try Self.render(text)
            #expect(svg.status == 0, "dot -Tsvg failed: \(svg.errors)\n\(text)")
            #expect(svg.output.contains("<svg"))
            for node in try explorer.schemaGraph().nodes {
                let shown = node.name.replacingOccurrences(of: "\"", with: "&quot;")
                #expect(svg.output.contains(shown), "\(node.name) is not drawn")
            }
        }
        let odd = try oddlyNamed().run("export dot -", standardOutput: true)
        #expect(odd.contains(#"  "say \"hi\" 100%" [label="say \"hi\" 100%\n0 rows"];"#))
        #expect(odd.contains(#""song" -> "artist" [label="artist (inferred)", dir=both, arrowtail=crow, arrowhead=teeodot, style=dashed];"#))
    }

    @Test func exportWritesTheDiagramToAFileWithoutAnOpenTable() throws {
        let f = try ChinookFixture()
        let path = TemporaryFile.path("map", ext: "mmd")
        defer { TemporaryFile.remove(path) }
        let result = try f.explorer.run("export mermaid \(path)")
        #expect(result.output == "wrote a mermaid map of 11 tables to \(path)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("erDiagram\n    Album[\"Album · 347 rows\"]\n"))
        #expect(throws: ShellError.self) {
            try f.explorer.run("export dot \(f.path)")
        }
    }

    // MARK: The UI

    @Test func mOpensTheMapLaidOutToTheWidthWithTheCursorOnTheCurrentTable() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.open("Genre")
        _ = app.handle(.char("m"))
        guard case .schemaMap(let browser) = app.overlay else { Issue.record("no map: \(app.overlay)"); return }
        #expect(browser.currentTable == "Genre")
        let wide = app.render(width: 160, height: 50).text()
        #expect(wide.contains("Map — 11 tables, 13 links"))
        // Side by side: Album and Artist share a line when 160 columns fit several boxes.
        #expect(wide.split(separator: "\n").contains { $0.contains("Album · 347 rows") && $0.contains("Artist · 275 rows") })
        let narrow = app.render(width: 60, height: 30)
        #expect(narrow.text().split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 60 })
        #expect(narrow.text().contains("Genre · 25 rows"))    // scrolled to the cursor
        // → moves to the next table; Enter opens it.
        _ = app.handle(.right)
        _ = app.handle(.enter)
        guard case .none = app.overlay else { Issue.record("the map stayed open"); return }
        #expect(f.explorer.current?.title == "Invoice")
        #expect(app.focus == .grid)
    }

    @Test func theLayoutPutsAsManyBoxesSideBySideAsFitAndRemembersWhereEachStarts() {
        let boxes = [["╭─ a ─╮", "╰─────╯"], ["╭─ b ─╮", "│ x   │", "╰─────╯"], ["╭─ c ─╮", "╰─────╯"]]
        let two = SchemaMapLayout(boxes: boxes, width: 16)
        #expect(two.columns == 2)
        #expect(two.lines == ["╭─ a ─╮  ╭─ b ─╮", "╰─────╯  │ x   │", "         ╰─────╯", "╭─ c ─╮", "╰─────╯"])
        #expect(two.anchors.map { [$0.line, $0.column] } == [[0, 0], [0, 9], [3, 0]])
        #expect(SchemaMapLayout(boxes: boxes, width: 5).columns == 1)
    }

    @Test func theMapKeysMoveThroughTheTablesAndOtherKeysClose() {
        var browser = SchemaMapBrowser(graph: SchemaGraph(models: [], rowCounts: [:]))
        #expect(browser.currentTable == nil)
        #expect(browser.handle(.enter) == .close)
        let f = try? ChinookFixture()
        var chinook = SchemaMapBrowser(graph: (try? f?.explorer.schemaGraph()) ?? SchemaGraph(models: [], rowCounts: [:]))
        chinook.columnsDrawn = 3
        #expect(chinook.handle(.down) == .stay)
        #expect(chinook.currentTable == "Employee")
        #expect(chinook.handle(.char("G")) == .stay)
        #expect(chinook.currentTable == "Track")
        #expect(chinook.handle(.enter) == .open("Track"))
        #expect(chinook.handle(.escape) == .close)
        browser = chinook
        #expect(browser.handle(.char("q")) == .close)
    }

    // MARK: Helpers

    static let dot: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `dot -Tsvg` run on `text`.
    static func render(_ text: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(dot))
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}

extension Explorer {
    /// Runs `line` with standard output collected (what `export … -` writes) and returns it.
    func run(_ line: String, standardOutput: Bool) throws -> String {
        var collected = ""
        let previous = standardOutputWriter
        standardOutputWriter = { collected += $0 }
        defer { standardOutputWriter = previous }
        _ = try run(line)
        return collected
    }
}
