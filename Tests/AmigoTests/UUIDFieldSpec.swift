import Foundation
import Testing
@testable import Amigo

/// UUIDField: 16 bytes in SQLite, a lower-case RFC 4122 string on the model; ported from the
/// original's SpecializedColumnTests.
@Suite struct UUIDFieldSpec {
    static let text = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
    static let bytes: [UInt8] = [0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8]

    @Test func serializeTurnsAUUIDStringIntoSixteenBytes() {
        #expect(UUIDField.serialize(Self.text) == Self.bytes)
        #expect(UUIDField.serialize(Self.text.uppercased()) == Self.bytes)
        #expect(UUIDField.deserialize(Self.bytes) == Self.text)
    }

    @Test(arguments: ["ollie", "", "6ba7b810-9dad-11d1-80b4-00c04fd430c", "6ba7b810-9dad-11d1-80b4-00c04fd430cg"])
    func serializeRejectsMalformedStrings(_ malformed: String) {
        #expect(UUIDField.serialize(malformed) == nil)
    }

    @Test func theDefaultValueIsUsedOnlyWhenThereIsNoValue() throws {
        let db = try SeedDatabase()
        let field = try #require(db.uuidPKModel.table.c["objId"])
        let generated = field.valueOrDefault(.null)
        #expect(UUIDField.serialize(try #require(generated.textValue)) != nil)
        #expect(field.valueOrDefault(.text(Self.text)) == .text(Self.text))
    }

    @Test func aUUIDColumnRoundTripsAsSixteenBytes() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let model = UUIDModel(); model.objId = Self.text.uppercased()
        try session.add(model)
        #expect(model.id == 1)
        let stored = try db.amigo.engine.fetchAll(#"SELECT typeof("objId"), "objId" FROM "uuidmodel""#).rows
        #expect(stored == [["blob", .blob(Self.bytes)]])
        let fetched = try #require(try session.query(UUIDModel.self).get(1))
        #expect(fetched.id == 1)
        #expect(fetched.objId == Self.text)
    }

    @Test func aFilterComparingWithAStringConvertsTheString() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        for text in [Self.text, UUID().uuidString] {
            let m = UUIDModel(); m.objId = text
            try session.add(m)
        }
        let query = session.query(UUIDModel.self).filter("objId = \"\(Self.text)\"")
        let (sql, arguments) = try query.sql()
        #expect(sql == #"SELECT "uuidmodel"."id", "uuidmodel"."objId" FROM "uuidmodel" WHERE "uuidmodel"."objId" = ?"#)
        #expect(arguments == [.blob(Self.bytes)])
        #expect(try query.all().map(\.id) == [1])
        #expect(try session.query(UUIDModel.self).filter("objId = %@", Self.text.uppercased()).all().map(\.id) == [1])
        #expect(try session.query(UUIDModel.self).filter("objId IN %@", [Self.text, "not-a-uuid"]).all().map(\.id) == [1])
        #expect(try session.query(UUIDModel.self).filter("objId = %@", UUID(uuidString: Self.text)!).all().map(\.id) == [1])
        #expect(try session.query(UUIDModel.self).get(1)?.objId == Self.text)
    }

    @Test func aUUIDPrimaryKeyIsGeneratedAndWrittenBack() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let model = UUIDPKModel(); model.label = "Foo"
        try session.add(model)
        let key = try #require(model.objId)
        #expect(key == key.lowercased())
        #expect(UUIDField.serialize(key) != nil)
        let stored = try db.amigo.engine.fetchAll(#"SELECT typeof("objId"), length("objId") FROM "uuidpkmodel""#).rows
        #expect(stored == [["blob", 16]])
        let fetched = try #require(try session.query(UUIDPKModel.self).get(key))
        #expect(fetched.objId == key)
        #expect(fetched.label == "Foo")
    }

    @Test func aUUIDPrimaryKeyKeepsWorkingForRepeatedUpdatesAndDelete() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let model = UUIDPKModel(); model.objId = Self.text; model.label = "one"
        try session.add(model)
        for label in ["two", "three"] {
            model.label = label
            try session.add(model)
            #expect(try session.query(UUIDPKModel.self).get(Self.text)?.label == label)
        }
        try session.delete(model)
        #expect(try session.query(UUIDPKModel.self).count() == 0)
    }

    @Test func batchUpsertWithAPresetUUID() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let model = UUIDPKModel(); model.objId = Self.text; model.label = "Foo"
        try session.batch { batch in try batch.replaceDeletingConflicts(model) }
        #expect(try session.query(UUIDPKModel.self).get(Self.text)?.label == "Foo")
    }

    @Test func batchInsertGeneratesTheDefaultWithoutWritingItBack() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let model = UUIDPKModel(); model.label = "Foo"
        try session.batch { batch in try batch.add(model) }
        #expect(model.objId == nil)
        let stored = try #require(try session.query(UUIDPKModel.self).all().first)
        let key = try #require(stored.objId)
        #expect(try session.query(UUIDPKModel.self).get(key)?.label == "Foo")
    }
}
