import Amigo
import AmigoTestSupport
import Foundation
import Testing

/// Shapes met in real files (Thunderbird, Anki, Firefox, Zotero): every file opens, unreadable
/// parts are marked, unknown collations get a stand-in, and undeclared links are inferred from
/// names only when the data agrees.
@Suite struct ReflectionRealWorldSpec {
    // MARK: Partial reflection

    @Test func aTableWithAnUnknownTokenizerIsListedWithItsReasonAndTheRestOfTheFileWorks() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE folders (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO folders VALUES (1, 'Inbox');
            CREATE VIRTUAL TABLE search USING fts5(subject, tokenize = 'porter');
            INSERT INTO search VALUES ('hello');
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = replace(sql, '''porter''', '''mozporter''') WHERE name = 'search';
            PRAGMA writable_schema = OFF;
            """)
        let amigo = try db.reflect()
        let search = try amigo.model(named: "search")
        #expect(search.table.unreadableReason?.contains("mozporter") == true)
        #expect(search.table.columns.isEmpty)
        #expect(amigo.reflectionWarnings.contains { $0.hasPrefix("table 'search' cannot be read:") && $0.contains("mozporter") })
        #expect(try amigo.query("folders").count() == 1)
    }

    @Test func aVirtualTableWithAnUnknownModuleIsListedWithItsReason() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE kept (id INTEGER PRIMARY KEY);
            PRAGMA writable_schema = ON;
            INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql)
                VALUES ('table', 'ghost', 'ghost', 0, 'CREATE VIRTUAL TABLE ghost USING nosuchmodule(a)');
            PRAGMA writable_schema = OFF;
            """)
        let amigo = try db.reflect()
        #expect(amigo.models.map(\.name) == ["ghost", "kept"])
        #expect(try amigo.model(named: "ghost").table.unreadableReason == "no such module: nosuchmodule")
        #expect(try amigo.query("kept").count() == 0)
    }

    // MARK: Unknown collations

    /// Anki's `tags`: `name TEXT COLLATE unicase`, with a unique index in that order.
    static let unicaseScript = """
        CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE UNIQUE);
        CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
        INSERT INTO tags VALUES (1, 'Alpha'), (2, 'beta'), (3, 'Gamma');
        INSERT INTO notes VALUES (1, 'x');
        PRAGMA writable_schema = ON;
        UPDATE sqlite_schema SET sql = replace(sql, 'COLLATE NOCASE', 'COLLATE unicase') WHERE name = 'tags';
        PRAGMA writable_schema = OFF;
        """

    @Test func anUnknownCollationGetsACaseInsensitiveStandInAndANotice() throws {
        let db = try SyntheticDatabase(Self.unicaseScript)
        let amigo = try db.reflect()
        #expect(amigo.reflectionWarnings.contains(
            "unknown collation 'unicase': a case-insensitive comparison (like NOCASE) stands in for it; tables using it are read-only"))
        let session = try amigo.openSession()
        #expect(try session.query("tags").filter("name = 'ALPHA'").count() == 1)
        #expect(try session.query("tags").orderBy("name").all().map { $0["name"].textValue } == ["Alpha", "beta", "Gamma"])
        #expect(amigo.engine.collationSubstitutes == [CollationSubstitute(name: "unicase", caseInsensitive: true)])
    }

    @Test func nothingIsWrittenToATableUsingAStandInCollation() throws {
        let db = try SyntheticDatabase(Self.unicaseScript)
        let amigo = try db.reflect()
        let engine = amigo.engine
        _ = try engine.fetchAll("SELECT * FROM tags WHERE name = 'beta'")
        #expect(throws: AmigoError.self) { try engine.execute("INSERT INTO tags (name) VALUES ('delta')", []) }
        #expect(throws: AmigoError.self) { try engine.execute("UPDATE tags SET name = 'B' WHERE id = 2", []) }
        #expect(try engine.int("SELECT count(*) FROM tags") == 3)
        // Other tables are written as usual.
        try engine.execute("INSERT INTO notes (body) VALUES ('y')", [])
        #expect(try engine.int("SELECT count(*) FROM notes") == 2)
    }

    @Test func standInsAreChosenByName() {
        #expect(CollationSubstitute.standIn(for: "unicase").caseInsensitive)
        #expect(CollationSubstitute.standIn(for: "utf8_general_ci").caseInsensitive)
        #expect(CollationSubstitute.standIn(for: "MyNoCase").caseInsensitive)
        #expect(!CollationSubstitute.standIn(for: "mozporter_order").caseInsensitive)
    }

    // MARK: Inferred relationships

    @Test func aPrefixedPluralSchemaLikeFirefoxGetsItsLinksInferred() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT, title TEXT);
            CREATE TABLE moz_historyvisits (id INTEGER PRIMARY KEY, place_id INTEGER, visit_date INTEGER);
            CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, parent INTEGER, title TEXT);
            INSERT INTO moz_places VALUES (1, 'https://a.example', 'A'), (2, 'https://b.example', 'B');
            INSERT INTO moz_historyvisits VALUES (1, 1, 100), (2, 1, 200), (3, 2, 300), (4, NULL, 400);
            INSERT INTO moz_bookmarks VALUES (1, NULL, 'root'), (2, 1, 'menu'), (3, 2, 'item');
            """)
        let amigo = try db.reflect()
        let place = try amigo.model(named: "moz_historyvisits").require("place")
        #expect(place.isInferred && place.kind == .toOne && place.target.name == "moz_places")
        #expect(place.summary.hasSuffix(", inferred"))
        let visits = try amigo.model(named: "moz_places").require("moz_historyvisits")
        #expect(visits.isInferred && visits.kind == .oneToMany)
        #expect(try amigo.model(named: "moz_bookmarks").require("moz_bookmark").target.name == "moz_bookmarks")
        let session = try amigo.openSession()
        #expect(try session.query("moz_historyvisits").filter("place.url = 'https://a.example'").count() == 2)
        #expect(try session.query("moz_places").filter("moz_historyvisits.@count >= 2").count() == 1)
        let a = try #require(try session.query("moz_places").get(1))
        #expect(try session.relatedCountsByName(of: a)["moz_historyvisits"] == 2)
    }

    /// A file whose key-like names lie: `message_id` holds a value with no message, and
    /// Thunderbird's `headerMessageID` holds message-id strings.
    static let misleadingScript = """
        CREATE TABLE messages (id INTEGER PRIMARY KEY, subject TEXT, headerMessageID TEXT);
        CREATE TABLE threads (id INTEGER PRIMARY KEY, message_id INTEGER, folder_id INTEGER);
        CREATE TABLE folders (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE empty_links (id INTEGER PRIMARY KEY, folder_id INTEGER);
        INSERT INTO folders VALUES (1, 'Inbox'), (2, 'Sent');
        INSERT INTO messages VALUES (1, 'hi', '<a@example.org>'), (2, 're: hi', '<b@example.org>');
        INSERT INTO threads VALUES (1, 1, 1), (2, 2, 2), (3, 99, 1);
        INSERT INTO empty_links VALUES (1, NULL);
        """

    @Test func aCandidateWhoseValuesAreNotAllKeysOfTheParentIsNotInferred() throws {
        let db = try SyntheticDatabase(Self.misleadingScript)
        let amigo = try db.reflect()
        let threads = try amigo.model(named: "threads")
        #expect(threads.relationship(named: "message") == nil)
        #expect(threads.relationshipSignatures == ["folder to-one → folders"])
        #expect(try amigo.model(named: "messages").relationships.isEmpty)
        // Only NULLs prove nothing.
        #expect(try amigo.model(named: "empty_links").relationships.isEmpty)
        let inferred = amigo.models.flatMap(\.relationships).filter { $0.isInferred && $0.kind == .toOne }
        #expect(inferred.map(\.summary) == ["folder: to-one → folders (threads.folder_id = folders.id), inferred"])
    }

    @Test func inferenceCanBeTurnedOffAndNeverChangesTheFile() throws {
        let db = try SyntheticDatabase(Self.misleadingScript)
        let before = fileContents(db.path)
        let off = try AmigoDatabase(reflecting: db.path, reflection: ReflectionOptions(inferRelationships: false))
        #expect(off.models.allSatisfy { $0.relationships.isEmpty })
        let on = try db.reflect()
        #expect(on.models.contains { !$0.relationships.isEmpty })
        #expect(fileContents(db.path) == before)
    }

    @Test func theNumberOfCandidatesCheckedIsCapped() throws {
        let db = try SyntheticDatabase(Self.misleadingScript)
        let amigo = try AmigoDatabase(reflecting: db.path, reflection: ReflectionOptions(inferenceCandidateLimit: 1))
        #expect(amigo.reflectionWarnings.contains { $0.hasPrefix("inferring links stopped after checking 1 candidates") })
    }

    @Test func threeLetterKeysLikeAnkisAreInferredOnlyWhereTheDataPointsAtOneTable() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT);
            CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER NOT NULL, ord INTEGER);
            CREATE TABLE col (id INTEGER PRIMARY KEY, crt INTEGER);
            CREATE TABLE revlog (id INTEGER PRIMARY KEY, cid INTEGER NOT NULL, ease INTEGER);
            INSERT INTO notes VALUES (1500000000001, 'a'), (1500000000002, 'b');
            INSERT INTO cards VALUES (1600000000001, 1500000000001, 0), (1600000000002, 1500000000002, 0);
            INSERT INTO col VALUES (1, 0);
            INSERT INTO revlog VALUES (1, 1600000000001, 3), (2, 1600000000002, 1);
            """)
        let amigo = try db.reflect()
        #expect(try amigo.model(named: "cards").relationshipSignatures == ["note to-one → notes", "revlogs one-to-many → revlog"])
        #expect(try amigo.model(named: "revlog").require("card").target.name == "cards")
    }

    // MARK: Junctions

    @Test func aUniqueIndexOverBothLinksAndAColumnOfItsOwnMakesAnEntityNotAJunction() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE syncObjectTypes (syncObjectTypeID INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE libraries (libraryID INTEGER PRIMARY KEY, type TEXT);
            CREATE TABLE syncDeleteLog (
                syncObjectTypeID INTEGER NOT NULL REFERENCES syncObjectTypes,
                libraryID INTEGER NOT NULL REFERENCES libraries,
                key TEXT NOT NULL, dateDeleted TEXT,
                UNIQUE (syncObjectTypeID, libraryID, key));
            INSERT INTO syncObjectTypes VALUES (1, 'item'), (2, 'collection');
            INSERT INTO libraries VALUES (1, 'user');
            INSERT INTO syncDeleteLog VALUES (1, 1, 'ABCD', '2024-01-01'), (2, 1, 'EFGH', '2024-01-02');
            """)
        let amigo = try db.reflect()
        #expect(try amigo.model(named: "libraries").relationships.allSatisfy { $0.kind != .manyToMany })
        #expect(try amigo.model(named: "syncObjectTypes").relationships.allSatisfy { $0.kind != .manyToMany })
        #expect(try amigo.model(named: "syncDeleteLog").relationships.map(\.kind) == [.toOne, .toOne])
    }

    // MARK: Chinook without its foreign keys

    /// Chinook's tables recreated with their columns and keys but no REFERENCES, data copied.
    static func chinookWithoutForeignKeys() throws -> SyntheticDatabase {
        let original = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(original) }
        let source = try SQLiteEngine(path: original)
        var script = "ATTACH DATABASE '\(original.replacingOccurrences(of: "'", with: "''"))' AS src;\n"
        for table in try source.column("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") {
            let name = table.textValue ?? ""
            let columns = try source.fetchAll("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid", [.text(name)]).rows
            let definitions = columns.map { c in
                "\"\(c[0].textValue!)\" \(c[1].textValue!)" + (c[2].integerValue == 1 ? " NOT NULL" : "")
            }
            let key = columns.filter { ($0[3].integerValue ?? 0) > 0 }.sorted { $0[3].integerValue! < $1[3].integerValue! }
                .map { "\"\($0[0].textValue!)\"" }
            script += "CREATE TABLE \"\(name)\" (\(definitions.joined(separator: ", ")), PRIMARY KEY (\(key.joined(separator: ", "))));\n"
            script += "INSERT INTO main.\"\(name)\" SELECT * FROM src.\"\(name)\";\n"
        }
        script += "DETACH DATABASE src;"
        return try SyntheticDatabase(script)
    }

    @Test func chinookWithoutItsForeignKeysGetsAllElevenLinksInferredBack() throws {
        let bare = try Self.chinookWithoutForeignKeys()
        let inferred = try bare.reflect()
        #expect(try inferred.engine.int("SELECT count(*) FROM pragma_foreign_key_list('Track')") == 0)
        let declared = try ReflectedCopy(.chinook)
        let toOne = inferred.models.flatMap(\.relationships).filter { $0.kind == .toOne }
        #expect(toOne.count == 11)
        #expect(toOne.allSatisfy { $0.isInferred })
        for model in declared.amigo.models {
            // The same relationships with the same names; to-one ones in column order rather than constraint order.
            let signatures = try inferred.model(named: model.name).relationshipSignatures
            #expect(signatures.sorted() == model.relationshipSignatures.sorted(), "\(model.name)")
        }
        let session = try inferred.openSession()
        #expect(try session.query("Track").filter("album.artist.Name = 'AC/DC'").count() == 18)
        #expect(try inferred.model(named: "Playlist").require("tracks").isInferred)
    }

    @Test func withoutInferenceChinookWithoutForeignKeysHasNoRelationships() throws {
        let bare = try Self.chinookWithoutForeignKeys()
        let amigo = try AmigoDatabase(reflecting: bare.path, reflection: ReflectionOptions(inferRelationships: false))
        #expect(amigo.models.allSatisfy { $0.relationships.isEmpty })
    }
}
