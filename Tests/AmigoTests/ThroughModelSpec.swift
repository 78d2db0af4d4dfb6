import Testing
@testable import Amigo

/// Many-to-many through a model of its own (Workout ↔ WorkoutExercise through WorkoutMeta),
/// ported from the original's testManyToManyThroughModel* and ModelMappingTests.testManyToManyThrough.
@Suite struct ThroughModelSpec {
    struct Fixture {
        let db: SeedDatabase
        let session: Session
        let w1: Workout, w2: Workout, e1: WorkoutExercise, e2: WorkoutExercise
        let m1: WorkoutMeta, m2: WorkoutMeta, m3: WorkoutMeta, m4: WorkoutMeta
    }

    static func meta(_ workout: Workout, _ exercise: WorkoutExercise, duration: Int, position: Int) -> WorkoutMeta {
        let m = WorkoutMeta()
        m.workout = workout; m.exercise = exercise; m.duration = duration; m.position = position
        return m
    }

    /// w1, w2, e1, e2 and m1(w1, e1, 60000, 1), m2(w1, e2, 15, 2), m3(w2, e2, 60, 1), m4(w1, e2, 25, 3),
    /// added one by one (the workouts and exercises are saved with the first meta that uses them).
    static func fixture() throws -> Fixture {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let w1 = Workout(); w1.label = "foo"
        let w2 = Workout(); w2.label = "bar"
        let e1 = WorkoutExercise(); e1.label = "squat"
        let e2 = WorkoutExercise(); e2.label = "press"
        let m1 = meta(w1, e1, duration: 60000, position: 1)
        let m2 = meta(w1, e2, duration: 15, position: 2)
        let m3 = meta(w2, e2, duration: 60, position: 1)
        let m4 = meta(w1, e2, duration: 25, position: 3)
        for m in [m1, m2, m3, m4] { try session.add(m) }
        return Fixture(db: db, session: session, w1: w1, w2: w2, e1: e1, e2: e2, m1: m1, m2: m2, m3: m3, m4: m4)
    }

    @Test func addingThroughModelRowsLinksAndTheyComeBackOrderedByPosition() throws {
        let f = try Self.fixture()
        let query = f.session.query(WorkoutMeta.self).using(f.w1).selectRelated("exercise", "workout")
            .relationship("exercises").orderBy("position", ascending: false)
        let (sql, arguments) = try query.sql()
        #expect(sql == #"SELECT "workoutmeta"."id", "workoutmeta"."duration", "workoutmeta"."position", "workoutmeta"."exercise_id", "workoutmeta"."workout_id", "exercise"."id", "exercise"."label", "workout"."id", "workout"."label" FROM "workoutmeta" LEFT JOIN "workoutexercise" AS "exercise" ON "exercise"."id" = "workoutmeta"."exercise_id" LEFT JOIN "workout" ON "workout"."id" = "workoutmeta"."workout_id" WHERE "workoutmeta"."workout_id" = ? ORDER BY "workoutmeta"."position" DESC"#)
        #expect(arguments == [1])
        let results = try query.all()
        #expect(results.count == 3)
        for (result, expected) in zip(results, [f.m4, f.m2, f.m1]) {
            #expect(result.id == expected.id)
            #expect(result.duration == expected.duration)
            #expect(result.position == expected.position)
            #expect(result.exercise?.id == expected.exercise?.id)
            #expect(result.exercise?.label == expected.exercise?.label)
            #expect(result.workout?.id == expected.workout?.id)
            #expect(result.workout?.label == expected.workout?.label)
        }
        #expect(results.map(\.duration) == [25, 15, 60000])
    }

