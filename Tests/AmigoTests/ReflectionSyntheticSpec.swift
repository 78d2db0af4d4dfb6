import Foundation
import Testing
@testable import Amigo

/// Reflection of small databases built by each test in a temporary file: the shapes the real
/// sample files lack (WITHOUT ROWID, no primary key, awkward names, BLOBs, generated columns, …).
@Suite struct ReflectionSyntheticSpec {
    // MARK: Keys

    @Test func withoutRowIDTablesAreKeyedByTheirPrimaryKeyOnly() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE setting (k TEXT NOT NULL, scope TEXT NOT NULL, v BLOB, PRIMARY KEY (scope, k)) WITHOUT ROWID /* ) */;
            CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0) without   rowid;
            CREATE TABLE plain (id TEXT PRIMARY KEY, note TEXT);
            INSERT INTO setting VALUES ('theme', 'user', 'dark'), ('theme', 'app', 'light'), ('font', 'app', NULL);
            INSERT INTO counter VALUES (1, 10), (2, 20);
            """)
        let amigo = try db.reflect()
        let setting = try amigo.model(named: "setting").table
        #expect(setting.withoutRowID)
        #expect(!setting.hasRowID)
        #expect(setting.primaryKey.map(\.label) == ["scope", "k"])
        let counter = try amigo.model(named: "counter").table
        #expect(counter.withoutRowID)
        #expect(!counter.hasIntegerPrimaryKey)   // INTEGER PRIMARY KEY is no rowid alias here
        #expect(try !amigo.model(named: "plain").table.withoutRowID)
        let session = try amigo.openSession()
        let recorder = EchoRecorder(amigo.engine.echo)
        let rows = try session.query("setting").orderBy("scope").orderBy("k").all()
        #expect(recorder.statements.last == #"SELECT "setting"."k", "setting"."scope", "setting"."v" FROM "setting" ORDER BY "setting"."scope" ASC, "setting"."k" ASC"#)
        #expect(rows.map(\.primaryKey) == [["app", "font"], ["app", "theme"], ["user", "theme"]])
        #expect(rows.allSatisfy { $0.rowID == nil })
        let theme = try #require(try session.query("setting").get(["user", "theme"] as [DatabaseValue]))
        #expect(theme["v"] == "dark")
        theme["v"] = "solarized"
        try session.add(theme)
        #expect(recorder.statements.last == #"UPDATE "setting" SET "v" = ? WHERE "scope" = ? AND "k" = ?"#)
        let added = try Record(amigo.model(named: "setting"), ["scope": "user", "k": "font", "v": "mono"])
        try session.add(added)
        try session.delete(try #require(try session.query("setting").get(["app", "font"] as [DatabaseValue])))
        #expect(recorder.statements.last == #"DELETE FROM "setting" WHERE "scope" = ? AND "k" = ?"#)
        // WITHOUT ROWID: an INTEGER PRIMARY KEY is not assigned by SQLite.
        let missingKey = #expect(throws: AmigoError.self) { try session.add(Record(amigo.model(named: "counter"), ["n": 3])) }
        #expect(databaseError(missingKey)?.message == "NOT NULL constraint failed: counter.id")
        try session.commit()
        let other = try db.secondConnection()
        #expect(try other.fetchAll("SELECT scope, k, v FROM setting ORDER BY scope, k").rows == [
            ["app", "theme", "light"], ["user", "font", "mono"], ["user", "theme", "solarized"],
        ])
        #expect(try other.int("SELECT COUNT(*) FROM counter") == 2)
    }

    @Test func compositePrimaryAndForeignKeys() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE shelf (room INTEGER NOT NULL, code TEXT NOT NULL, label TEXT, PRIMARY KEY (room, code));
            CREATE TABLE book (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                shelf_room INTEGER, shelf_code TEXT,
                FOREIGN KEY (shelf_room, shelf_code) REFERENCES shelf (room, code)
            );
            CREATE TABLE loan (
                id INTEGER PRIMARY KEY,
                room INTEGER, code TEXT,
                FOREIGN KEY (room, code) REFERENCES shelf
            );
            INSERT INTO shelf VALUES (1, 'A', 'fiction'), (1, 'B', 'poetry'), (2, 'A', 'history');
            INSERT INTO book VALUES (1, 'Dune', 1, 'A'), (2, 'Emma', 1, 'A'), (3, 'Odes', 1, 'B'), (4, 'Loose', NULL, NULL);
            INSERT INTO loan VALUES (1, 2, 'A');
            """)
        let amigo = try db.reflect()
        #expect(amigo.reflectionWarnings.isEmpty)
        let shelf = try amigo.model(named: "shelf")
        #expect(shelf.table.primaryKey.map(\.label) == ["room", "code"])
        #expect(try amigo.model(named: "book").relationshipSignatures == ["shelf to-one → shelf"])
        // REFERENCES shelf without columns means shelf's primary key.
        let loanShelf = try amigo.model(named: "loan").require("shelf")
        #expect(loanShelf.targetColumns.map(\.label) == ["room", "code"])
        #expect(shelf.relationshipSignatures == ["books one-to-many → book", "loans one-to-many → loan"])
        let session = try amigo.openSession()
        #expect(try session.query("book").filter("shelf.label = 'fiction'").orderBy("id").all().map { $0["title"] } == ["Dune", "Emma"])
        #expect(try session.query("book").orderBy("shelf.label").orderBy("title").all().map { $0["title"] } == ["Loose", "Dune", "Emma", "Odes"])
        let odes = try #require(try session.query("book").selectRelated("shelf").get(3))
        #expect(odes.relatedRecord("shelf")?.primaryKey == [1, "B"])
        #expect(try session.query("book").selectRelated("shelf").get(4)?.relatedRecord("shelf") == nil)
        let fiction = try #require(try session.query("shelf").get([1, "A"] as [DatabaseValue]))
        #expect(try session.relatedCountsByName(of: fiction) == ["books": 2, "loans": 0])
        #expect(try session.query("shelf").filter("books.title = 'Odes'").all().map(\.primaryKey) == [[1, "B"]])
        #expect(try session.query("shelf").filter("books = nil").all().map(\.primaryKey) == [[2, "A"]])
        // Moving a book to another shelf: both key columns are written.
        let dune = try #require(try session.query("book").get(1))
        dune["shelf_room"] = 2
        try session.update(dune, columns: ["shelf_room"])
        #expect(try session.relatedCountsByName(of: fiction) == ["books": 1, "loans": 0])
        // The composite foreign key is enforced by SQLite (foreign_keys is on).
        dune["shelf_code"] = "Z"
        let violation = #expect(throws: AmigoError.self) { try session.update(dune, columns: ["shelf_code"]) }
        #expect(databaseError(violation)?.message == "FOREIGN KEY constraint failed")
        fiction["label"] = "novels"
        try session.add(fiction)
        try session.commit()
        #expect(try db.secondConnection().fetchAll("SELECT label FROM shelf WHERE room = 1 AND code = 'A'").rows == [["novels"]])
    }

    @Test func aTableWithoutPrimaryKeyIsKeyedByItsRowID() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE log (message TEXT, level INTEGER);
            INSERT INTO log VALUES ('start', 1), ('warn', 2), ('stop', 1);
            """)
        let amigo = try db.reflect()
        let log = try amigo.model(named: "log")
        #expect(log.table.primaryKey.isEmpty)
        #expect(log.table.hasRowID)
        let session = try amigo.openSession()
        let recorder = EchoRecorder(amigo.engine.echo)
        let rows = try session.query("log").orderBy("rowid").all()
        #expect(recorder.statements.last == #"SELECT "log"."message", "log"."level", "log"."rowid" FROM "log" ORDER BY "log"."rowid" ASC"#)
        #expect(rows.map(\.rowID) == [1, 2, 3])
        #expect(rows.map(\.primaryKey) == [[1], [2], [3]])
        let warn = try #require(try session.query("log").get(2))
        #expect(warn.rowID == 2)
        #expect(warn["message"] == "warn")
        #expect(try session.query("log").filter("rowid > 1 AND level = 1").all().map { $0["message"] } == ["stop"])
        warn["level"] = 3
        try session.add(warn)
        #expect(recorder.statements.last == #"UPDATE "log" SET "message" = ?, "level" = ? WHERE rowid = ?"#)
        let added = try Record(log, ["message": "again", "level": 1])
        try session.add(added)
        #expect(added.rowID == 4)
        #expect(added.primaryKey == [4])
        try session.delete(try #require(try session.query("log").get(1)))
        #expect(recorder.statements.last == #"DELETE FROM "log" WHERE rowid = ?"#)
        try session.commit()
        #expect(try db.secondConnection().fetchAll("SELECT rowid, message, level FROM log ORDER BY rowid").rows == [
            [2, "warn", 3], [3, "stop", 1], [4, "again", 1],
        ])
        // A row that was never saved has no key: nothing to delete.
        let unsaved = Record(log)
        #expect(unsaved.primaryKey == [])
        try session.delete(unsaved)
        #expect(session.pendingChangeCount == 0)
    }

    @Test func aForeignKeyToATableWithoutPrimaryKeyIsAWarning() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE log (message TEXT);
            CREATE TABLE note (id INTEGER PRIMARY KEY, log_ref INTEGER REFERENCES log, other INTEGER REFERENCES log (rowid));
            """)
        let amigo = try db.reflect()
        #expect(amigo.reflectionWarnings == [
            "note: foreign key (log_ref) references 'log', which has no primary key",
            "note: foreign key (other) references missing column(s) of 'log' (rowid)",
        ])
        #expect(try amigo.model(named: "note").relationships.isEmpty)
        #expect(try amigo.model(named: "log").relationships.isEmpty)
    }

    // MARK: Names

    @Test func namesWithSpacesKeywordsAndQuotesAreQuotedInEveryStatement() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE "Group Table" ("key" INTEGER PRIMARY KEY, "where" TEXT NOT NULL);
            CREATE TABLE "order items" (
                "order" INTEGER PRIMARY KEY,
                "select" TEXT NOT NULL,
                "a""b" TEXT,
                "group" INTEGER REFERENCES "Group Table" ("key"),
                "From Here" REAL
            );
            CREATE TABLE "we""ird" ("x y" INTEGER PRIMARY KEY, "order items id" INTEGER REFERENCES "order items");
            INSERT INTO "Group Table" VALUES (1, 'north'), (2, 'south');
            INSERT INTO "order items" VALUES (1, 'one', 'q"1', 1, 1.5), (2, 'two', NULL, 2, NULL), (3, 'three', 'q"3', 1, 3.5);
            INSERT INTO "we""ird" VALUES (10, 1), (11, 3);
            """)
        let amigo = try db.reflect()
        #expect(amigo.models.map(\.name) == ["Group Table", "order items", "we\"ird"])
        #expect(amigo.reflectionWarnings.isEmpty)
        let items = try amigo.model(named: "order items")
        #expect(items.table.columns.map(\.label) == ["order", "select", "a\"b", "group", "From Here"])
        #expect(items.relationshipSignatures == ["groupTable to-one → Group Table", "weIrds one-to-many → we\"ird"])
        #expect(try amigo.model(named: "Group Table").relationshipSignatures == ["orderItems one-to-many → order items"])
        #expect(try amigo.model(named: "we\"ird").relationshipSignatures == ["orderItems to-one → order items"])
        let session = try amigo.openSession()
        let recorder = EchoRecorder(amigo.engine.echo)
        // Backquotes name columns in the filter language.
        let quoted = session.query("order items").filter("`a\"b` BEGINSWITH 'q' AND `select` != 'one'")
        #expect(try quoted.all().map { $0["order"] } == [3])
        #expect(recorder.statements.last == #"SELECT "order items"."order", "order items"."select", "order items"."a""b", "order items"."group", "order items"."From Here" FROM "order items" WHERE "order items"."a""b" GLOB ? AND "order items"."select" <> ?"#)
        #expect(try session.query("order items").filter("groupTable.`where` = 'north'").orderBy("-order").all().map { $0["order"] } == [3, 1])
        #expect(try session.query("order items").filter("`From Here` > 2").count() == 1)
        #expect(try session.query("order items").orderBy("a\"b").orderBy("order").all().map { $0["order"] } == [2, 1, 3])
        #expect(try session.query("we\"ird").filter("orderItems.`select` = 'three'").all().map { $0["x y"] } == [11])
        #expect(try session.query("Group Table").filter("orderItems.`a\"b` = 'q\"3'").all().map { $0["key"] } == [1])
        let first = try #require(try session.query("order items").selectRelated("groupTable").get(1))
        #expect(first.relatedRecord("groupTable")?["where"] == "north")
        #expect(try session.relatedCountsByName(of: first) == ["groupTable": 1, "weIrds": 1])
        // Insert (the INTEGER PRIMARY KEY "order" is assigned and written back), update, delete.
        let added = try Record(items, ["select": "four", "a\"b": "x\"y", "group": 2, "From Here": 4.5])
        try session.add(added)
        #expect(added["order"] == 4)
        #expect(recorder.statements.last == #"INSERT INTO "order items" ("select", "a""b", "group", "From Here") VALUES (?, ?, ?, ?)"#)
        added["select"] = "FOUR"
        try session.update(added, columns: ["select", "a\"b"])
        #expect(recorder.statements.last == #"UPDATE "order items" SET "select" = ?, "a""b" = ? WHERE "order" = ?"#)
        let weird = try #require(try session.query("we\"ird").get(10))
        try session.delete(weird)
        #expect(recorder.statements.last == #"DELETE FROM "we""ird" WHERE "x y" = ?"#)
        try session.commit()
        let other = try db.secondConnection()
        #expect(try other.fetchAll(#"SELECT "order", "select", "a""b" FROM "order items" WHERE "order" = 4"#).rows == [[4, "FOUR", "x\"y"]])
        #expect(try other.int(#"SELECT COUNT(*) FROM "we""ird""#) == 1)
    }

    // MARK: Values

    @Test func blobsNullsAndUntypedColumnsRoundTrip() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE media (id INTEGER PRIMARY KEY, data BLOB, mime TEXT, a, b, c, d NUMERIC);
            INSERT INTO media VALUES (1, x'00FF10', 'application/octet-stream', NULL, NULL, NULL, NULL);
            INSERT INTO media VALUES (2, x'', NULL, 42, 1.5, 'text', x'01');
            INSERT INTO media VALUES (3, NULL, NULL, NULL, NULL, NULL, NULL);
            INSERT INTO media (id) VALUES (4);
            """)
        let amigo = try db.reflect()
        let media = try amigo.model(named: "media")
        #expect(media.table.columns.map(\.kind) == [.integer, .blob, .text, .blob, .blob, .blob, .numeric])
        #expect(media.table.columns.map(\.declaredType) == ["INTEGER", "BLOB", "TEXT", "", "", "", "NUMERIC"])
        let session = try amigo.openSession()
        let rows = try session.query("media").orderBy("id").all()
        #expect(rows.map(\.values) == [
            [1, .blob([0, 255, 16]), "application/octet-stream", nil, nil, nil, nil],
            [2, .blob([]), nil, 42, 1.5, "text", .blob([1])],
            [3, nil, nil, nil, nil, nil, nil],
            [4, nil, nil, nil, nil, nil, nil],
        ])
        #expect(try session.query("media").filter("data = %@", DatabaseValue.blob([0, 255, 16])).all().map(\.primaryKey) == [[1]])
        #expect(try session.query("media").filter("data = nil").count() == 2)
        #expect(try session.query("media").filter("a = nil AND b = nil AND c = nil AND d = nil").count() == 3)
        #expect(try session.query("media").count("data") == 2)
        let bytes = [UInt8](0...255)
        let added = try Record(media, ["data": bytes, "a": 7])
        added["b"] = .real(-0.25)
        added["c"] = .blob([0xDE, 0xAD])
        try session.add(added)
        #expect(added["id"] == 5)
        try session.commit()
        let other = try db.secondConnection()
        #expect(try other.fetchAll("SELECT length(data), hex(substr(data, 1, 4)), typeof(a), typeof(b), hex(c), mime FROM media WHERE id = 5").rows == [
            [256, "00010203", "integer", "real", "DEAD", nil],
        ])
        #expect(try session.query("media").get(5)?.values == [5, .blob(bytes), nil, 7, -0.25, .blob([0xDE, 0xAD]), nil])
    }

    @Test func unicodeTextAndNamesRoundTrip() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE "作者" ("番号" INTEGER PRIMARY KEY, "名前" TEXT NOT NULL);
            CREATE TABLE "書籍" ("番号" INTEGER PRIMARY KEY, "題名" TEXT NOT NULL, "作者番号" INTEGER REFERENCES "作者" ("番号"));
            INSERT INTO "作者" VALUES (1, '夏目漱石'), (2, 'Zoë 🦊');
            INSERT INTO "書籍" VALUES (1, '吾輩は猫である', 1), (2, 'こころ', 1), (3, '🦊 & 🐈‍⬛', 2);
            """)
        let amigo = try db.reflect()
        let books = try amigo.model(named: "書籍")
        #expect(books.table.columns.map(\.label) == ["番号", "題名", "作者番号"])
        #expect(books.relationships.map(\.target.name) == ["作者"])
        let toAuthor = try #require(books.relationships.first)
        let session = try amigo.openSession()
        #expect(try session.query("書籍").filter("題名 BEGINSWITH '吾輩'").all().map { $0["番号"] } == [1])
        #expect(try session.query("書籍").filter("題名 CONTAINS '🐈‍⬛'").all().map { $0["番号"] } == [3])
        #expect(try session.query("書籍").filter("\(toAuthor.name).名前 = %@", "夏目漱石").count() == 2)
        let strings = ["中文字符", "한국어", "emoji 👩‍👩‍👧‍👦🏳️‍🌈", "e\u{301}", "\u{e9}", "עברית", "tab\tand\nnewline", "nul\u{0}inside", ""]
        var ids: [DatabaseValue] = []
        for text in strings {
            let row = try Record(books, ["題名": text])
            try session.add(row)
            ids.append(row["番号"])
        }
        try session.commit()
        let other = try db.secondConnection()
        for (id, text) in zip(ids, strings) {
            let stored = try #require(try other.fetchScalar(#"SELECT "題名" FROM "書籍" WHERE "番号" = ?"#, [id]).textValue)
            #expect(Array(stored.utf8) == Array(text.utf8), "\(text)")   // byte for byte (é composed ≠ decomposed)
            let fetched = try #require(try session.query("書籍").get(id)?["題名"].textValue)
            #expect(Array(fetched.utf8) == Array(text.utf8), "\(text)")
        }
        #expect(try other.int(#"SELECT length("題名") FROM "書籍" WHERE "番号" = ?"#, [ids[3]]) == 2)
    }

    @Test func generatedColumnsAreReadButNeverWritten() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE box (
                id INTEGER PRIMARY KEY,
                w REAL NOT NULL, h REAL NOT NULL,
                area REAL GENERATED ALWAYS AS (w * h) STORED,
                label TEXT GENERATED ALWAYS AS ('box ' || id) VIRTUAL
            );
            INSERT INTO box (id, w, h) VALUES (1, 2, 3);
            """)
        let amigo = try db.reflect()
        let box = try amigo.model(named: "box")
        #expect(box.table.columns.map(\.label) == ["id", "w", "h", "area", "label"])
        #expect(box.table.columns.map(\.isGenerated) == [false, false, false, true, true])
        let session = try amigo.openSession()
        #expect(try session.query("box").get(1)?.values == [1, 2.0, 3.0, 6.0, "box 1"])
        let recorder = EchoRecorder(amigo.engine.echo)
        let added = try Record(box, ["w": 4.0, "h": 5.0, "area": 99.0])
        try session.add(added)
        #expect(recorder.statements.last == #"INSERT INTO "box" ("w", "h") VALUES (?, ?)"#)
        added["w"] = 10.0
        try session.add(added)
        #expect(recorder.statements.last == #"UPDATE "box" SET "w" = ?, "h" = ? WHERE "id" = ?"#)
        #expect(try session.query("box").filter("area > 10").all().map { $0["label"] } == ["box 2"])
        #expect(try session.query("box").get(2)?["area"] == 50.0)
    }

    // MARK: Junctions

    @Test func junctionsThroughModelsSelfReferencesAndTwoKeysToOneParent() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE club (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE);
            -- a junction with columns of its own: a through model
            CREATE TABLE membership (
                person_id INTEGER NOT NULL REFERENCES person (id),
                club_id INTEGER NOT NULL REFERENCES club (id),
                role TEXT NOT NULL DEFAULT 'member', joined TEXT,
                PRIMARY KEY (person_id, club_id)
            );
            -- a pure junction without a primary key, made unique by an index
            CREATE TABLE club_tag (club_id INTEGER NOT NULL REFERENCES club (id), tag_id INTEGER NOT NULL REFERENCES tag (id));
            CREATE UNIQUE INDEX club_tag_pair ON club_tag (club_id, tag_id);
            -- a self-referencing junction
            CREATE TABLE friendship (
                person_id INTEGER NOT NULL REFERENCES person (id),
                friend_id INTEGER NOT NULL REFERENCES person (id),
                PRIMARY KEY (person_id, friend_id)
            );
            -- two foreign keys to the same parent, not a junction (the recipient may be NULL)
            CREATE TABLE message (
                id INTEGER PRIMARY KEY,
                sender_id INTEGER NOT NULL REFERENCES person (id),
                recipient_id INTEGER REFERENCES person (id),
                body TEXT
            );
            CREATE VIEW club_size AS
                SELECT c.id AS club_id, c.name, COUNT(m.person_id) AS members
                FROM club c LEFT JOIN membership m ON m.club_id = c.id GROUP BY c.id;
            INSERT INTO person VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
            INSERT INTO club VALUES (1, 'Chess'), (2, 'Rowing');
            INSERT INTO tag VALUES (1, 'indoor'), (2, 'outdoor'), (3, 'quiet');
            INSERT INTO membership VALUES (1, 1, 'chair', '2020'), (2, 1, 'member', '2021'), (2, 2, 'member', NULL);
            INSERT INTO club_tag VALUES (1, 1), (1, 3), (2, 2);
            INSERT INTO friendship VALUES (1, 2), (1, 3), (2, 1);
            INSERT INTO message VALUES (1, 1, 2, 'hi'), (2, 1, 3, 'yo'), (3, 2, 1, 'hey'), (4, 3, NULL, 'draft');
            """)
        let amigo = try db.reflect()
        #expect(amigo.reflectionWarnings.isEmpty)
        #expect(try amigo.model(named: "person").relationshipSignatures == [
            "friendships_by_person one-to-many → friendship", "friendships_by_friend one-to-many → friendship",
            "memberships one-to-many → membership",
            "messages_by_sender one-to-many → message", "messages_by_recipient one-to-many → message",
            "friends many-to-many → person via friendship", "friend_of many-to-many → person via friendship",
            "clubs many-to-many → club via membership (through)",
        ])
        #expect(try amigo.model(named: "club").relationshipSignatures == [
            "club_tags one-to-many → club_tag", "memberships one-to-many → membership",
            "tags many-to-many → tag via club_tag", "people many-to-many → person via membership (through)",
        ])
        #expect(try amigo.model(named: "tag").relationshipSignatures == ["club_tags one-to-many → club_tag", "clubs many-to-many → club via club_tag"])
        #expect(try amigo.model(named: "message").relationshipSignatures == ["sender to-one → person", "recipient to-one → person"])
        // NOT NULL, defaults, UNIQUE and indexes as declared.
        let tagLabel = try #require(try amigo.model(named: "tag").table.column(named: "label"))
        #expect(tagLabel.unique && !tagLabel.optional)
        #expect(try amigo.model(named: "membership").table.columns.map(\.defaultSQL) == [nil, nil, "'member'", nil])
        #expect(try amigo.model(named: "membership").table.columns.map(\.optional) == [false, false, false, true])
        #expect(try amigo.model(named: "club_tag").table.indexes.map { "\($0.label) \($0.unique) \($0.columns)" } == [#"club_tag_pair true ["club_id", "tag_id"]"#])
        #expect(try amigo.model(named: "club_size").table.isView)
        #expect(try amigo.model(named: "club_size").relationships.isEmpty)
        let session = try amigo.openSession()
        let ann = try #require(try session.query("person").get(1))
        #expect(try session.relatedCountsByName(of: ann) == [
            "memberships": 1, "friendships_by_person": 2, "friendships_by_friend": 1, "messages_by_sender": 2, "messages_by_recipient": 1,
            "clubs": 1, "friends": 2, "friend_of": 1,
        ])
        #expect(try session.query("person").using(ann).relationship("friends").orderBy("id").all().map { $0["name"] } == ["Bob", "Cy"])
        #expect(try session.query("person").using(ann).relationship("friend_of").all().map { $0["name"] } == ["Bob"])
        #expect(try session.query("message").filter("sender.name = 'Ann' AND recipient.name = 'Cy'").all().map { $0["body"] } == ["yo"])
        #expect(try session.query("person").filter("friendships_by_person = nil").all().map { $0["name"] } == ["Cy"])
        #expect(try session.query("person").filter("messages_by_recipient != nil").count() == 3)
        // The pure junction links and unlinks directly.
        let chess = try #require(try session.query("club").get(1))
        let outdoor = try #require(try session.query("tag").get(2))
        try session.using(chess).relationship("tags").add(outdoor)
        #expect(try session.query("tag").using(chess).relationship("tags").orderBy("id").all().map { $0["label"] } == ["indoor", "outdoor", "quiet"])
        try session.using(chess).relationship("tags").delete(outdoor)
        #expect(try session.relatedCountsByName(of: chess)["tags"] == 2)
        // The through model is changed through its own rows.
        #expect(throws: AmigoError.relationshipManagedThroughModel(relationship: "people", throughModel: "membership")) {
            try session.using(chess).relationship("people").add(ann)
        }
        let membership = try Record(amigo.model(named: "membership"), ["person_id": 3, "club_id": 1, "joined": "2024"])
        try session.add(membership)
        #expect(try session.query("person").using(chess).relationship("people").orderBy("id").all().map { $0["name"] } == ["Ann", "Bob", "Cy"])
        #expect(try session.query("membership").filter("person.name = 'Cy'").first()?["role"] == "member")
        #expect(try session.query("club_size").filter("name = 'Chess'").first()?["members"] == 3)
        try session.rollback()
        #expect(try session.query("club_size").filter("name = 'Chess'").first()?["members"] == 2)
        #expect(try db.secondConnection().int("SELECT COUNT(*) FROM membership") == 3)
    }

    @Test func keysToOneParentWithOneLetterNamesAreToldApartByTheirLetter() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE friendship (a_id INTEGER NOT NULL REFERENCES person (id), b_id INTEGER NOT NULL REFERENCES person (id), PRIMARY KEY (a_id, b_id));
            CREATE TABLE Match (MatchId INTEGER PRIMARY KEY, XId INTEGER REFERENCES person (id), YId INTEGER REFERENCES person (id), Score INTEGER);
            INSERT INTO person VALUES (1, 'Ann'), (2, 'Bob');
            INSERT INTO friendship VALUES (1, 2);
            """)
        let amigo = try db.reflect()
        // The file is mostly snake_case, so the names are too.
        #expect(try amigo.model(named: "friendship").relationshipSignatures == ["person_a to-one → person", "person_b to-one → person"])
        #expect(try amigo.model(named: "Match").relationshipSignatures == ["person_x to-one → person", "person_y to-one → person"])
        #expect(try amigo.model(named: "person").relationshipSignatures == [
            "matches_by_person_x one-to-many → Match", "matches_by_person_y one-to-many → Match",
            "friendships_by_person_a one-to-many → friendship", "friendships_by_person_b one-to-many → friendship",
            "people_via_person_b many-to-many → person via friendship", "people_via_person_a many-to-many → person via friendship",
        ])
        let session = try amigo.openSession()
        let ann = try #require(try session.query("person").get(1))
        #expect(try session.query("person").using(ann).relationship("people_via_person_b").all().map { $0["name"] } == ["Bob"])
    }

    /// pagila's `staff` works in a `store` and may manage one (`store.manager_staff_id`, UNIQUE):
    /// the second is named by its key, not `store2`.
    @Test func aOneToOneWhoseNameIsTakenIsNamedByItsKeyNotANumber() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE store (store_id INTEGER PRIMARY KEY, manager_staff_id INTEGER NOT NULL UNIQUE REFERENCES staff (staff_id));
            CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT, store_id INTEGER REFERENCES store (store_id));
            INSERT INTO staff VALUES (1, 'Mike', NULL), (2, 'Jon', NULL);
            INSERT INTO store VALUES (1, 2);
            UPDATE staff SET store_id = 1;
            """)
        let amigo = try db.reflect()
        #expect(try amigo.model(named: "staff").relationshipSignatures == [
            "store to-one → store", "store_by_manager_staff one-to-many → store",
        ])
        let session = try amigo.openSession()
        let jon = try #require(try session.query("staff").get(2))
        #expect(try session.query("store").using(jon).relationship("store_by_manager_staff").all().map { $0["store_id"] } == [1])
    }

    /// NetBox's VRFs have import targets and export targets: two junctions between the same two
    /// tables, each relationship named after its junction (on both sides), not `…_via_…`.
    @Test func twoJunctionsBetweenTheSameTablesAreNamedAfterTheJunctions() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE ipam_vrf (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE ipam_routetarget (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE ipam_vrf_import_targets (id INTEGER PRIMARY KEY, vrf_id INTEGER NOT NULL REFERENCES ipam_vrf (id),
                routetarget_id INTEGER NOT NULL REFERENCES ipam_routetarget (id), UNIQUE (vrf_id, routetarget_id));
            CREATE TABLE ipam_vrf_export_targets (id INTEGER PRIMARY KEY, vrf_id INTEGER NOT NULL REFERENCES ipam_vrf (id),
                routetarget_id INTEGER NOT NULL REFERENCES ipam_routetarget (id), UNIQUE (vrf_id, routetarget_id));
            INSERT INTO ipam_vrf VALUES (1, 'blue');
            INSERT INTO ipam_routetarget VALUES (1, '65000:1'), (2, '65000:2');
            INSERT INTO ipam_vrf_import_targets VALUES (1, 1, 1);
            INSERT INTO ipam_vrf_export_targets VALUES (1, 1, 2);
            """)
        let amigo = try db.reflect()
        let vrf = try amigo.model(named: "ipam_vrf").relationshipSignatures
        #expect(vrf.contains("import_targets many-to-many → ipam_routetarget via ipam_vrf_import_targets"))
        #expect(vrf.contains("export_targets many-to-many → ipam_routetarget via ipam_vrf_export_targets"))
        let target = try amigo.model(named: "ipam_routetarget").relationshipSignatures
        #expect(target.contains("vrf_import_targets many-to-many → ipam_vrf via ipam_vrf_import_targets"))
        #expect(target.contains("vrf_export_targets many-to-many → ipam_vrf via ipam_vrf_export_targets"))
        let session = try amigo.openSession()
        let blue = try #require(try session.query("ipam_vrf").get(1))
        #expect(try session.query("ipam_routetarget").using(blue).relationship("import_targets").all().map { $0["name"] } == ["65000:1"])
        #expect(try session.query("ipam_routetarget").using(blue).relationship("export_targets").all().map { $0["name"] } == ["65000:2"])
    }

    @Test func aForeignKeyThatIsAlsoAKeyIsOneToOneFromTheParent() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE instructor (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE advisor (s_id INTEGER PRIMARY KEY REFERENCES student (id), i_id INTEGER REFERENCES instructor (id));
            CREATE TABLE passport (number TEXT PRIMARY KEY, holder_id INTEGER NOT NULL UNIQUE REFERENCES student (id));
            INSERT INTO student VALUES (1, 'Ann'), (2, 'Bob');
            INSERT INTO instructor VALUES (7, 'Kim');
            INSERT INTO advisor VALUES (1, 7), (2, 7);
            INSERT INTO passport VALUES ('X1', 1);
            """)
        let amigo = try db.reflect()
        let student = try amigo.model(named: "student")
        #expect(student.relationships.map(\.summary) == [
            "advisor: one-to-one → advisor (student.id = advisor.s_id)",
            "passport: one-to-one → passport (student.id = passport.holder_id)",
        ])
        #expect(try amigo.model(named: "instructor").relationships.map(\.summary) == ["advisees: one-to-many → advisor (instructor.id = advisor.i_id)"])
        let session = try amigo.openSession()
        let ann = try #require(try session.query("student").get(1))
        #expect(try session.query("advisor").using(ann).relationship("advisor").all().map { $0["i_id"] } == [7])
        #expect(try session.query("student").filter("passport != nil").all().map { $0["name"] } == ["Ann"])
        // One row at most: a path through it gives one value, for an ordering or an aggregate.
        #expect(try session.query("student").orderBy("passport.number", ascending: false).orderBy("id").all().map { $0["name"] } == ["Ann", "Bob"])
        #expect(try session.query("student").aggregate([.max("advisor.i_id"), .countValues("passport.number")]) == [7, 1])
        #expect(try session.query("instructor").aggregate([.sum("advisees.@count")]) == [2])
    }

    @Test func looseLinkTablesWithoutKeysOrConstraintsAreJunctionsToo() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE post (id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE label (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE reader (id INTEGER PRIMARY KEY, name TEXT);
            -- only the rowid, links that may be NULL, pairs not unique
            CREATE TABLE post_label (post_id INTEGER REFERENCES post (id), label_id INTEGER REFERENCES label (id));
            -- a surrogate key and optional links, nothing else
            CREATE TABLE reading (id INTEGER PRIMARY KEY, post_id INTEGER REFERENCES post (id), reader_id INTEGER REFERENCES reader (id));
            -- optional links beside columns of its own: an entity, not a link
            CREATE TABLE note (post_id INTEGER REFERENCES post (id), reader_id INTEGER REFERENCES reader (id), body TEXT);
            INSERT INTO post VALUES (1, 'a'), (2, 'b');
            INSERT INTO label VALUES (1, 'x'), (2, 'y');
            INSERT INTO reader VALUES (1, 'Ann');
            INSERT INTO post_label VALUES (1, 1), (1, 1), (1, 2), (NULL, 2);
            INSERT INTO reading VALUES (1, 1, 1), (2, 2, NULL);
            INSERT INTO note VALUES (1, 1, 'hm');
            """)
        let amigo = try db.reflect()
        #expect(try amigo.model(named: "post").relationshipSignatures == [
            "notes one-to-many → note", "post_labels one-to-many → post_label", "readings one-to-many → reading",
            "labels many-to-many → label via post_label", "readers many-to-many → reader via reading",
        ])
        #expect(try amigo.model(named: "reader").relationshipSignatures == [
            "notes one-to-many → note", "readings one-to-many → reading", "posts many-to-many → post via reading",
        ])
        let session = try amigo.openSession()
        let first = try #require(try session.query("post").get(1))
        // The repeated pair lists its label once; the junction's own rows are all there.
        #expect(try session.query("label").using(first).relationship("labels").orderBy("id").all().map { $0["name"] } == ["x", "y"])
        #expect(try session.relatedCountsByName(of: first)["post_labels"] == 3)
        let y = try #require(try session.query("label").get(2))
        #expect(try session.query("post").using(y).relationship("posts").all().map { $0["title"] } == ["a"])
    }

    // MARK: Reflecting an open engine

    @Test func anOpenEngineCanBeReflected() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id));
            INSERT INTO a VALUES (1, 'x'); INSERT INTO b VALUES (1, 1), (2, 1);
            """)
        let amigo = try AmigoDatabase(reflecting: engine)
        #expect(amigo.engine === engine)
        #expect(try amigo.model(named: "A").relationshipSignatures == ["bs one-to-many → b"])
        let session = try amigo.openSession()
        #expect(try session.query("b").filter("a.name = 'x'").count() == 2)
    }
}

/// Names a person understands: English plurals and singulars, self-references named by their
/// column, self-junctions by the junction's columns, role tables by the counterpart's role.
@Suite struct RelationshipNamingSpec {
    @Test func pluralsAndSingularsAreEnglish() {
        #expect(Naming.plural("search") == "searches")
        #expect(Naming.plural("category") == "categories")
        #expect(Naming.plural("person") == "people")
        #expect(Naming.plural("box") == "boxes")
        #expect(Naming.singular("deletedSearches") == "deletedSearch")
        #expect(Naming.singular("categories") == "category")
        #expect(Naming.singular("people") == "person")
        #expect(Naming.singular("Addresses") == "Address")
        #expect(Naming.singular("Customers") == "Customer")
    }

    @Test func aSelfReferenceNamesTheRowsThatPointAtARowByItsColumn() {
        #expect(Naming.selfReferenceChildren(["ReportsTo"], table: "Employee", snake: false) == "reports")
        #expect(Naming.selfReferenceChildren(["parent_id"], table: "collections", snake: true) == "children")
        #expect(Naming.selfReferenceChildren(["parentCollectionID"], table: "collections", snake: false) == "childCollections")
        #expect(Naming.selfReferenceChildren(["manager_id"], table: "staff", snake: true) == "reports")
        #expect(Naming.selfReferenceChildren(["mentor_id"], table: "person", snake: true) == "mentees")
        #expect(Naming.selfReferenceChildren(["buddy_id"], table: "person", snake: true) == "people_by_buddy")
    }

    @Test func aSelfReferenceThroughReportsToIsTheRowsManager() {
        #expect(Naming.selfReferenceParent(["ReportsTo"]) == "manager")
        #expect(Naming.selfReferenceParent(["reports_to"]) == "manager")
        #expect(Naming.selfReferenceParent(["manager_id"]) == nil)       // `manager` already, from the column
        #expect(Naming.selfReferenceParent(["parent_id"]) == nil)
        #expect(Naming.selfReferenceParent(["a", "b"]) == nil)
    }

    @Test func selfReferencesAndRoleTablesInADatabase() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE collections (id INTEGER PRIMARY KEY, name TEXT, parent_id INTEGER REFERENCES collections (id));
            CREATE TABLE savedSearches (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE deletedSearches (id INTEGER PRIMARY KEY REFERENCES savedSearches (id), at TEXT);
            CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE instructor (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE advisor (s_id INTEGER PRIMARY KEY REFERENCES student (id), i_id INTEGER REFERENCES instructor (id));
            """)
        let reflected = try db.reflect()
        #expect(try reflected.model(named: "collections").relationships.map(\.name) == ["parent", "children"])
        #expect(try reflected.model(named: "savedSearches").relationships.map(\.name) == ["deletedSearch"])
        #expect(try reflected.model(named: "instructor").relationships.map(\.name) == ["advisees"])
        #expect(try reflected.model(named: "student").relationships.map(\.name) == ["advisor"])
    }
}
