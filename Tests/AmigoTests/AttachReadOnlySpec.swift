import CSQLite
import Foundation
import AmigoTestSupport
import Testing
@testable import Amigo

/// How a file is attached: read-only when asked (by its `file:` URI, whatever its name holds),
/// and refused with a reason when it is the open file itself, not a database, locked by another
/// program, or missing — never created.
@Suite struct AttachReadOnlySpec {
    @Test func aFileAttachedReadOnlyRefusesWritesAndTheMainFileStillTakesThem() throws {
        let (main, archive) = try AttachSpec.files()
        let engine = try SQLiteEngine(path: main.path)
        let session = try AmigoDatabase([], engine: engine).openSession()
        try session.attach(archive.path, as: "archive", readOnly: true)
        #expect(try session.attachments() == [AttachedFile(name: "archive", path: archive.path, isReadOnly: true)])
        #expect(engine.isReadOnly(schema: "archive") && !engine.isReadOnly(schema: "main"))
        try session.execute("UPDATE artist SET name = 'Kept' WHERE id = 1")
        let refused = #expect(throws: AmigoError.self) { try session.execute("UPDATE archive.artist SET name = 'x' WHERE id = 1") }
        guard case .database(let error)? = refused else { Issue.record("expected a database error"); return }
        #expect(error.isReadOnly)
        try session.commit()
        #expect(try main.secondConnection().fetchScalar("SELECT name FROM artist WHERE id = 1").textValue == "Kept")
        // Writable when not asked read-only.
        try session.detach("archive")
        try session.attach(archive.path, as: "archive")
        #expect(try session.attachments().map(\.isReadOnly) == [false])
        try session.execute("UPDATE archive.artist SET name = 'Written' WHERE id = 1")
        try session.commit()
        #expect(try archive.secondConnection().fetchScalar("SELECT name FROM artist WHERE id = 1").textValue == "Written")
    }

    @Test func aPathWithQuestionMarkHashPercentAndSpacesNamesTheFileMeant() throws {
        let folder = TemporaryFile.path("attach uri ?#%", ext: "d")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let odd = folder + "/a b?c#d%20e.sqlite"
        try SQLiteEngine(path: odd, options: OpenOptions(create: true)).executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (42);")
        #expect(SQLiteFileURI.uri(for: "/x/a b?c#d%20e.sqlite", readOnly: true) == "file:///x/a%20b%3Fc%23d%2520e.sqlite?mode=ro")
        let main = try SyntheticDatabase("CREATE TABLE m (x);")
        let engine = try SQLiteEngine(path: main.path)
        let session = try AmigoDatabase([], engine: engine).openSession()
        try session.attach(odd, as: "odd", readOnly: true)
        #expect(try engine.fetchScalar("SELECT x FROM odd.t").integerValue == 42)
        #expect(try session.attachedFiles() == [odd])
        // Nothing was made beside it under a cut name (`a b`).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a b?c#d%20e.sqlite"])
    }

