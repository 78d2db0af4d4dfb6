import Testing
@testable import Amigo

/// Foreign keys, one-to-many and plain many-to-many, ported from the original's ModelMappingTests
/// and AmigoSessionTests (testAddManyToMany, testDeleteManyToMany).
@Suite struct RelationshipSpec {
    @Test func relationshipsAreResolvedWhenAmigoIsCreated() throws {
        let db = try SeedDatabase()
        let peopleToDog = try #require(db.people.relationship(named: "dog"))
        #expect(peopleToDog.kind == .toOne)
        #expect(peopleToDog.target === db.dog)
        #expect(peopleToDog.sourceColumns.map(\.label) == ["dog_id"])
        let dogToPeople = try #require(db.dog.relationship(named: "people"))
        #expect(dogToPeople.kind == .oneToMany)
        #expect(dogToPeople.target === db.people)
        #expect(dogToPeople.targetColumns.map(\.label) == ["dog_id"])
        let children = try #require(db.parent.relationship(named: "children"))
        #expect(children.kind == .manyToMany)
        #expect(children.junction?.name == "child_parent")
        #expect(children.junctionSourceColumns.map(\.label) == ["parent_id"])
        #expect(children.junctionTargetColumns.map(\.label) == ["child_id"])
        // Both sides of a many-to-many share one junction table.
        #expect(db.child.relationship(named: "parents")?.junction === children.junction)
        #expect(db.amigo.junctionTables.map(\.name) == ["child_parent"])
    }

    // MARK: One-to-many

