import Foundation
import Testing
@testable import Amigo

/// The seed schema declared at run time: no Swift classes, rows are ``Record``s.
struct RuntimeDatabase {
    let amigo: AmigoDatabase
    let dog: ORMModel, person: ORMModel, parent: ORMModel, child: ORMModel
    let workout: ORMModel, exercise: ORMModel, meta: ORMModel, token: ORMModel, tokenPK: ORMModel
    let trace: EchoRecorder

    init(path: String = ":memory:") throws {
        dog = ORMModel(name: "dog", Column("id", type: Int.self, primaryKey: true), Column("label", type: String.self),
                       OneToMany("people", model: "person", on: "dog"))
        person = ORMModel(name: "person", Column("id", type: Int.self, primaryKey: true), Column("label", type: String.self),
                          Column("dog", type: ForeignKey(dog)))
        parent = ORMModel(name: "parent", Column("id", type: Int.self, primaryKey: true), Column("label", type: String.self),
                          ManyToMany("children", model: "child"))
        child = ORMModel(name: "child", Column("id", type: Int.self, primaryKey: true), Column("label", type: String.self),
                         ManyToMany("parents", model: "parent"))
        workout = ORMModel(name: "workout", Column("id", type: Int.self, primaryKey: true), Column("label", type: String.self),
                           ManyToMany("exercises", model: "workoutexercise", throughModel: "workoutmeta"))
        exercise = ORMModel(name: "workoutexercise", Column("id", type: Int.self, primaryKey: true),
                            Column("label", type: String.self),
                            ManyToMany("workouts", model: "workout", throughModel: "workoutmeta"))
        meta = ORMModel(name: "workoutmeta", Column("id", type: Int.self, primaryKey: true),
                        Column("duration", type: Int.self), Column("position", type: Int.self),
                        Column("exercise", type: ForeignKey(exercise)), Column("workout", type: ForeignKey(workout)))
        token = ORMModel(name: "token", Column("id", type: Int.self, primaryKey: true),
                         UUIDField("objId", indexed: true, unique: true))
        tokenPK = ORMModel(name: "tokenpk", UUIDField("objId", primaryKey: true) { UUID().uuidString.lowercased() },
                           Column("label", type: String.self))
        amigo = try AmigoDatabase([dog, person, parent, child, workout, exercise, meta, token, tokenPK], factory: SQLiteEngineFactory(path))
        trace = EchoRecorder(amigo.engine.echo)
        try amigo.createAll()
    }

    /// A new row of `model` with the given values.
    func row(_ model: ORMModel, _ values: [String: any DatabaseValueConvertible]) throws -> Record {
        try Record(model, values)
    }
}

/// The seed scenarios again, with run-time models (`ORMModel(name:…)`) and ``Record`` rows.
@Suite struct RuntimeModelSpec {
    @Test func recordsAreInsertedUpdatedAndDeleted() throws {
        let db = try RuntimeDatabase()
        let session = try db.amigo.openSession()
        let lucy = Record(db.dog)
        try lucy.set("label", "lucy")
        db.trace.clear()
        try session.add(lucy)
        #expect(lucy["id"] == 1)
        #expect(lucy.description == "dog(id: 1, label: 'lucy')")
        try lucy.set("label", "ollie")
        try session.add(lucy)
        #expect(db.trace.statements == [#"INSERT INTO "dog" ("label") VALUES (?)"#, #"UPDATE "dog" SET "label" = ? WHERE "id" = ?"#])
        #expect(db.trace.events.map(\.arguments) == [["lucy"], ["ollie", 1]])
        let fetched = try #require(try session.query("dog").get(1))
        #expect(fetched["label"] == "ollie")
        #expect(fetched.model === db.dog)
        try session.delete(fetched)
        #expect(try session.query("dog").count() == 0)
    }

    @Test func theSameModelsWriteTheSameSQLAsCompiledOnes() throws {
        let runtime = try RuntimeDatabase()
        let compiled = try SeedDatabase()
        let r = try runtime.amigo.openSession(), c = try compiled.amigo.openSession()
        runtime.trace.clear(); compiled.trace.clear()
        try r.add(try runtime.row(runtime.dog, ["label": "Lucy"]))
        let d = Dog(); d.label = "Lucy"
        try c.add(d)
        _ = try r.query("dog").filter("label BEGINSWITH[c] %@", "l").orderBy("label").all()
        _ = try c.query(Dog.self).filter("label BEGINSWITH[c] %@", "l").orderBy("label").all()
        #expect(runtime.trace.statements == compiled.trace.statements)
        #expect(runtime.trace.events.map(\.arguments) == compiled.trace.events.map(\.arguments))
    }

