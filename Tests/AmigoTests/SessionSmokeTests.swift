import Testing
@testable import Amigo

@Suite struct SessionSmokeSpec {
    @Test func insertWritesKeyBackAndGetFindsIt() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        #expect(try session.query(Dog.self).get(1) == nil)
        let d = Dog(); d.label = "lucy"
        try session.add(d)
        #expect(d.id == 1)
        let fetched = try #require(try session.query(Dog.self).get(1))
        #expect(fetched.label == "lucy")
    }

    @Test func selectRelatedFillsForeignObject() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        try session.add(p)
        #expect(d.id == 1)
        let withoutJoin = try #require(try session.query(People.self).get(1))
        #expect(withoutJoin.dog == nil)
        let joined = try #require(try session.query(People.self).selectRelated("dog").get(1))
        #expect(joined.dog?.label == "Lucy")
        let byPath = try session.query(People.self).filter("dog.label = 'Lucy'").all()
        #expect(byPath.count == 1)
        #expect(try session.query(People.self).using(d).relationship("people").count() == 1)
    }
}
