import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// The built-in demo database: the seed's models, filled through a session, then reflected like
/// any file — its relationships must come back as the models declared them.
@Suite struct DemoDatabaseSpec {
    /// The demo in memory, reflected.
    private func demo() throws -> Explorer {
        let engine = try SQLiteEngine(path: ":memory:")
        try DemoDatabase.populate(engine)
        return try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "demo database (in memory)")
    }

    /// Row counts by table, straight from SQLite.
    private func count(_ explorer: Explorer, _ sql: String) throws -> Int? {
        try explorer.amigo.engine.fetchScalar(sql).integerValue.map(Int.init)
    }

    @Test func populateCreatesEveryTableWithEnoughRowsToScroll() throws {
        let explorer = try demo()
        let counts = Dictionary(uniqueKeysWithValues: explorer.tables.map { ($0.name, $0.rowCount ?? -1) })
        #expect(counts["dog"] == 150)
        #expect(counts["person"] == 400)
        #expect(counts["parent"] == 60)
        #expect(counts["child"] == 140)
        #expect(counts["workout"] == 25)
        #expect(counts["exercise"] == 20)
        #expect(counts["workout_meta"] == (0..<25).reduce(0) { $0 + 3 + $1 % 4 })
        #expect(counts["child_parent"] == (try count(explorer, "SELECT count(*) FROM child_parent")))
        #expect(explorer.pendingChanges == 0)
    }

    @Test func theDemoHasWideAndAccentedNames() throws {
        let explorer = try demo()
        #expect(try count(explorer, "SELECT count(*) FROM dog WHERE name = 'ポチ'") == 1)
        #expect(try count(explorer, "SELECT count(*) FROM person WHERE name LIKE '山田%'")! > 0)
        #expect(try count(explorer, "SELECT count(*) FROM dog WHERE name = 'Zoë'") == 1)
    }

    @Test func aDogsPeopleAreOneToManyThroughPersonDog() throws {
        let explorer = try demo()
        let dog = try explorer.amigo.model(named: "dog")
        let people = try #require(dog.relationship(named: "people"))
        #expect(people.kind == .oneToMany)
        #expect(people.target.name == "person")
        try explorer.open("dog")
        try explorer.get("4")
        let expected = try count(explorer, "SELECT count(*) FROM person WHERE dog_id = 4")
        #expect(try explorer.relations().first { $0.relationship.name == "people" }?.count == expected)
        try explorer.follow("people")
        #expect(explorer.current?.totalCount == expected)
        #expect(explorer.breadcrumb == "dog 4 \"Bella\" › people")
    }

    @Test func aPersonsDogIsToOne() throws {
        let explorer = try demo()
        let person = try explorer.amigo.model(named: "person")
        let dog = try #require(person.relationship(named: "dog"))
        #expect(dog.kind == .toOne)
        #expect(dog.target.name == "dog")
        #expect(dog.sourceColumns.map(\.label) == ["dog_id"])
        try explorer.open("person")
        try explorer.get("2")
        try explorer.follow("dog")
        #expect(try explorer.currentRecord()?["name"] == .text("Bella"))
    }

    @Test func aParentsChildrenAreManyToManyThroughTheLinkTable() throws {
        let explorer = try demo()
        let parent = try explorer.amigo.model(named: "parent")
        let children = try #require(parent.relationship(named: "children"))
        #expect(children.kind == .manyToMany)
        #expect(children.target.name == "child")
        #expect(children.junction?.name == "child_parent")
        try explorer.open("parent")
        try explorer.get("3")                 // i = 2: three children
        try explorer.follow("children")
        #expect(explorer.current?.totalCount == 3)
        #expect(explorer.current?.totalCount == (try count(explorer, "SELECT count(*) FROM child_parent WHERE parent_id = 3")))
        // and back from a child to its parents.
        try explorer.follow("parents")
        #expect(explorer.current?.totalCount == (try count(explorer, """
            SELECT count(*) FROM child_parent WHERE child_id = (SELECT min(child_id) FROM child_parent WHERE parent_id = 3)
            """)))
    }

    @Test func aWorkoutsExercisesGoThroughWorkoutMeta() throws {
        let explorer = try demo()
        let workout = try explorer.amigo.model(named: "workout")
        let exercises = try #require(workout.relationship(named: "exercises"))
        #expect(exercises.kind == .manyToMany)
        #expect(exercises.target.name == "exercise")
        #expect(exercises.junction?.name == "workout_meta")
        #expect(exercises.through?.name == "workout_meta")
        try explorer.open("workout")
        try explorer.get("2")                 // i = 1: four exercises
        let counts = Dictionary(uniqueKeysWithValues: try explorer.relations().map { ($0.relationship.name, $0.count) })
        #expect(counts["exercises"] == 4)
        #expect(counts["exercises"] == (try count(explorer, "SELECT count(*) FROM workout_meta WHERE workout_id = 2")))
        try explorer.follow("exercises")
        let names = try explorer.values(in: 0..<10).map { $0[1] }
        let expected = try explorer.amigo.engine.fetchAll("""
            SELECT e.name FROM exercise e JOIN workout_meta m ON m.exercise_id = e.id WHERE m.workout_id = 2 ORDER BY e.id
            """).rows.map { $0[0] }
        #expect(names == expected)
    }

    @Test func writingTheDemoToAnExistingFileIsRefused() throws {
        let path = TemporaryFile.path("demo")
        defer { TemporaryFile.remove(path) }
        try DemoDatabase.write(to: path)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path)
        #expect(explorer.tables.first { $0.name == "dog" }?.rowCount == 150)
        #expect(throws: ShellError.demoTargetExists(path: path)) {
            try DemoDatabase.write(to: path)
        }
    }
}
