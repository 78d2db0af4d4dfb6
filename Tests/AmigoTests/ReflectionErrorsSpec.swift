import Foundation
import AmigoTestSupport
import Testing
@testable import Amigo

/// Bad input to `AmigoDatabase(reflecting:)`: every case throws a typed error carrying the path and
/// SQLite's message, and nothing is created or written.
///
/// The tests run as root, for whom file permissions do not stop writes, so a read-only file
/// cannot be simulated with chmod; the read-only cases open with `OpenOptions(readOnly: true)`.
@Suite struct ReflectionErrorsSpec {
    // MARK: Files that are not usable databases

    @Test func aMissingPathIsAnErrorAndIsNeverCreated() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/missing.sqlite"
        #expect(throws: AmigoError.fileNotFound(path: path)) { try AmigoDatabase(reflecting: path) }
        #expect(throws: AmigoError.fileNotFound(path: path)) { try AmigoDatabase(reflecting: path, options: OpenOptions(readOnly: true)) }
        #expect(!exists(path))
        #expect(listing(folder).isEmpty)
        #expect(AmigoError.fileNotFound(path: path).description == "no such database file: \(path)")
    }

    @Test func aDirectoryIsAnErrorWithThePathSayingItIsAFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: AmigoError.self) { try AmigoDatabase(reflecting: folder) }
        guard case .cannotOpen(let path, let message)? = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(path == folder)
        #expect(message == "it is a folder, not a database file")
        #expect(listing(folder).isEmpty)
    }

    @Test func aTextFileIsNotADatabaseAndIsLeftUntouched() throws {
        let path = TemporaryFile.path("reflection-text", ext: "txt")
        defer { TemporaryFile.remove(path) }
        let text = Data(String(repeating: "Album,Artist\nFor Those About To Rock,AC/DC\n", count: 200).utf8)
        try text.write(to: URL(fileURLWithPath: path))
        for options in [OpenOptions(), OpenOptions(readOnly: true)] {
            let error = #expect(throws: AmigoError.self) { try AmigoDatabase(reflecting: path, options: options) }
            #expect(error == .notADatabase(path: path, message: "file is not a database"))
        }
        #expect(fileContents(path) == text)
        #expect(!exists(path + "-journal") && !exists(path + "-wal"))
    }

    @Test func anEmptyFileIsAnEmptyDatabaseAndStaysEmpty() throws {
        // SQLite treats a zero-length file as an empty database: reflection finds no models and writes nothing.
        let path = TemporaryFile.path("reflection-empty")
        defer { TemporaryFile.remove(path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let amigo = try AmigoDatabase(reflecting: path)
        #expect(amigo.models.isEmpty)
        #expect(amigo.reflectionWarnings.isEmpty)
        #expect(fileContents(path) == Data())
    }

    @Test func aTruncatedDatabaseIsAnErrorAndIsLeftUntouched() throws {
        let original = try #require(fileContents(try SampleDatabase.chinook.originalPath))
        let truncated = original.prefix(1000)
        let path = TemporaryFile.path("reflection-truncated")
        defer { TemporaryFile.remove(path) }
        try truncated.write(to: URL(fileURLWithPath: path))
        for options in [OpenOptions(), OpenOptions(readOnly: true)] {
            let error = #expect(throws: AmigoError.self) { try AmigoDatabase(reflecting: path, options: options) }
            #expect(error == .notADatabase(path: path, message: "database disk image is malformed"))
        }
        #expect(fileContents(path) == truncated)
        #expect(!exists(path + "-journal"))
    }

    @Test func aDatabaseWhoseSchemaIsCorruptIsAnError() throws {
        // The header is intact but the first page (sqlite_schema) is overwritten with garbage.
        var bytes = try #require(fileContents(try SampleDatabase.chinook.originalPath))
        for i in 100..<1024 { bytes[i] = 0xA5 }
        let path = TemporaryFile.path("reflection-corrupt")
        defer { TemporaryFile.remove(path) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AmigoError.self) { try AmigoDatabase(reflecting: path) }
        #expect(error == .notADatabase(path: path, message: "database disk image is malformed"))
        #expect(fileContents(path) == bytes)
    }

    // MARK: Locks

    @Test func aDatabaseLockedByAnotherConnectionFailsWithABusyErrorAfterTheTimeout() throws {
        let copy = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(copy) }
        let before = fileContents(copy)
        let holder = try SQLiteEngine(path: copy)
        try holder.execute(.begin(.exclusive))
        let start = Date()
        let error = #expect(throws: AmigoError.self) {
            try AmigoDatabase(reflecting: copy, options: OpenOptions(busyTimeoutMilliseconds: 100))
        }
        let waited = Date().timeIntervalSince(start)
        let busy = try #require(databaseError(error))
        #expect(busy.isBusy)
        #expect(busy.code == 5)
        #expect(busy.message == "database is locked")
        #expect(busy.path == copy)
        #expect(waited >= 0.09 && waited < 2, "waited \(waited) s for a 100 ms busy timeout")
        try holder.execute(.rollback)
        #expect(fileContents(copy) == before)
        // Once the lock is gone the same file opens.
        #expect(try AmigoDatabase(reflecting: copy, options: OpenOptions(busyTimeoutMilliseconds: 100)).models.count == 11)
    }

    @Test func readsAndWritesOfAnOpenDatabaseFailWhenAnotherConnectionLocksIt() throws {
        let copy = try ReflectedCopy(.chinook, options: OpenOptions(busyTimeoutMilliseconds: 100))
        let session = try copy.amigo.openSession()
        let holder = try SQLiteEngine(path: copy.path)
        try holder.execute(.begin(.exclusive))
        let readError = #expect(throws: AmigoError.self) { try session.query("Artist").count() }
        #expect(databaseError(readError)?.isBusy == true)
        #expect(databaseError(readError)?.message == "database is locked")
        #expect(databaseError(readError)?.path == copy.path)
        let artist = try Record(copy.model("Artist"), ["Name": "Nobody"])
        let writeError = #expect(throws: AmigoError.self) { try session.add(artist) }
        #expect(databaseError(writeError)?.isBusy == true)
        #expect(databaseError(writeError)?.path == copy.path)
        try holder.execute(.rollback)
        try session.rollback()
        #expect(try holder.int(#"SELECT COUNT(*) FROM "Artist""#) == 275)
        #expect(try session.query("Artist").count() == 275)
    }

    // MARK: Read-only

    @Test func aReadOnlyOpenRefusesEveryEditAndWritesNothing() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let before = fileContents(path)
        let amigo = try AmigoDatabase(reflecting: path, options: OpenOptions(readOnly: true))
        #expect(amigo.engine.isReadOnly)
        #expect(amigo.models.count == 11)
        let session = try amigo.openSession()
        let artist = try #require(try session.query("Artist").get(1))
        #expect(artist["Name"] == "AC/DC")
        artist["Name"] = "changed"
        #expect(throws: AmigoError.readOnly(path: path, operation: "add rows")) { try session.add(artist) }
        #expect(throws: AmigoError.readOnly(path: path, operation: "edit rows")) { try session.update(artist, columns: ["Name"]) }
        #expect(throws: AmigoError.readOnly(path: path, operation: "delete rows")) { try session.delete(artist) }
        let fresh = try Record(amigo.model(named: "Artist"), ["Name": "new"])
        #expect(throws: AmigoError.readOnly(path: path, operation: "add rows")) { try session.add(fresh) }
        #expect(throws: AmigoError.readOnly(path: path, operation: "run a statement that writes")) {
            try session.execute(#"DELETE FROM "Artist" WHERE "ArtistId" = 1"#)
        }
        // Even bypassing the session, SQLite itself refuses the write.
        let direct = #expect(throws: AmigoError.self) { try amigo.engine.execute(#"UPDATE "Artist" SET "Name" = 'x'"#, []) }
        #expect(databaseError(direct)?.isReadOnly == true)
        #expect(databaseError(direct)?.message == "attempt to write a readonly database")
        try session.commit()
        #expect(try session.query("Artist").get(1)?["Name"] == "AC/DC")
        #expect(fresh.primaryKey == [.null])
        #expect(AmigoError.readOnly(path: path, operation: "add rows").description == "cannot add rows: \(path) is open read-only")
        #expect(fileContents(path) == before)
    }

    // MARK: Schema problems are reported, not fatal

    @Test func foreignKeysToMissingTablesAndColumnsAreWarnings() throws {
        let db = try SyntheticDatabase("""
            PRAGMA foreign_keys = OFF;
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (
                id INTEGER PRIMARY KEY,
                title TEXT,
                author_id INTEGER REFERENCES author (id),
                ghost_id INTEGER REFERENCES ghost (id),
                editor_id INTEGER REFERENCES author (nickname)
            );
            INSERT INTO author VALUES (1, 'Ann');
            INSERT INTO book VALUES (1, 'One', 1, 7, 1);
            """)
        let amigo = try db.reflect()
        #expect(amigo.reflectionWarnings == [
            "book: foreign key (ghost_id) references missing table 'ghost'",
            "book: foreign key (editor_id) references missing column(s) of 'author' (nickname)",
        ])
        let book = try amigo.model(named: "book")
        #expect(book.relationshipSignatures == ["author to-one → author"])
        #expect(try amigo.model(named: "author").relationshipSignatures == ["books one-to-many → book"])
        // The rest of the file is usable.
        let session = try amigo.openSession()
        #expect(try session.query("book").filter("author.name = 'Ann'").count() == 1)
        #expect(try session.query("book").get(1)?["ghost_id"] == 7)
    }

    @Test func aViewOverADroppedTableIsAWarning() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE gone (a INTEGER);
            CREATE TABLE kept (id INTEGER PRIMARY KEY, name TEXT);
            CREATE VIEW broken AS SELECT a FROM gone;
            CREATE VIEW fine AS SELECT name FROM kept;
            DROP TABLE gone;
            INSERT INTO kept VALUES (1, 'x');
            """)
        let amigo = try db.reflect()
        // Listed, marked with its reason, and without columns; the rest of the file works.
        #expect(amigo.models.map(\.name) == ["broken", "fine", "kept"])
        #expect(try amigo.model(named: "broken").table.unreadableReason == "no such table: main.gone")
        #expect(amigo.reflectionWarnings == ["view 'broken' cannot be read: no such table: main.gone"])
        #expect(try amigo.query("fine").count() == 1)
    }
}
