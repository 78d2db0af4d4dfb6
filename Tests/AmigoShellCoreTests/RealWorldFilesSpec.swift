import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// amigo-shell on shapes met in real files: every file opens, unreadable tables are marked with
/// their reason, unknown collations are announced, inferred links are used and marked.
@Suite struct RealWorldFilesSpec {
    /// An explorer over a file built from `script`; the file is deleted when this goes away.
    final class SyntheticFile {
        let path: String
        let explorer: Explorer

        init(_ script: String, reflection: ReflectionOptions = ReflectionOptions()) throws {
            path = TemporaryFile.path("real-world")
            try SQLiteEngine(path: path, options: OpenOptions(create: true)).executeScript(script)
            explorer = try Explorer(amigo: AmigoDatabase(reflecting: path, reflection: reflection), displayPath: "real-world.sqlite",
                                    reflection: reflection)
        }

        deinit {
            try? explorer.session.close()
            TemporaryFile.remove(path)
        }
    }

    @Test func aTableWithAnUnknownTokenizerIsMarkedAndExplainedWhileTheOthersOpen() throws {
        let file = try SyntheticFile("""
            CREATE TABLE folders (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO folders VALUES (1, 'Inbox');
            CREATE VIRTUAL TABLE search USING fts5(subject, tokenize = 'porter');
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = replace(sql, '''porter''', '''mozporter''') WHERE name = 'search';
            PRAGMA writable_schema = OFF;
            """)
        let explorer = file.explorer
        let tables = try explorer.run("tables").output
        #expect(tables.contains("search") && tables.contains("table, unreadable"))
        #expect(explorer.tables.first { $0.name == "search" }?.unreadableReason?.contains("mozporter") == true)
        #expect { try explorer.run("open search") } throws: { error in
            let text = "\(error)"
            return text.contains("search cannot be read") && text.contains("mozporter") && !text.contains("\n")
        }
        let schema = try explorer.run("schema search").output
        #expect(schema.split(separator: "\n").last?.hasPrefix("-- cannot be read: ") == true && schema.contains("mozporter"))
        #expect(try explorer.run("open folders").output.contains("Inbox"))
    }

    @Test func anUnknownCollationIsAnnouncedOnceAndItsTableFiltersAndSorts() throws {
        let file = try SyntheticFile("""
            CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE UNIQUE);
            INSERT INTO tags VALUES (1, 'Alpha'), (2, 'beta'), (3, 'Gamma');
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = replace(sql, 'COLLATE NOCASE', 'COLLATE unicase') WHERE name = 'tags';
            PRAGMA writable_schema = OFF;
            """)
        let explorer = file.explorer
        #expect(explorer.takeNotice() == "unknown collation 'unicase': a case-insensitive comparison (like NOCASE) stands in for it; tables using it are read-only")
        _ = try explorer.run("open tags")
        _ = try explorer.run("filter name = 'ALPHA'")
        #expect(explorer.current?.totalCount == 1)
        _ = try explorer.run("filter")
        _ = try explorer.run("order name desc")
        #expect(try explorer.values(in: 0..<3).map { $0[1] } == [.text("Gamma"), .text("beta"), .text("Alpha")])
        #expect(try explorer.run("stats name").output.contains("3"))
    }

    static let firefoxScript = """
        CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT, title TEXT);
        CREATE TABLE moz_historyvisits (id INTEGER PRIMARY KEY, place_id INTEGER, visit_date INTEGER);
        INSERT INTO moz_places VALUES (1, 'https://a.example', 'A'), (2, 'https://b.example', 'B');
        INSERT INTO moz_historyvisits VALUES (1, 1, 100), (2, 1, 200), (3, 2, 300);
        """

    @Test func inferredLinksAreFollowedCountedAndMarkedWithATilde() throws {
        let file = try SyntheticFile(Self.firefoxScript)
        let explorer = file.explorer
        _ = try explorer.run("open moz_places")
        let relations = try explorer.run("relations").output
        #expect(relations.contains("~ one-to-many"))
        #expect(relations.contains(Explorer.inferredLegend))
        _ = try explorer.run("follow moz_historyvisits")
        #expect(explorer.current?.totalCount == 2)
        // In the grid, the inferred link's column is marked `~→` (a declared one `→`).
        let grid = ShellApp(explorer: explorer).render(width: 160, height: 30)
        let header = (0..<grid.height).map(grid.line).first { $0.contains("place_id") } ?? ""
        #expect(header.contains("place_id~→"), "\(header)")
        #expect(try explorer.run("schema moz_historyvisits").output.contains("-- relationship: place: to-one → moz_places (moz_historyvisits.place_id = moz_places.id), inferred"))
        _ = try explorer.run("open moz_places")
        _ = try explorer.run("filter moz_historyvisits.@count >= 2")
        #expect(explorer.current?.totalCount == 1)
    }

    @Test func noInferLeavesOnlyDeclaredLinks() throws {
        let file = try SyntheticFile(Self.firefoxScript, reflection: ReflectionOptions(inferRelationships: false))
        _ = try file.explorer.run("open moz_places")
        #expect(try file.explorer.run("relations").output.contains("(no relationships"))
    }

    @Test func labelsSkipNullAndTellEqualLabelsApartByTheKey() throws {
        let file = try SyntheticFile("""
            CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, code TEXT);
            CREATE TABLE lines (id INTEGER PRIMARY KEY, product_id INTEGER REFERENCES products);
            INSERT INTO products VALUES (1, 'product', 'A1'), (8, 'product', 'B2'), (3, NULL, 'C3');
            INSERT INTO lines VALUES (1, 1), (2, 8), (3, 3);
            """)
        let explorer = file.explorer
        _ = try explorer.run("open lines")
        let labels = explorer.foreignKeyLabels(column: 1, rows: try explorer.values(in: 0..<3))
        #expect(labels[.integer(1)] == "product (1)")
        #expect(labels[.integer(8)] == "product (8)")
        #expect(labels[.integer(3)] == "C3")
    }
}

/// A file whose schema has a damaged entry still opens: read-only, the damaged table listed and
/// explained, every other table browsable.
@Suite struct DamagedSchemaSpec {
    @Test func aDamagedSchemaEntryIsListedAsUnreadableAndTheRestOpensReadOnly() throws {
        let path = TemporaryFile.path("damaged-schema")
        defer { TemporaryFile.remove(path) }
        do {
            let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
            try engine.executeScript("""
                CREATE TABLE good (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO good VALUES (1, 'x');
                CREATE TABLE bad (id INTEGER PRIMARY KEY);
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = 'CREATE TABLE bad (id INTEGER PRIMARY KEY, ' WHERE name = 'bad';
                PRAGMA writable_schema = OFF;
                """)
        }
        let before = FileManager.default.contents(atPath: path)
        #expect(throws: AmigoError.self) { _ = try SQLiteEngine(path: path) }
        let amigo = try AmigoDatabase(reflecting: path)
        #expect(amigo.engine.isReadOnly)
        #expect(amigo.reflectionWarnings.first?.hasPrefix("the schema is damaged (malformed database schema (bad)") == true)
        #expect(try amigo.model(named: "bad").table.unreadableReason == "SQLite cannot parse its definition")
        let explorer = try Explorer(amigo: amigo, displayPath: "damaged")
        #expect(explorer.takeNotice()?.hasPrefix("the schema is damaged") == true)
        _ = try explorer.run("open good")
        #expect(try explorer.run("count").output == "1")
        #expect(throws: (any Error).self) { try explorer.run("open bad") }
        try? explorer.session.close()
        #expect(FileManager.default.contents(atPath: path) == before)
    }
}
