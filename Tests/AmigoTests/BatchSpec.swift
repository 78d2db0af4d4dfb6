import Testing
@testable import Amigo

/// `session.batch { … }`: statements collected and run together, keys not written back;
/// ported from the original's testBatch* scenarios.
@Suite struct BatchSpec {
    private func dogs(_ count: Int, label: String) -> [Dog] {
        (0..<count).map { _ in let d = Dog(); d.label = label; return d }
    }

    @Test func batchInsertDoesNotWriteKeysBack() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let batchDogs = dogs(10, label: "lucy")
        db.trace.clear()
        try session.batch { batch in
            try batch.add(batchDogs)
            #expect(batch.count == 10)
            #expect(db.trace.statements.isEmpty)  // nothing runs before the block returns
        }
        #expect(db.trace.statements == Array(repeating: #"INSERT INTO "dog" ("label") VALUES (?)"#, count: 10))
        #expect(try session.query(Dog.self).count() == 10)
        #expect(batchDogs.allSatisfy { $0.id == nil && !$0.isPersisted })
    }

    @Test func batchUpsertHandlesApostrophesAndReplacesFetchedRows() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.batch { batch in try batch.replaceDeletingConflicts(dogs(10, label: "lucy's")) }
        #expect(try session.query(Dog.self).count() == 10)
        let fetched = try session.query(Dog.self).all()
        for d in fetched { d.label = "ollie's" }
        try session.batch { batch in try batch.replaceDeletingConflicts(fetched) }
        #expect(try session.query(Dog.self).count() == 10)
        #expect(try session.query(Dog.self).filter("label = \"ollie's\"").count() == 10)
        #expect(try session.query(Dog.self).filter("label = \"lucy's\"").count() == 0)
    }

    @Test func batchAddOfFetchedRowsUpdatesThem() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.batch { batch in try batch.add(dogs(10, label: "lucy")) }
        let fetched = try session.query(Dog.self).all()
        for d in fetched { d.label = "ollie" }
        db.trace.clear()
        try session.batch { batch in try batch.add(fetched) }
        #expect(db.trace.statements == Array(repeating: #"UPDATE "dog" SET "label" = ? WHERE "id" = ?"#, count: 10))
        #expect(try session.query(Dog.self).all().map(\.label) == Array(repeating: "ollie", count: 10))
    }

    @Test func batchMixesUpdatesAndInserts() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.batch { batch in try batch.add(dogs(10, label: "lucy")) }
        let fetched = try session.query(Dog.self).all()
        for d in fetched { d.label = "ollie's" }
        try session.batch { batch in
            try batch.add(fetched)
            try batch.add(dogs(10, label: "lucy's"))
        }
        #expect(try session.query(Dog.self).count() == 20)
        #expect(try session.query(Dog.self).filter("label = %@", "ollie's").count() == 10)
        #expect(try session.query(Dog.self).filter("label = %@", "lucy's").count() == 10)
    }

    @Test func batchDelete() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.batch { batch in try batch.add(dogs(10, label: "lucy")) }
        let fetched = try session.query(Dog.self).all()
        try session.batch { batch in try batch.delete(fetched) }
        #expect(try session.query(Dog.self).count() == 0)
    }

    @Test func batchDeleteOfThroughModelRowsUnlinks() throws {
        let f = try ThroughModelSpec.fixture()
        #expect(try f.session.query(WorkoutMeta.self).count() == 4)
        // w1 links squat once and press twice: two distinct exercises.
        #expect(try f.session.query(WorkoutExercise.self).using(f.w1).relationship("exercises").count() == 2)
        try f.session.batch { batch in try batch.delete(f.m1, f.m2, f.m3, f.m4) }
        #expect(try f.session.query(WorkoutMeta.self).count() == 0)
        #expect(try f.session.query(WorkoutExercise.self).using(f.w1).relationship("exercises").count() == 0)
        #expect(try f.session.query(Workout.self).count() == 2)
    }

    @Test func throughModelRowsWhoseSidesHaveNoKeysFallBackToANormalAdd() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let w1 = Workout(), w2 = Workout(), e1 = WorkoutExercise(), e2 = WorkoutExercise()
        let metas = [ThroughModelSpec.meta(w1, e1, duration: 60000, position: 1),
                     ThroughModelSpec.meta(w1, e2, duration: 15, position: 2),
                     ThroughModelSpec.meta(w2, e2, duration: 60, position: 1),
                     ThroughModelSpec.meta(w1, e2, duration: 25, position: 3)]
        try session.batch { batch in try batch.add(metas) }
        #expect(try session.query(WorkoutMeta.self).count() == 4)
        #expect(w1.id == 1 && w2.id == 2 && e1.id == 1 && e2.id == 2)  // saved normally: keys written back
        #expect(try session.query(WorkoutMeta.self).using(w1).relationship("exercises").count() == 3)
    }

    @Test func throughModelRowsWithPresetKeysAreUpserted() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let w1 = Workout(); w1.id = 1
        let w2 = Workout(); w2.id = 2
        let e1 = WorkoutExercise(); e1.id = 1
        let e2 = WorkoutExercise(); e2.id = 2
        let metas = [ThroughModelSpec.meta(w1, e1, duration: 60000, position: 1),
                     ThroughModelSpec.meta(w1, e2, duration: 15, position: 2),
                     ThroughModelSpec.meta(w2, e2, duration: 60, position: 1),
                     ThroughModelSpec.meta(w1, e2, duration: 25, position: 3)]
        for (n, m) in metas.enumerated() { m.id = n + 1 }
        try session.batch { batch in try batch.replaceDeletingConflicts(metas) }
        #expect(try session.query(WorkoutMeta.self).count() == 4)
        #expect(try session.query(WorkoutMeta.self).using(w2).relationship("exercises").all().map(\.id) == [3])
        // Upserting the same rows again replaces them instead of duplicating.
        try session.batch { batch in try batch.replaceDeletingConflicts(metas) }
        #expect(try session.query(WorkoutMeta.self).count() == 4)
    }

    @Test func aFailingBatchLeavesNothingBehind() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let kept = Dog(); kept.label = "kept"
        try session.add(kept)
        let a = UUIDModel(); a.objId = UUIDFieldSpec.text
        let b = UUIDModel(); b.objId = UUIDFieldSpec.text
        let error = #expect(throws: AmigoError.self) {
            try session.batch { batch in
                try batch.add(dogs(3, label: "gone"))
                try batch.add(a, b)
            }
        }
        #expect(databaseError(error)?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(try session.query(Dog.self).all().map(\.label) == ["kept"])
        #expect(try session.query(UUIDModel.self).count() == 0)
        #expect(session.isActive)
    }
}
