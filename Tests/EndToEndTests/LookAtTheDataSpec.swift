import Foundation
import Testing

/// Looking at the data in the real binary: value frequencies with `F`, a facet with Enter.
@Suite("amigo-shell: look at the data (tmux)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct LookAtTheDataSpec {
    @Test("F shows a column's values by frequency with bars; Enter keeps the rows with one; Backspace takes it back")
    func frequencies() async throws {
        let workspace = try Workspace("freq")
        let tmux = try await launch("amigo-freq", workspace)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Track")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Track open") { $0.statusLine.hasPrefix("row 1 of 3503") }
        try tmux.sendKeys("l", "l", "l", "l", "F")   // to GenreId
        try await tmux.waitForAll("Enter keeps the rows with this value · Esc closes", "Frequencies of GenreId — 3503 rows · 25 distinct values", "1297   37.0%  ████████████████████")
        try tmux.sendKeys("j", "Enter")
        try await tmux.waitUntil("the facet applied") { $0.statusLine.hasPrefix("row 1 of 579") }
        try tmux.sendKeys("BSpace")
        try await tmux.waitUntil("back to every row") { $0.statusLine.hasPrefix("row 1 of 3503") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("Tab completes a relationship in a filter path up to its dot, with no space after it, so the path goes on")
    func pathCompletionStopsAtTheDot() async throws {
        let workspace = try Workspace("path-completion")
        let tmux = try await launch("amigo-pathcomp", workspace)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Track")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Track open") { $0.statusLine.hasPrefix("row 1 of 3503") }
        try tmux.sendKeys("/")
        // `invoiceLines` is the only name starting so (a to-one would share its start with its key column).
        try tmux.sendLiteral("invoiceL")
        try tmux.sendKeys("Tab")
        try await tmux.waitUntil("the path completed to its dot") { $0.promptLine == "filter> invoiceLines." }
        try tmux.sendLiteral("Quantity = 1")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("the filter along the path") { $0.statusLine.hasPrefix("row 1 of 1984") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("Tab after JOIN in sql text offers join clauses built from the relationships; a unique one is inserted whole")
    func sqlCompletion() async throws {
        let workspace = try Workspace("sql-completion")
        let tmux = try await launch("amigo-sqlcomp", workspace)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("sql SELECT * FROM Album a JOIN Ar")
        try tmux.sendKeys("Tab")
        try await tmux.waitUntil("the join completed") { $0.promptLine == ":sql SELECT * FROM Album a JOIN Artist" }
        try tmux.sendKeys("C-u")
        try tmux.sendLiteral("sql SELECT * FROM Track t JOIN Pla")
        try tmux.sendKeys("Tab")
        let screen = try await tmux.waitUntil("the candidates listed") { $0.statusLine.contains("completions: Playlist") }
        #expect(screen.statusLine.contains("PlaylistTrack ON PlaylistTrack.TrackId = t.TrackId"), "\(screen.statusLine)")
        #expect(screen.promptLine == ":sql SELECT * FROM Track t JOIN Playlist")
        try tmux.sendKeys("Escape", "q")
        #expect(try await tmux.rc() == 0)
    }
}

/// The map of the whole file in the real binary: `m` in the UI, `map` and `export dot|mermaid` in text mode.
@Suite("amigo-shell: the map of the file", .serialized)
struct SchemaMapEndToEndSpec {
    @Test("m draws every table as a box with its count, side by side; → moves; Enter opens the table under the cursor",
          .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
    func mapOverlay() async throws {
        let workspace = try Workspace("map")
        let tmux = try TmuxSession(socket: "amigo-map", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"),
                       width: 160, height: 45)
        try await tmux.waitUntil("the tables listed") { $0.contains("PlaylistTrack       8715") }
        try tmux.sendKeys("m")
        try await tmux.waitUntil("the whole map") { screen in
            screen.contains("Map — 11 tables, 13 links") && screen.contains("←→ tables · ↑↓ rows · Enter opens · Esc closes")
                && screen.lines.contains { $0.contains("Album · 347 rows") && $0.contains("Artist · 275 rows") }
                && screen.contains("⇄ Track via PlaylistTrack")
        }
        try tmux.sendKeys("Right", "Enter")     // Album → Artist
        try await tmux.waitUntil("Artist open") { $0.statusLine.hasPrefix("row 1 of 275") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("export dot - renders with Graphviz; map and export mermaid - print the same tables",
          .enabled(if: Fixture.executable(named: "dot") != nil, "graphviz is not installed (scripts/install-deps)"))
    func exports() throws {
        let workspace = try Workspace("map-export")
        let binary = try Fixture.binary()
        let dot = try ProcessRunner.run(binary, [workspace.database, "-c", "export dot -"])
        #expect(dot.status == 0)
        let svg = try ProcessRunner.run(try #require(Fixture.executable(named: "dot")), ["-Tsvg"], stdin: dot.stdout)
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains("PlaylistTrack"))
        let mermaid = try ProcessRunner.run(binary, [workspace.database, "-c", "export mermaid -"])
        #expect(mermaid.stdout.hasPrefix("erDiagram\n"))
        #expect(mermaid.stdout.contains(#"    Playlist }o--o{ Track : "tracks via PlaylistTrack""#))
        let map = try ProcessRunner.run(binary, [workspace.database, "-c", "map"])
        #expect(map.stdout.contains("╭─ Track · 3503 rows ─"))
        #expect(workspace.databaseIsUnchanged)
    }
}

/// One page per entity in the real binary: `p` in the UI, `page` and `export json --depth N` in text mode.
@Suite("amigo-shell: one page per entity", .serialized)
struct EntityPageEndToEndSpec {
    @Test("p shows the row's to-one chain and its to-manys with counts; Enter on a line follows it",
          .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
    func pageOverlay() async throws {
        let workspace = try Workspace("page")
        let tmux = try await launch("amigo-page", workspace)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Track")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Track open") { $0.statusLine.hasPrefix("row 1 of 3503") }
        try tmux.sendKeys("p")
        try await tmux.waitForAll(EntityPageEndToEndSpec.footer, "album → For Those About To Rock We Salute You → artist → AC/DC", "playlists · many-to-many via PlaylistTrack · 3 rows")
        try tmux.sendKeys("Enter")                     // the album
        try await tmux.waitUntil("the album followed") { $0.statusLine.hasPrefix("row 1 of 1") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    /// What the page's bottom border says (EntityPageBrowser.footer).
    static let footer = "↑↓ links · PgUp PgDn · Enter follows · Esc closes"

    @Test("page prints the page; export json --depth 2 - is JSON that python3 parses",
          .enabled(if: Fixture.executable(named: "python3") != nil, "python3 is not installed"))
    func textMode() throws {
        let workspace = try Workspace("page-text")
        let binary = try Fixture.binary()
        let page = try ProcessRunner.run(binary, [workspace.database, "-c", "open Album", "-c", "page"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix("Album 1 \"For Those About To Rock We Salute You\"\n  artist → AC/DC\n"))
        #expect(page.stdout.contains("tracks · to-many · 10 rows\n"))
        let json = try ProcessRunner.run(binary, [workspace.database, "-c", "open Album", "-c", "export json --depth 2 -"])
        let python = try ProcessRunner.run(try #require(Fixture.executable(named: "python3")),
                                           ["-c", "import json,sys; d=json.load(sys.stdin); print(d['artist']['Name'], len(d['tracks']), d['tracks'][0]['genre']['Name'])"],
                                           stdin: json.stdout)
        #expect(python.status == 0, "\(python.stderr)")
        #expect(python.stdout == "AC/DC 10 Rock\n")
    }
}

/// Copy in the real binary: `y` and `Y` reach tmux's clipboard through OSC 52.
@Suite("amigo-shell: copy", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct CopyEndToEndSpec {
    @Test("y copies the cell and Y the row as TSV into tmux's buffer (set-clipboard on)")
    func copy() async throws {
        let workspace = try Workspace("copy")
        let tmux = try TmuxSession(socket: "amigo-copy", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"))
        try tmux.setOption("set-clipboard", "on")
        try await tmux.waitFor("Track         3503")
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Genre")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Genre open") { $0.statusLine.hasPrefix("row 1 of 25") }
        try tmux.sendKeys("l", "y")
        try await tmux.waitUntil("the cell copied") { $0.statusLine.contains("copied 4 characters: Name of Genre 1") }
        #expect(try await tmux.waitForBuffer { $0 == "Rock" } == "Rock")
        try tmux.sendKeys("j", "Y")
        try await tmux.waitUntil("the row copied") { $0.statusLine.contains("copied Genre 2 \"Jazz\" as TSV") }
        #expect(try await tmux.waitForBuffer { $0.hasPrefix("GenreId") } == "GenreId\tName\n2\tJazz\n")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("freq tracks.@count opens the box in buckets, the albums without tracks first; Enter keeps a bucket; a foreign key with its labels")
    func relatedCountBuckets() async throws {
        let workspace = try Workspace("freq-buckets")
        let tmux = try await launch("amigo-freq-buckets", workspace)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Album")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Album open") { $0.statusLine.hasPrefix("row 1 of 347") }
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("freq tracks.@count")
        try tmux.sendKeys("Enter")
        try await tmux.waitForAll("Frequencies of tracks.@count — 347 rows · 29 distinct counts",
                                  "0 (none)      0    0.0%", "11–20       166   47.8%  ████████████████████")
        try tmux.sendKeys("j", "j", "j", "j", "Enter")     // 11–20
        try await tmux.waitUntil("the bucket kept") { $0.statusLine.hasPrefix("row 1 of 166") }
        try tmux.sendKeys("BSpace")
        try await tmux.waitUntil("back to every album") { $0.statusLine.hasPrefix("row 1 of 347") }
        // A foreign key's values with their labels.
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("freq ArtistId")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("90 → Iron Maiden")
        try tmux.sendKeys("Escape", "q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("F on a column of millions of rows shows rows scanned, rate and Esc in the status line; Esc stops it and the UI goes on")
    func profileProgress() async throws {
        let workspace = try Workspace("freq-progress")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        let created = try ProcessRunner.run(sqlite3, [workspace.database,
            "CREATE TABLE Big (id INTEGER PRIMARY KEY, k TEXT); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) "
            + "INSERT INTO Big SELECT x, 'k' || (x * 7919 % 1000003) FROM c;"])
        #expect(created.status == 0)
        let tmux = try await launch("amigo-freq-progress", workspace)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Big")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Big open") { $0.statusLine.hasPrefix("row 1 of") }
        try tmux.sendKeys("l", "F")
        let screen = try await tmux.waitUntil("the progress", timeout: .seconds(20)) {
            $0.statusLine.contains("profiling k: ") && $0.statusLine.contains(" rows") && $0.statusLine.contains("Esc stops")
        }
        #expect(screen.statusLine.contains(" s · Esc stops"), "\(screen.statusLine)")
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("stopped") { $0.statusLine.contains("interrupted") }
        try tmux.sendKeys("j")
        try await tmux.waitUntil("the UI answers keys") { $0.statusLine.hasPrefix("row 2 of") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}

/// amigo-shell on the workspace's chinook.sqlite in a pane of its own, at its first screen.
private func launch(_ socket: String, _ workspace: Workspace) async throws -> TmuxSession {
    let tmux = try TmuxSession(socket: socket, directory: workspace.directory)
    try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"))
    try await tmux.waitFor("Track         3503")
    return tmux
}