    static let parityFilters: [(String, [any FilterArgumentConvertible])] = [
        ("label = 'Lucy'", []), ("label == %@", ["Lucy"]), ("label != 'Lucy'", []), ("label <> 'Lucy'", []),
        ("id < 3", []), ("id <= 3", []), ("id > 3", []), ("id >= 3", []),
        ("id > 1 AND id < 4", []), ("id > 1 && id < 4 || id = 5", []), ("NOT label = 'Rex'", []), ("!(id = 1)", []),
        ("(id = 1 OR id = 2) AND label = 'lucy'", []), ("label IN {'Lucy', 'Rex'}", []), ("id IN %@", [[2, 4]]),
        ("id BETWEEN {2, 4}", []), ("label LIKE 'Lu*'", []), ("label LIKE 'l?cy'", []), ("label LIKE[c] 'LU*'", []),
        ("label BEGINSWITH 'Lu'", []), ("label BEGINSWITH[c] 'lu'", []), ("label ENDSWITH 'cy'", []),
        ("label ENDSWITH[c] 'CY'", []), ("label CONTAINS 'u'", []), ("label CONTAINS[c] 'X'", []),
        ("label = nil", []), ("label != NULL", []), ("id = TRUE", []), ("id = NO", []), ("label = \"Rex\"", []),
        ("label MATCHES 'L.*'", []),
    ]

    @Test func everyFilterOperatorCompilesAndRunsTheSameAsForACompiledModel() throws {
        let runtime = try RuntimeDatabase()
        let compiled = try SeedDatabase()
        let r = try runtime.amigo.openSession(), c = try compiled.amigo.openSession()
        for label in ["Lucy", "lucy", "Lulu", "Rex", nil] as [String?] {
            let row = Record(runtime.dog)
            try row.set("label", label)
            try r.add(row)
            let d = Dog(); d.label = label
            try c.add(d)
        }
        for (filter, arguments) in Self.parityFilters {
            let rq = r.query("dog").filter(filter, arguments: arguments.map(\.filterArgument)).orderBy("id")
            let cq = c.query(Dog.self).filter(filter, arguments: arguments.map(\.filterArgument)).orderBy("id")
            let (rs, ra) = try rq.sql(), (cs, ca) = try cq.sql()
            #expect(rs == cs, "\(filter)")
            #expect(ra == ca, "\(filter)")
            let ids = try cq.all().compactMap(\.id).map { DatabaseValue.integer(Int64($0)) }
            #expect(try rq.all().map { $0["id"] } == ids, "\(filter)")
            #expect(try rq.count() == ids.count, "\(filter)")
        }
    }

