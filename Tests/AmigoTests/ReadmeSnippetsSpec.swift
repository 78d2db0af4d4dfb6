import AmigoTestSupport
import Foundation
import Testing
import Amigo

/// Every other Swift block of the README, run as written between README-EXAMPLE markers (the
/// README's own lines, indented by eight spaces); `ReadmeSpec` checks that each block of the README
/// is one of these regions. What a block needs (a file, models) is set up before the markers, and
/// what its comments promise is checked after them.
@Suite(.serialized) struct ReadmeSnippetsSpec {
    /// The Dog/Person models of the README's first example.
    final class Dog: AmigoModel {
        var id: Int?
        var name: String?
    }

    final class Person: AmigoModel {
        var id: Int?
        var name: String?
        var dog: Dog?
    }

    static func dogAndPerson() throws -> AmigoDatabase {
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("name", \Dog.name),
                           OneToMany("people", using: Person.self, on: "dog"))
        let person = ORMModel(Person.self, Column("id", \Person.id, primaryKey: true), Column("name", \Person.name),
                              Column("dog", ForeignKey(dog), \Person.dog))
        let amigo = try AmigoDatabase([dog, person], factory: SQLiteEngineFactory(":memory:", echo: false))
        try amigo.createAll()
        return amigo
    }

    /// Runs `body` with the current folder set to a new folder holding a copy of chinook.sqlite
    /// (the reflection example opens "chinook.sqlite" by its relative name).
    static func inFolderWithChinook<R>(_ body: () throws -> R) throws -> R {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(copy) }
        try FileManager.default.copyItem(atPath: copy, toPath: folder.appendingPathComponent("chinook.sqlite").path)
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(folder.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }

    @Test func readingWhileWritingThroughAPool() throws {
        try Self.inFolderWithChinook {
            // README-EXAMPLE-BEGIN
            // One writer and up to 5 readers; each connection gets models of its own from the factory.
            let pool = try AmigoPool(path: "dogs.sqlite", models: .compiled { dogModels() },
                                     configuration: .init(maximumReaders: 5, create: true))
            print(pool.journalModeAtOpen, pool.switchedToWAL)                  // delete true: now in WAL, and stays so
            try pool.write { session in                                         // one write at a time
                try session.amigo.createAll()
                let rex = Dog(); rex.name = "Rex"
                try session.add(rex)                                            // BEGIN … INSERT … COMMIT
            }
            let names = try pool.read { session in                              // any thread, beside a write
                try session.query(Dog.self).orderBy("name").all().compactMap(\.name)   // one snapshot: ["Rex"]
            }
            try pool.close()                                                    // waits for reads and writes
            // README-EXAMPLE-END
            #expect(pool.journalModeAtOpen == "delete")
            #expect(pool.switchedToWAL)
            #expect(names == ["Rex"])
        }
    }

    @Test func reflection() throws {
        try Self.inFolderWithChinook {
            // README-EXAMPLE-BEGIN
            let amigo = try AmigoDatabase(reflecting: "chinook.sqlite")            // never creates a missing file
            let session = try amigo.openSession()
            let acdc = try session.query("Artist").filter("Name = %@", "AC/DC").first()!
            let albums = try session.query("Album").using(acdc).relationship("albums").all()
            let rock = try session.query("Track").filter("genre.Name = 'Rock'").count()   // 1297
            for (relationship, count) in try session.relatedCounts(of: acdc) { print(relationship.name, count) }
            // README-EXAMPLE-END
            #expect(albums.count == 2)
            #expect(rock == 1297)
        }
    }

    @Test func aggregates() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let amigo = try AmigoDatabase(reflecting: path)
        // README-EXAMPLE-BEGIN
        let session = try amigo.openSession()
        let rock = session.query("Track").filter("GenreId = %@", 1)
        let average = try rock.avg("Milliseconds")          // Double?  (nil on no rows)
        let longest = try rock.max("Milliseconds")          // DatabaseValue?
        let total = try rock.total("Bytes")                 // Double   (0.0 on no rows)
        let composers = try rock.count("Composer")          // non-null values
        let names = try rock.filter("AlbumId = %@", 1).groupConcat("Name", separator: " / ")
        let stats = try rock.aggregate([.count, .countDistinct("AlbumId"), .nulls("Composer"), .min("Name")])
        // README-EXAMPLE-END
        #expect(average == (try amigo.engine.fetchScalar("SELECT avg(Milliseconds) FROM Track WHERE GenreId = 1").doubleValue))
        #expect(longest == (try amigo.engine.fetchScalar("SELECT max(Milliseconds) FROM Track WHERE GenreId = 1")))
        #expect(total == (try amigo.engine.fetchScalar("SELECT total(Bytes) FROM Track WHERE GenreId = 1").doubleValue))
        #expect(composers == 1297 - Int(try amigo.engine.fetchScalar("SELECT count(*) FROM Track WHERE GenreId = 1 AND Composer IS NULL").integerValue ?? -1))
        #expect(names?.hasPrefix("For Those About To Rock") == true)
        #expect(stats.count == 4)
    }

    @Test func schemaSynchronisation() throws {
        final class Dog: AmigoModel {
            var id: Int?
            var label: String?
        }
        let path = TemporaryFile.path("readme-sync")
        defer { TemporaryFile.remove(path) }
        do {
            let setup = try SQLiteEngine(path: path, options: OpenOptions(create: true))
            try setup.executeScript("CREATE TABLE dog (id INTEGER PRIMARY KEY, label TEXT, old TEXT); INSERT INTO dog (label, old) VALUES ('Rex', 'x');")
        }
        // README-EXAMPLE-BEGIN
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label))
        let amigo = try AmigoDatabase([dog], factory: SQLiteEngineFactory(path))
        let plan = try amigo.syncSchemaPlan(preserve: true)       // dry run: the file is not touched
        // [TableSyncResult(table: "dog", action: .recreatedKeepingRows(removed: ["old"], added: []))]
        let done = try amigo.syncSchema(preserve: true)           // one transaction; rolled back on failure
        // README-EXAMPLE-END
        #expect(plan.map(\.table) == ["dog"])
        #expect(plan.map(\.action) == [.recreatedKeepingRows(removed: ["old"], added: [])])
        #expect(plan == done)
        #expect(try amigo.engine.fetchScalar("SELECT label FROM dog").textValue == "Rex")
    }

    @Test func schemaVersions() throws {
        let amigo = try AmigoDatabase([], factory: SQLiteEngineFactory(":memory:", echo: false))
        // README-EXAMPLE-BEGIN
        var migrator = Migrator()
        migrator.register(2, "add breed") { engine in
            try engine.executeScript("ALTER TABLE dog ADD COLUMN breed TEXT")
        }
        migrator.register(1, "create dog") { engine in
            try engine.executeScript("CREATE TABLE dog (id INTEGER PRIMARY KEY, label TEXT)")
        }
        let applied = try migrator.migrate(amigo.engine)     // [1, 2]: in order, one transaction each
        let again = try migrator.migrate(amigo.engine)       // []: user_version is already 2
        let version = try migrator.currentVersion(of: amigo.engine)   // 2
        // README-EXAMPLE-END
        #expect(applied == [1, 2])
        #expect(again == [])
        #expect(version == 2)
    }

    @Test func crudConveniences() throws {
        let amigo = try Self.dogAndPerson()
        let owner = try amigo.openSession()
        let ada = Person(); ada.name = "Ada"
        let rex0 = Dog(); rex0.id = 7; rex0.name = "Old Rex"; ada.dog = rex0
        try owner.add(ada)
        try owner.commit()
        try owner.close()
        // README-EXAMPLE-BEGIN
        let session = try amigo.openSession()
        let rex = Dog(); rex.id = 7; rex.name = "Rex"
        try session.upsert(rex)                             // inserted with id 7, or row 7 overwritten
        let renamed = Dog(); renamed.id = 7; renamed.name = "Rex II"
        try session.update(renamed)                         // every column, by key; no fetch needed
        let seven = try session.get(Dog.self, 7)            // Dog? — nil when there is no such row
        let rs = try session.all(Dog.self, where: "name BEGINSWITH %@", "R")
        let first = try session.first(Dog.self, where: "id > %@", 5)
        let changed = try session.query(Dog.self).update(set: ["name": "Max"], where: "name = %@", "Rex II")
        let deleted = try session.query(Person.self).delete(where: "dog.name = %@", "Max")  // joins dog
        try session.commit()
        // README-EXAMPLE-END
        #expect(seven?.name == "Rex II")
        #expect(rs.map(\.name) == ["Rex II"])
        #expect(first?.id == 7)
        #expect(changed == 1)
        #expect(deleted == 1)
        #expect(try amigo.query(Person.self).count() == 0)
    }

    @Test func rawSQL() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let amigo = try AmigoDatabase(reflecting: path)
        // README-EXAMPLE-BEGIN
        let session = try amigo.openSession()
        try session.execute("UPDATE Track SET UnitPrice = ? WHERE GenreId = ?", [1.29, 1])
        let rows = try session.fetch("SELECT Name, count(*) AS n FROM Track WHERE GenreId = ? GROUP BY Name ORDER BY n DESC", [1])
        let top = rows.first?["n"]                           // DatabaseValue, by column name
        do {
            try session.execute("UPDATE Trak SET UnitPrice = 0")
        } catch AmigoError.database(let error) {
            print(error.code, error.message)                 // 1 no such table: Trak
        }
        try session.commit()
        // README-EXAMPLE-END
        #expect((top?.integerValue ?? 0) >= 1)
        #expect(try amigo.engine.fetchScalar("SELECT count(*) FROM Track WHERE GenreId = 1 AND UnitPrice != 1.29").integerValue == 0)
    }
}

/// The README's Dog and Person models, new instances on every call (what a pool's factory gives
/// each of its connections).
func dogModels() -> [ORMModel] {
    typealias Dog = ReadmeSnippetsSpec.Dog
    typealias Person = ReadmeSnippetsSpec.Person
    let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("name", \Dog.name),
                       OneToMany("people", using: Person.self, on: "dog"))
    let person = ORMModel(Person.self, Column("id", \Person.id, primaryKey: true), Column("name", \Person.name),
                          Column("dog", ForeignKey(dog), \Person.dog))
    return [dog, person]
}