    @Test func oneToManyListsTheRowsPointingAtTheOwner() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d1 = Dog(); d1.label = "d1"
        let d2 = Dog(); d2.label = "d2"
        let p1 = People(); p1.label = "p1"; p1.dog = d1
        let p2 = People(); p2.label = "p2"; p2.dog = d1
        let p3 = People(); p3.label = "p3"; p3.dog = d2
        try session.add(d1, d2, p1, p2, p3)
        let query = session.query(People.self).using(d1).relationship("people")
        let (sql, arguments) = try query.sql()
        #expect(sql == #"SELECT "people"."id", "people"."label", "people"."dog_id", "people"."cat_id" FROM "people" WHERE "people"."dog_id" = ?"#)
        #expect(arguments == [1])
        #expect(try query.all().map(\.label) == ["p1", "p2"])
        #expect(try query.count() == 2)
        #expect(try session.query(People.self).using(d2).relationship("people").all().map(\.label) == ["p3"])
    }

    @Test func anUnsavedOwnerHasNoRelatedRows() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let saved = Dog(); saved.label = "saved"
        let p = People(); p.label = "p"; p.dog = saved
        try session.add(p)
        #expect(try session.query(People.self).using(Dog()).relationship("people").all().isEmpty)
    }

    @Test func addingThroughAOneToManyPointsTheChildAtTheOwner() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let p1 = People(); p1.label = "p1"
        let p2 = People(); p2.label = "p2"
        try session.using(d).relationship("people").add(p1, p2)
        #expect(d.id == 1)
        #expect(p1.dog === d)
        #expect(try session.query(People.self).using(d).relationship("people").count() == 2)
        try session.using(d).relationship("people").delete(p1)
        #expect(p1.dog == nil)
        #expect(try session.query(People.self).using(d).relationship("people").all().map(\.label) == ["p2"])
        #expect(try session.query(People.self).filter("dog = nil").all().map(\.label) == ["p1"])
    }

    @Test func unlinkingAChildOfAnotherOwnerLeavesItAlone() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d1 = Dog(); d1.label = "d1"
        let d2 = Dog(); d2.label = "d2"
        let p = People(); p.label = "p"; p.dog = d2
        try session.add(d1, p)
        db.trace.clear()
        try session.using(d1).relationship("people").delete(p)
        try session.using(p).relationship("dog").delete(d1)
        #expect(db.trace.statements.isEmpty)
        #expect(p.dog === d2)
        #expect(try session.query(People.self).using(d2).relationship("people").all().map(\.label) == ["p"])
    }

    @Test func addingThroughAToOneRelationshipPointsTheOwner() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p = People(); p.label = "p"
        let d = Dog(); d.label = "Rex"
        try session.add(p, d)
        try session.using(p).relationship("dog").add(d)
        #expect(try session.query(People.self).selectRelated("dog").get(1)?.dog?.label == "Rex")
        try session.using(p).relationship("dog").delete(d)
        #expect(try session.query(People.self).selectRelated("dog").get(1)?.dog == nil)
    }

    /// The original Amigo's scenario on both kinds of model: linking an owner to a row that was
    /// never saved inserts that row first and points the owner at its new key.
    @Test func addingAnUnsavedRowThroughAToOneInsertsItFirstOnCompiledAndRunTimeModels() throws {
        let compiled = try SeedDatabase()
        let session = try compiled.amigo.openSession()
        let p = People(); p.label = "p"
        try session.add(p)
        let d = Dog(); d.label = "Rex"
        try session.using(p).relationship("dog").add(d)
        #expect(d.id != nil)
        #expect(try session.query(People.self).selectRelated("dog").get(p.id!)?.dog?.label == "Rex")
        try session.close()

        let runtime = try RuntimeDatabase()
        let records = try runtime.amigo.openSession()
        let p1 = try runtime.row(runtime.person, ["label": "p1"])
        try records.add(p1)
        let d1 = try runtime.row(runtime.dog, ["label": "d1"])
        try records.using(p1).relationship("dog").add(d1)
        #expect(d1.isPersisted)
        #expect(d1["id"] != .null)
        #expect(p1["dog_id"] == d1["id"])
        #expect(try records.query("person").filter("dog.label = 'd1'").count() == 1)
    }

    @Test func aForeignKeyDeclaredByColumnWorksLikeOneDeclaredByModel() throws {
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label),
                           OneToMany("people", using: People.self))
        let people = ORMModel(People.self, Column("id", \People.id, primaryKey: true), Column("label", \People.label),
                              Column("dog", ForeignKey(dog.table.c["id"]!), \People.dog))
        let amigo = try AmigoDatabase([dog, people], factory: SQLiteEngineFactory(":memory:"))
        try amigo.createAll()
        #expect(try amigo.engine.masterSQL("people")?.contains(#""dog_id" INTEGER NULL REFERENCES "dog" ("id")"#) == true)
        let session = try amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        try session.add(p)
        #expect(try session.query(People.self).selectRelated("dog").get(1)?.dog?.label == "Lucy")
        #expect(try session.query(People.self).using(d).relationship("people").count() == 1)
    }

    // MARK: Many-to-many

    @Test func manyToManyLinksAreAddedFromEitherSide() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p1 = Parent(); p1.label = "p1"
        let p2 = Parent(); p2.label = "p2"
        let c1 = Child(); c1.label = "c1"
        let c2 = Child(); c2.label = "c2"
        try session.add(p1, p2, c1, c2)
        db.trace.clear()
        try session.using(p1).relationship("children").add(c1, c2)
        #expect(db.trace.statements == Array(repeating: #"INSERT OR IGNORE INTO "child_parent" ("parent_id", "child_id") VALUES (?, ?)"#, count: 2))
        #expect(db.trace.events.map(\.arguments) == [[1, 1], [1, 2]])
        #expect(try session.query(Child.self).using(p1).relationship("children").count() == 2)
        #expect(try session.query(Child.self).using(p2).relationship("children").count() == 0)
        try session.using(c1).relationship("parents").add(p2)
        try session.using(c2).relationship("parents").add(p2)
        #expect(try session.query(Child.self).using(p2).relationship("children").all().map(\.label) == ["c1", "c2"])
        #expect(try session.query(Child.self).using(p2).relationship("children").sql().sql
                == #"SELECT "child"."id", "child"."label" FROM "child" JOIN "child_parent" ON "child_parent"."child_id" = "child"."id" WHERE "child_parent"."parent_id" = ?"#)
    }

    @Test func theInverseSideSeesTheSameLinks() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p1 = Parent(); p1.label = "foo"
        let p2 = Parent(); p2.label = "bar"
        let c1 = Child(); c1.label = "c1"
        try session.add(p1, p2, c1)
        try session.using(p1).relationship("children").add(c1)
        try session.using(p2).relationship("children").add(c1)
        #expect(try session.query(Parent.self).using(c1).relationship("parents").count() == 2)
    }

    @Test func deletingAManyToManyLinkKeepsBothRows() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p1 = Parent(); p1.label = "foo"
        let p2 = Parent(); p2.label = "bar"
        let c1 = Child(); c1.label = "c1"
        try session.add(p1, p2, c1)
        try session.using(p1).relationship("children").add(c1)
        try session.using(p2).relationship("children").add(c1)
        db.trace.clear()
        try session.using(c1).relationship("parents").delete(p2)
        #expect(db.trace.statements == [#"DELETE FROM "child_parent" WHERE "child_id" = ? AND "parent_id" = ?"#])
        #expect(db.trace.events.first?.arguments == [1, 2])
        let parents = try session.query(Parent.self).using(c1).relationship("parents").all()
        #expect(parents.map(\.label) == ["foo"])
        #expect(try session.query(Parent.self).count() == 2)
        #expect(try session.query(Child.self).count() == 1)
    }

    @Test func linkingTheSamePairTwiceKeepsOneLink() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p = Parent(); p.label = "p"
        let c = Child(); c.label = "c"
        try session.add(p, c)
        try session.using(p).relationship("children").add(c)
        try session.using(p).relationship("children").add(c)
        try session.using(c).relationship("parents").add(p)
        #expect(try db.amigo.engine.rowCount("child_parent") == 1)
        withExtendedLifetime(session) {}
    }

    @Test func linkingSavesUnsavedObjectsFirst() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p = Parent(); p.label = "p"
        let c = Child(); c.label = "c"
        try session.using(p).relationship("children").add(c)
        #expect(p.id == 1)
        #expect(c.id == 1)
        #expect(try session.query(Child.self).using(p).relationship("children").all().map(\.label) == ["c"])
    }

    @Test func deletingARowRemovesItsJunctionRows() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p = Parent(); p.label = "p"
        let c1 = Child(); c1.label = "c1"
        let c2 = Child(); c2.label = "c2"
        try session.using(p).relationship("children").add(c1, c2)
        try session.delete(c1)
        #expect(try db.amigo.engine.rowCount("child_parent") == 1)
        try session.delete(p)
        #expect(try db.amigo.engine.rowCount("child_parent") == 0)
        #expect(try session.query(Child.self).all().map(\.label) == ["c2"])
    }

    @Test func aManyToManyGivesEachRelatedRowOnceEvenWhenTheJunctionRepeatsAPair() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE course (id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE attendance (id INTEGER PRIMARY KEY, student_id INTEGER NOT NULL REFERENCES student(id),
                                     course_id INTEGER NOT NULL REFERENCES course(id), day TEXT);
            INSERT INTO student VALUES (1, 'Ada');
            INSERT INTO course VALUES (1, 'Maths'), (2, 'Art'), (3, 'Music');
            INSERT INTO attendance (student_id, course_id, day) VALUES (1, 1, 'mon'), (1, 1, 'tue'), (1, 1, 'wed'), (1, 2, 'mon');
            """)
        let amigo = try AmigoDatabase(reflecting: engine)
        let session = try amigo.openSession()
        let ada = try #require(try session.query("student").get(1))
        let courses = session.query("course").using(ada).relationship("courses")
        #expect(try courses.count() == 2)
        #expect(try courses.orderBy("id").all().map { $0["title"] } == ["Maths", "Art"])
        // Every link, with its payload, through the junction's own relationship.
        #expect(try session.query("attendance").using(ada).relationship("attendances").count() == 4)
        let counts = Dictionary(uniqueKeysWithValues: try session.relatedCounts(of: ada).map { ($0.relationship.name, $0.count) })
        #expect(counts["courses"] == 2 && counts["attendances"] == 4)
    }
}