    @Test func sessionsDoNotNestAndSavepointBlocksDo() throws {
        let db = try RuntimeDatabase()
        let outer = try db.amigo.openSession()
        try outer.add(try db.row(db.dog, ["label": "lucy"]))
        #expect(throws: AmigoError.sessionAlreadyOpen(path: ":memory:")) { try db.amigo.openSession() }
        try outer.savepoint {
            try outer.add(try db.row(db.dog, ["label": "ollie"]))
        }
        #expect(try db.amigo.query("dog").count() == 2)
        struct Oops: Error {}
        #expect(throws: Oops.self) {
            try outer.savepoint {
                try outer.add(try db.row(db.dog, ["label": "rex"]))
                throw Oops()
            }
        }
        #expect(try outer.query("dog").all().map { $0["label"] } == ["lucy", "ollie"])
    }

    @Test func foreignKeysSelectRelatedAndDottedPaths() throws {
        let db = try RuntimeDatabase()
        let session = try db.amigo.openSession()
        let lucy = try db.row(db.dog, ["label": "Lucy"])
        let rex = try db.row(db.dog, ["label": "Rex"])
        try session.add(lucy, rex)
        let foo = try db.row(db.person, ["label": "Foo", "dog_id": lucy["id"]])
        let bar = try db.row(db.person, ["label": "Bar", "dog_id": rex["id"]])
        try session.add(foo, bar)
        let plain = try #require(try session.query("person").get(1))
        #expect(plain["dog_id"] == 1)
        #expect(plain.relatedRecord("dog") == nil)
        let joined = try session.query("person").selectRelated("dog").orderBy("dog.label", ascending: false).all()
        #expect(joined.map { $0["label"] } == ["Bar", "Foo"])
        #expect(joined.map { $0.relatedRecord("dog")?["label"] } == ["Rex", "Lucy"])
        let query = session.query("person").filter("dog.label = %@", "Lucy")
        #expect(try query.sql().sql == #"SELECT "person"."id", "person"."label", "person"."dog_id" FROM "person" LEFT JOIN "dog" ON "dog"."id" = "person"."dog_id" WHERE "dog"."label" = ?"#)
        #expect(try query.all().map { $0["label"] } == ["Foo"])
    }

    @Test func oneToManyThroughUsingAndTheRelationshipEditor() throws {
        let db = try RuntimeDatabase()
        let session = try db.amigo.openSession()
        let d1 = try db.row(db.dog, ["label": "d1"])
        let d2 = try db.row(db.dog, ["label": "d2"])
        try session.add(d1, d2)
        let p1 = try db.row(db.person, ["label": "p1", "dog_id": d1["id"]])
        let p2 = try db.row(db.person, ["label": "p2", "dog_id": d1["id"]])
        let p3 = try db.row(db.person, ["label": "p3"])
        try session.add(p1, p2, p3)
        #expect(try session.query("person").using(d1).relationship("people").count() == 2)
        try session.using(d2).relationship("people").add(p3)
        #expect(p3["dog_id"] == d2["id"])
        #expect(try session.query("person").using(d2).relationship("people").all().map { $0["label"] } == ["p3"])
        try session.using(p1).relationship("dog").add(d2)
        #expect(try session.query("person").using(d2).relationship("people").count() == 2)
        #expect(try session.query("dog").filter("people.label = 'p2'").all().map { $0["label"] } == ["d1"])
    }

    @Test func manyToManyLinks() throws {
        let db = try RuntimeDatabase()
        let session = try db.amigo.openSession()
        let p1 = try db.row(db.parent, ["label": "p1"]), p2 = try db.row(db.parent, ["label": "p2"])
        let c1 = try db.row(db.child, ["label": "c1"]), c2 = try db.row(db.child, ["label": "c2"])
        try session.add(p1, p2, c1, c2)
        #expect(db.amigo.junctionTables.map(\.name) == ["child_parent"])
        try session.using(p1).relationship("children").add(c1, c2)
        #expect(try session.query("child").using(p1).relationship("children").count() == 2)
        #expect(try session.query("child").using(p2).relationship("children").count() == 0)
        try session.using(c1).relationship("parents").add(p2)
        try session.using(c2).relationship("parents").add(p2)
        #expect(try session.query("child").using(p2).relationship("children").all().map { $0["label"] } == ["c1", "c2"])
        try session.using(c1).relationship("parents").delete(p2)
        #expect(try session.query("parent").using(c1).relationship("parents").all().map { $0["label"] } == ["p1"])
        #expect(try session.query("parent").filter("children.label = 'c2'").count() == 2)
    }

    @Test func throughModelRowsOrderedByPosition() throws {
        let db = try RuntimeDatabase()
        let session = try db.amigo.openSession()
        let w1 = try db.row(db.workout, ["label": "foo"]), w2 = try db.row(db.workout, ["label": "bar"])
        let e1 = try db.row(db.exercise, ["label": "squat"]), e2 = try db.row(db.exercise, ["label": "press"])
        try session.add(w1, w2, e1, e2)
        let specs: [(Record, Record, Int, Int)] = [(w1, e1, 60000, 1), (w1, e2, 15, 2), (w2, e2, 60, 1), (w1, e2, 25, 3)]
        let metas = try specs.map { w, e, duration, position in
            try db.row(db.meta, ["workout_id": w["id"], "exercise_id": e["id"], "duration": duration, "position": position])
        }
        try session.add(metas)
        let results = try session.query("workoutmeta").using(w1).selectRelated("exercise", "workout")
            .relationship("exercises").orderBy("position", ascending: false).all()
        #expect(results.map { $0["id"] } == [4, 2, 1])
        #expect(results.map { $0["duration"] } == [25, 15, 60000])
        #expect(results.map { $0.relatedRecord("exercise")?["label"] } == ["press", "press", "squat"])
        #expect(results.map { $0.relatedRecord("workout")?["label"] } == ["foo", "foo", "foo"])
        #expect(try session.query("workoutexercise").using(w2).relationship("exercises").all().map { $0["label"] } == ["press"])
        try session.delete(metas[3])
        #expect(try session.query("workoutmeta").using(w1).relationship("exercises").count() == 2)
        #expect(throws: AmigoError.relationshipManagedThroughModel(relationship: "exercises", throughModel: "workoutmeta")) {
            try session.using(w1).relationship("exercises").add(e1)
        }
        let orphan = try db.row(db.meta, ["workout_id": w1["id"], "position": 9])
        let error = #expect(throws: AmigoError.self) { try session.add(orphan) }
        #expect(databaseError(error)?.message == "NOT NULL constraint failed: workoutmeta.exercise_id")
    }

    @Test func uuidFieldsRoundTripAndFilter() throws {
        let db = try RuntimeDatabase()
        let session = try db.amigo.openSession()
        let t = try db.row(db.token, ["objId": UUIDFieldSpec.text.uppercased()])
        try session.add(t, try db.row(db.token, ["objId": UUID().uuidString]))
        #expect(try db.amigo.engine.fetchScalar(#"SELECT typeof("objId") FROM "token" WHERE "id" = 1"#) == "blob")
        let fetched = try #require(try session.query("token").get(1))
        #expect(fetched["objId"] == .text(UUIDFieldSpec.text))
        #expect(try session.query("token").filter("objId = %@", UUIDFieldSpec.text).all().map { $0["id"] } == [1])
        let keyed = try db.row(db.tokenPK, ["label": "Foo"])
        try session.add(keyed)
        let key = try #require(keyed["objId"].textValue)
        #expect(UUIDField.serialize(key) != nil)
        #expect(try session.query("tokenpk").get(key)?["label"] == "Foo")
    }

    @Test func upsertAndBatch() throws {
        let db = try RuntimeDatabase()
        let session = try db.amigo.openSession()
        let d = try db.row(db.dog, ["label": "lucy"])
        db.trace.clear()
        try session.replaceDeletingConflicts(d)
        #expect(d["id"] == 1)
        try d.set("label", "ollie")
        try session.replaceDeletingConflicts(d)
        #expect(db.trace.statements == Array(repeating: #"INSERT OR REPLACE INTO "dog" ("id", "label") VALUES (?, ?)"#, count: 2))
        #expect(try session.query("dog").all().map { $0["label"] } == ["ollie"])
        let batch = try (0..<10).map { _ in try db.row(db.dog, ["label": "lucy's"]) }
        try session.batch { b in try b.add(batch) }
        #expect(batch.allSatisfy { $0["id"] == nil })
        #expect(try session.query("dog").filter("label = \"lucy's\"").count() == 10)
        let fetched = try session.query("dog").filter("label = \"lucy's\"").all()
        try session.batch { b in try b.delete(fetched) }
        #expect(try session.query("dog").count() == 1)
    }

    @Test func commitVersusRollbackThroughASecondConnection() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let writer = try RuntimeDatabase(path: file.path)
        let reader = try RuntimeDatabase(path: file.path)
        let session = try writer.amigo.openSession()
        try session.add(try writer.row(writer.dog, ["label": "lucy"]))
        #expect(try reader.amigo.query("dog").count() == 0)
        try session.commit()
        #expect(try reader.amigo.query("dog").all().map { $0["label"] } == ["lucy"])
        try session.add(try writer.row(writer.dog, ["label": "ollie"]))
        try session.rollback()
        try session.add(try writer.row(writer.dog, ["label": "rex"]))
        #expect(try reader.amigo.query("dog").count() == 1)
        try session.commit()
        #expect(try reader.amigo.query("dog").orderBy("label").all().map { $0["label"] } == ["lucy", "rex"])
    }

    @Test func errorsNameTheRunTimeModel() throws {
        let db = try RuntimeDatabase()
        let session = try db.amigo.openSession()
        let d = try db.row(db.dog, ["label": "Lucy"])
        try session.add(d)
        db.trace.clear()
        #expect(throws: AmigoError.unknownColumn(column: "nope", model: "dog")) { try d.set("nope", 1) }
        #expect(throws: AmigoError.unknownColumn(column: "nope", model: "dog")) { try db.row(db.dog, ["nope": 1]) }
        #expect(throws: AmigoError.unknownModel("nope")) { try session.query("nope").all() }
        #expect(throws: AmigoError.unknownRelationship(relationship: "nope", model: "dog", available: ["people"])) {
            try session.query("person").using(d).relationship("nope").all()
        }
        #expect(throws: AmigoError.invalidFilter(message: "unknown column 'nope' in dog (columns: id, label)",
                                                 input: "nope = 1", position: 0, token: "nope")) {
            try session.query("dog").filter("nope = 1").all()
        }
        #expect(throws: AmigoError.self) { try session.query("dog").filter("label = = 1").all() }
        #expect(db.trace.events.isEmpty)
    }

    @Test func compiledModelsCanBeQueriedAsRecords() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        try session.add(p)
        let rows = try session.query("people").selectRelated("dog").all()
        #expect(rows.map { $0["label"] } == ["Foo"])
        #expect(rows.first?.relatedRecord("dog")?["label"] == "Lucy")
        #expect(try session.query("Dog").first()?.model === db.dog)
    }
}