    @Test func deletingAThroughModelRowUnlinks() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let w1 = Workout(); w1.label = "foo"
        let e1 = WorkoutExercise(); e1.label = "squat"
        let e2 = WorkoutExercise(); e2.label = "press"
        let m1 = Self.meta(w1, e1, duration: 60000, position: 1)
        let m2 = Self.meta(w1, e2, duration: 15, position: 2)
        let m3 = Self.meta(w1, e2, duration: 60, position: 3)
        try session.add(m1, m2, m3)
        let query = session.query(WorkoutMeta.self).using(w1).relationship("exercises").orderBy("position", ascending: false)
        var results = try query.all()
        #expect(results.count == 3)
        #expect(results.first?.id == m3.id)
        try session.delete(m3)
        results = try query.all()
        #expect(results.count == 2)
        #expect(results.first?.id == m2.id)
    }

    @Test func theTargetsOfAThroughRelationshipAreQueriedFromEitherSide() throws {
        let f = try Self.fixture()
        let exercises = f.session.query(WorkoutExercise.self).using(f.w2).relationship("exercises")
        #expect(try exercises.sql().sql == #"SELECT "workoutexercise"."id", "workoutexercise"."label" FROM "workoutexercise" WHERE "workoutexercise"."id" IN (SELECT "workoutmeta"."exercise_id" FROM "workoutmeta" WHERE "workoutmeta"."workout_id" = ?)"#)
        #expect(try exercises.all().map(\.label) == ["press"])
        #expect(try f.session.query(Workout.self).using(f.e1).relationship("workouts").all().map(\.label) == ["foo"])
        #expect(try f.session.query(WorkoutMeta.self).using(f.e2).relationship("workouts").orderBy("id").all().compactMap(\.id)
                == [f.m2.id, f.m3.id, f.m4.id].compactMap { $0 })
    }

    @Test func aSingleThroughRowFromTheModelMappingScenario() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let w1 = Workout(); w1.label = "foo"
        let e1 = WorkoutExercise(); e1.label = "squat"
        let m1 = Self.meta(w1, e1, duration: 60, position: 1)
        try session.add(w1, e1, m1)
        #expect(try session.query(WorkoutMeta.self).using(w1).relationship("exercises").orderBy("position").count() == 1)
    }

    @Test func aFilterThroughTheRelationshipUsesTheThroughTable() throws {
        let f = try Self.fixture()
        let query = f.session.query(Workout.self).filter("exercises.label = %@", "squat")
        #expect(try query.sql().sql == #"SELECT "workout"."id", "workout"."label" FROM "workout" WHERE EXISTS (SELECT 1 FROM "workoutexercise" AS "exercises" JOIN "workoutmeta" AS "exercises#link" ON "exercises#link"."exercise_id" = "exercises"."id" WHERE "exercises#link"."workout_id" = "workout"."id" AND "exercises"."label" = ?)"#)
        #expect(try query.all().map(\.label) == ["foo"])
        #expect(try f.session.query(Workout.self).filter("exercises.label = 'press'").orderBy("id").all().map(\.label) == ["foo", "bar"])
    }

    @Test func linkingThroughTheRelationshipIsRejectedAndWritesNothing() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let w1 = Workout(); w1.label = "foo"
        let e1 = WorkoutExercise(); e1.label = "squat"
        db.trace.clear()
        let error = #expect(throws: AmigoError.self) { try session.using(w1).relationship("exercises").add(e1) }
        #expect(error == .relationshipManagedThroughModel(relationship: "exercises", throughModel: "WorkoutMeta"))
        #expect(error?.description == "relationship 'exercises' is managed through WorkoutMeta: add or delete WorkoutMeta rows instead")
        #expect(db.trace.statements.isEmpty)
        #expect(w1.id == nil)
        try session.add(w1, e1)
        #expect(throws: AmigoError.relationshipManagedThroughModel(relationship: "workouts", throughModel: "WorkoutMeta")) {
            try session.using(e1).relationship("workouts").delete(w1)
        }
    }

    @Test func throughModelForeignKeysAreRequired() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let w = Workout(); w.label = "foo"
        let m = WorkoutMeta(); m.workout = w; m.position = 1
        let error = #expect(throws: AmigoError.self) { try session.add(m) }
        let dbError = try #require(databaseError(error))
        #expect(dbError.code == 19)
        #expect(dbError.extendedCode == 1299)
        #expect(dbError.message == "NOT NULL constraint failed: workoutmeta.exercise_id")
    }
}
