import Foundation
import Testing
@testable import Amigo

/// A model with a property of every supported type.
final class Everything: AmigoModel, @unchecked Sendable {
    var id: Int?
    var text: String?
    var int16: Int16?
    var int32: Int32?
    var int64: Int64?
    var double: Double?
    var float: Float?
    var flag: Bool?
    var date: Date?
    var data: Data?
    var bytes: [UInt8]?
    var decimal: Decimal?
}

/// The DDL `createAll` writes (as stored in sqlite_master), with real REFERENCES constraints, and
/// the mapping of Swift types to column types.
@Suite struct SchemaDDLSpec {
    @Test func aTableIsCreatedWithQuotedNamesAndNullability() throws {
        let db = try SeedDatabase()
        #expect(SchemaCompiler().createTable(db.dog.table)
                == "CREATE TABLE IF NOT EXISTS \"dog\" (\n\t\"id\" INTEGER PRIMARY KEY NOT NULL,\n\t\"label\" TEXT NULL\n);")
        #expect(try db.amigo.engine.masterSQL("dog") == "CREATE TABLE \"dog\" (\n\t\"id\" INTEGER PRIMARY KEY NOT NULL,\n\t\"label\" TEXT NULL\n)")
    }

    @Test func foreignKeyColumnsAreRenamedIndexedAndReferenceTheirTable() throws {
        let db = try SeedDatabase()
        #expect(SchemaCompiler().createAll(db.people.table) == """
            CREATE TABLE IF NOT EXISTS "people" (
            \t"id" INTEGER PRIMARY KEY NOT NULL,
            \t"label" TEXT NULL,
            \t"dog_id" INTEGER NULL REFERENCES "dog" ("id"),
            \t"cat_id" INTEGER NULL REFERENCES "cat" ("id")
            );
            CREATE INDEX IF NOT EXISTS "people_dog_id_idx" ON "people" ("dog_id");
            CREATE INDEX IF NOT EXISTS "people_cat_id_idx" ON "people" ("cat_id");
            """)
        let engine = db.amigo.engine
        #expect(try engine.masterSQL("people")?.contains(#""dog_id" INTEGER NULL REFERENCES "dog" ("id")"#) == true)
        #expect(try engine.masterSQL("post")?.contains(#""author_id" INTEGER NULL REFERENCES "author" ("id")"#) == true)
        #expect(try engine.masterSQL("people_dog_id_idx") == #"CREATE INDEX "people_dog_id_idx" ON "people" ("dog_id")"#)
        let keys = try engine.fetchAll(#"SELECT "table", "from", "to" FROM pragma_foreign_key_list('people') ORDER BY "from""#).rows
        #expect(keys == [["cat", "cat_id", "id"], ["dog", "dog_id", "id"]])
    }

    @Test func aManyToManyJunctionIsNamedFromTheSortedTableNames() throws {
        let db = try SeedDatabase()
        let engine = db.amigo.engine
        #expect(try engine.masterSQL("child_parent") == """
            CREATE TABLE "child_parent" (
            \t"id" INTEGER PRIMARY KEY NOT NULL,
            \t"child_id" INTEGER NOT NULL REFERENCES "child" ("id") ON DELETE CASCADE,
            \t"parent_id" INTEGER NOT NULL REFERENCES "parent" ("id") ON DELETE CASCADE
            )
            """)
        #expect(try engine.masterSQL("child_parent_pair_idx")
                == #"CREATE UNIQUE INDEX "child_parent_pair_idx" ON "child_parent" ("child_id", "parent_id")"#)
        #expect(try engine.masterSQL("child_parent_child_id_idx") != nil)
        #expect(try engine.masterSQL("child_parent_parent_id_idx") != nil)
    }

    @Test func throughModelForeignKeysAreNotNull() throws {
        let db = try SeedDatabase()
        #expect(try db.amigo.engine.masterSQL("workoutmeta") == """
            CREATE TABLE "workoutmeta" (
            \t"id" INTEGER PRIMARY KEY NOT NULL,
            \t"duration" INTEGER NULL,
            \t"position" INTEGER NULL,
            \t"exercise_id" INTEGER NOT NULL REFERENCES "workoutexercise" ("id"),
            \t"workout_id" INTEGER NOT NULL REFERENCES "workout" ("id")
            )
            """)
        // No separate junction table: the through model's rows are the links.
        #expect(db.amigo.junctionTables.map(\.name) == ["child_parent"])
    }

    @Test func columnOptionsAndDeclaredIndexes() throws {
        let pet = ORMModel(name: "pet",
                           Column("id", type: Int.self, primaryKey: true),
                           Column("name", type: String.self, optional: false),
                           Column("tag", type: String.self, unique: true),
                           Column("chip", type: String.self, indexed: true, unique: true),
                           Column("nickname", type: String.self, defaultValue: { "Rex" }),
                           Index("pet_name_nickname_idx", "name", "NICKNAME"))
        let amigo = try AmigoDatabase([pet], factory: SQLiteEngineFactory(":memory:"))
        try amigo.createAll()
        #expect(try amigo.engine.masterSQL("pet") == """
            CREATE TABLE "pet" (
            \t"id" INTEGER PRIMARY KEY NOT NULL,
            \t"name" TEXT NOT NULL,
            \t"tag" TEXT NULL UNIQUE,
            \t"chip" TEXT NULL,
            \t"nickname" TEXT NULL
            )
            """)
        #expect(try amigo.engine.masterSQL("pet_chip_idx") == #"CREATE UNIQUE INDEX "pet_chip_idx" ON "pet" ("chip")"#)
        #expect(try amigo.engine.masterSQL("pet_name_nickname_idx") == #"CREATE INDEX "pet_name_nickname_idx" ON "pet" ("name", "nickname")"#)
        // The default closure runs at insert time and is written back.
        let session = try amigo.openSession()
        let row = try Record(pet, ["name": "Fido"])
        try session.add(row)
        #expect(row["nickname"] == "Rex")
        #expect(try session.query("pet").get(1)?["nickname"] == "Rex")
    }

    @Test func createAllIsIdempotentAndKeepsData() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        try session.add(d)
        try session.commit()
        try db.amigo.createAll()
        try db.amigo.createAll()
        #expect(try session.query(Dog.self).count() == 1)
        let tables = try db.amigo.engine.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").rows
        #expect(tables.map { $0[0] } == ["cat", "child", "child_parent", "dog", "parent", "people", "post", "author",
                                         "uuidmodel", "uuidpkmodel", "workout", "workoutexercise", "workoutmeta"].sorted().map { DatabaseValue.text($0) })
    }

    @Test func swiftTypesMapToColumnTypes() {
        let columns: [(Column, String)] = [
            (Column("a", type: String.self), "TEXT"), (Column("a", type: Int.self), "INTEGER"),
            (Column("a", type: Int16.self), "INTEGER"), (Column("a", type: Int32.self), "INTEGER"),
            (Column("a", type: Int64.self), "INTEGER"), (Column("a", type: Bool.self), "INTEGER"),
            (Column("a", type: Double.self), "REAL"), (Column("a", type: Float.self), "REAL"),
            (Column("a", type: Date.self), "DATETIME"), (Column("a", type: Data.self), "BLOB"),
            (Column("a", type: [UInt8].self), "BLOB"), (Column("a", type: Decimal.self), "TEXT"),
            (Column("a", type: UUID.self), "BLOB"),
            (CharField("a"), "TEXT"), (IntegerField("a"), "INTEGER"), (BooleanField("a"), "INTEGER"),
            (FloatField("a"), "REAL"), (DoubleField("a"), "REAL"), (BinaryField("a"), "BLOB"),
            (DateTimeField("a"), "DATETIME"), (UUIDField("a"), "BLOB"),
        ]
        for (column, expected) in columns {
            #expect(column.declaredType == expected, "\(column.kind)")
        }
    }

    @Test func valuesOfEveryTypeRoundTrip() throws {
        let everything = ORMModel(Everything.self,
            Column("id", \Everything.id, primaryKey: true), Column("text", \Everything.text),
            Column("int16", \Everything.int16), Column("int32", \Everything.int32), Column("int64", \Everything.int64),
            Column("double", \Everything.double), Column("float", \Everything.float), Column("flag", \Everything.flag),
            Column("date", \Everything.date), Column("data", \Everything.data), Column("bytes", \Everything.bytes),
            Column("decimal", \Everything.decimal))
        let amigo = try AmigoDatabase([everything], factory: SQLiteEngineFactory(":memory:"))
        try amigo.createAll()
        let session = try amigo.openSession()
        let e = Everything()
        e.text = "héllo ✓"; e.int16 = -12345; e.int32 = 2_000_000_000; e.int64 = .max; e.double = 0.1; e.float = 1.5
        e.flag = true; e.date = Date(timeIntervalSince1970: 1_700_000_000.123); e.data = Data([0, 1, 255])
        e.bytes = [9, 8, 7]; e.decimal = Decimal(string: "12345678901234567890.123456789")
        try session.add(e, Everything())
        let back = try #require(try session.query(Everything.self).get(1))
        #expect(back.text == e.text)
        #expect(back.int16 == e.int16)
        #expect(back.int32 == e.int32)
        #expect(back.int64 == e.int64)
        #expect(back.double == e.double)
        #expect(back.float == e.float)
        #expect(back.flag == true)
        #expect(back.date == e.date)
        #expect(back.data == e.data)
        #expect(back.bytes == e.bytes)
        #expect(back.decimal == e.decimal)
        let empty = try #require(try session.query(Everything.self).get(2))
        #expect(empty.text == nil && empty.int64 == nil && empty.flag == nil && empty.date == nil && empty.decimal == nil)
        #expect(try amigo.engine.fetchScalar(#"SELECT "date" FROM "everything""#) == "2023-11-14 22:13:20.123")
        #expect(try session.query(Everything.self).filter("flag = YES AND date > %@", Date(timeIntervalSince1970: 0)).count() == 1)
        // Every stored type can be passed as a %@ argument; [UInt8] and Data are one blob each.
        #expect(try session.query(Everything.self).filter("bytes = %@", [UInt8]([9, 8, 7])).sql().arguments == [.blob([9, 8, 7])])
        #expect(try session.query(Everything.self).filter("bytes = %@ AND data = %@", [UInt8]([9, 8, 7]), Data([0, 1, 255])).count() == 1)
        #expect(try session.query(Everything.self).filter("decimal = %@", e.decimal!).count() == 1)
        #expect(try session.query(Everything.self).filter("bytes IN %@", [[UInt8]([9, 8, 7]), [UInt8]([1])]).count() == 1)
    }
}