    @Test func theOpenFileItselfIsRefusedByAnyPathSymlinkDotDotOrHardLink() throws {
        let (main, archive) = try AttachSpec.files()
        let engine = try SQLiteEngine(path: main.path)
        let session = try AmigoDatabase([], engine: engine).openSession()
        let folder = (main.path as NSString).deletingLastPathComponent
        let link = TemporaryFile.path("attach-symlink"), hard = TemporaryFile.path("attach-hardlink")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: main.path)
        try FileManager.default.linkItem(atPath: main.path, toPath: hard)
        defer { TemporaryFile.remove(link); try? FileManager.default.removeItem(atPath: hard) }
        let dotted = folder + "/../" + (folder as NSString).lastPathComponent + "/" + (main.path as NSString).lastPathComponent
        for path in [main.path, link, hard, dotted] {
            let refused = #expect(throws: AmigoError.self) { try session.attach(path, as: "again") }
            #expect(refused?.description == "cannot attach \(path) as again: it is the open database file itself (\(main.path))")
        }
        try session.attach(archive.path, as: "archive")
        let twice = #expect(throws: AmigoError.self) { try session.attach(archive.path, as: "other") }
        #expect(twice?.description == "cannot attach \(archive.path) as other: it is open already, attached as archive")
        #expect(try session.attachedNames() == ["archive"])
    }

    @Test func aTextFileIsNotADatabaseAndAMissingFileIsNeverCreated() throws {
        let main = try SyntheticDatabase("CREATE TABLE m (x);")
        let session = try main.reflect().openSession()
        let text = TemporaryFile.path("attach-text", ext: "txt")
        try String(repeating: "not a database, only words. ", count: 10).write(toFile: text, atomically: true, encoding: .utf8)
        defer { TemporaryFile.remove(text) }
        let refused = #expect(throws: AmigoError.self) { try session.attach(text, as: "words") }
        #expect(refused?.description == "cannot attach \(text) as words: it is not an SQLite database (file is not a database)")
        #expect(try session.attachedNames().isEmpty)
        let missing = TemporaryFile.path("attach-missing")
        #expect(throws: AmigoError.cannotAttach(path: missing, name: "gone", reason: "no such file")) { try session.attach(missing, as: "gone") }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func aFileAnotherConnectionHoldsLockedIsRefusedAndTheSessionGoesOn() throws {
        let (main, archive) = try AttachSpec.files()
        var other: OpaquePointer?
        #expect(sqlite3_open(archive.path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        #expect(sqlite3_exec(other, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        let engine = try SQLiteEngine(path: main.path, options: OpenOptions(busyTimeoutMilliseconds: 100))
        let session = try AmigoDatabase([], engine: engine).openSession()
        let refused = #expect(throws: AmigoError.self) { try session.attach(archive.path, as: "archive") }
        #expect(refused?.description == "cannot attach \(archive.path) as archive: another program holds it locked (database is locked); try again when it is done")
        #expect(try session.attachedNames().isEmpty)
        #expect(try engine.fetchScalar("SELECT count(*) FROM artist").integerValue == 1)
        sqlite3_exec(other, "ROLLBACK", nil, nil, nil)
        try session.attach(archive.path, as: "archive")
        #expect(try session.attachedNames() == ["archive"])
    }
}

/// Links across files: a column of one file whose name and values match another file's key is
/// inferred as a link to it, as within one file; values that do not match make none.
@Suite struct AttachedLinkInferenceSpec {
    static func orders(customerIds: [Int]) throws -> SyntheticDatabase {
        try SyntheticDatabase("""
            CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, total REAL);
            INSERT INTO orders VALUES \(customerIds.enumerated().map { "(\($0.offset + 1), \($0.element), 9.5)" }.joined(separator: ", "));
            """)
    }

    static let crm = """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO customers VALUES (1, 'Ada'), (2, 'Grace'), (3, 'Edsger');
        """

    static func reflect(_ main: SyntheticDatabase, attaching crm: SyntheticDatabase) throws -> AmigoDatabase {
        let engine = try SQLiteEngine(path: main.path)
        let session = try AmigoDatabase([], engine: engine).openSession()
        try session.attach(crm.path, as: "crm", readOnly: true)
        try session.close()
        return try AmigoDatabase(reflecting: engine)
    }

    @Test func aKeyColumnWhoseValuesAreAnotherFilesKeysLeadsThereInferred() throws {
        let main = try Self.orders(customerIds: [1, 2, 2, 3])
        let crm = try SyntheticDatabase(Self.crm)
        let amigo = try Self.reflect(main, attaching: crm)
        let customer = try #require(try amigo.model(named: "orders").relationship(named: "customer"))
        #expect(customer.target.name == "crm.customers" && customer.isInferred)
        #expect(try amigo.model(named: "crm.customers").relationship(named: "orders")?.target.name == "orders")
        let session = try amigo.openSession()
        let graces = try session.query("orders").filter("customer.name = %@", "Grace").count()
        #expect(graces == 2)
    }

    @Test func valuesThatAreNotTheOtherFilesKeysMakeNoLink() throws {
        let main = try Self.orders(customerIds: [1, 2, 99])
        let crm = try SyntheticDatabase(Self.crm)
        let amigo = try Self.reflect(main, attaching: crm)
        #expect(try amigo.model(named: "orders").relationships.isEmpty)
        #expect(try amigo.model(named: "crm.customers").relationships.isEmpty)
    }
}
