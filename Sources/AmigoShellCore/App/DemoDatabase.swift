import Amigo
import Foundation

/// The built-in demo: the original Amigo's test models (Dog/Person, Parent/Child,
/// Workout/WorkoutExercise/WorkoutMeta) as compiled Swift models, filled with enough rows to
/// scroll and follow. amigo-shell opens it when no file is given.
package enum DemoDatabase {
    /// A dog.
    package final class Dog: AmigoModel {
        /// The `id` column.
        public var id: Int?
        /// The `name` column.
        public var name: String?
        /// The `breed` column.
        package var breed: String?
        /// Creates an object with no row yet.
        public required init() {}
    }
    /// A person, who may own a dog.
    package final class Person: AmigoModel {
        /// The `id` column.
        public var id: Int?
        /// The `name` column.
        public var name: String?
        /// The `age` column.
        package var age: Int?
        /// The `dog` column.
        package var dog: Dog?
        /// Creates an object with no row yet.
        public required init() {}
    }
    /// A parent, linked to children many-to-many.
    public final class Parent: AmigoModel {
        /// The `id` column.
        public var id: Int?
        /// The `name` column.
        public var name: String?
        /// Creates an object with no row yet.
        public required init() {}
    }
    /// A child.
    public final class Child: AmigoModel {
        /// The `id` column.
        public var id: Int?
        /// The `name` column.
        public var name: String?
        /// Creates an object with no row yet.
        public required init() {}
    }
    /// A workout, linked to exercises through WorkoutMeta.
    package final class Workout: AmigoModel {
        /// The `id` column.
        public var id: Int?
        /// The `name` column.
        public var name: String?
        /// Creates an object with no row yet.
        public required init() {}
    }
    /// An exercise.
    package final class WorkoutExercise: AmigoModel {
        /// The `id` column.
        public var id: Int?
        /// The `name` column.
        public var name: String?
        /// Creates an object with no row yet.
        public required init() {}
    }
    /// The through model: an exercise's place and duration in a workout.
    package final class WorkoutMeta: AmigoModel {
        /// The `id` column.
        public var id: Int?
        /// The `duration` column.
        package var duration: Int?
        /// The `position` column.
        package var position: Int?
        /// The `workout` column.
        package var workout: Workout?
        /// The `exercise` column.
        package var exercise: WorkoutExercise?
        /// Creates an object with no row yet.
        public required init() {}
    }

    /// The models, mapped.
    public static func models() -> [ORMModel] {
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("name", \Dog.name, optional: false),
                           Column("breed", \Dog.breed), OneToMany("people", using: Person.self, on: "dog"))
        let person = ORMModel(Person.self, Column("id", \Person.id, primaryKey: true), Column("name", \Person.name, optional: false),
                              Column("age", \Person.age), Column("dog", ForeignKey(dog), \Person.dog))
        let parent = ORMModel(Parent.self, Column("id", \Parent.id, primaryKey: true), Column("name", \Parent.name),
                              ManyToMany("children", using: Child.self))
        let child = ORMModel(Child.self, Column("id", \Child.id, primaryKey: true), Column("name", \Child.name),
                             ManyToMany("parents", using: Parent.self))
        let workout = ORMModel(Workout.self, Column("id", \Workout.id, primaryKey: true), Column("name", \Workout.name),
                               ManyToMany("exercises", using: WorkoutExercise.self, throughModel: WorkoutMeta.self))
        let exercise = ORMModel(WorkoutExercise.self, table: "exercise", Column("id", \WorkoutExercise.id, primaryKey: true), Column("name", \WorkoutExercise.name),
                                ManyToMany("workouts", using: Workout.self, throughModel: WorkoutMeta.self))
        let meta = ORMModel(WorkoutMeta.self, table: "workout_meta", Column("id", \WorkoutMeta.id, primaryKey: true), Column("duration", \WorkoutMeta.duration),
                            Column("position", \WorkoutMeta.position), Column("workout", ForeignKey(workout), \WorkoutMeta.workout),
                            Column("exercise", ForeignKey(exercise), \WorkoutMeta.exercise))
        return [dog, person, parent, child, workout, exercise, meta]
    }

    static let dogNames = ["Lucy", "Ollie", "Rex", "Bella", "Max", "Daisy", "Milo", "Luna", "Coco", "Rocky", "Zoë", "ポチ", "Bruno", "Nala", "Toby"]
    static let breeds = ["Beagle", "Collie", "Poodle", "Terrier", "Husky", "Shiba Inu", "Dachshund", nil]
    static let firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Dennis", "Margaret", "Tim", "Linus", "José", "Søren", "山田"]
    static let exercises = ["Squat", "Deadlift", "Bench press", "Row", "Plank", "Lunge", "Pull-up", "Push-up", "Burpee", "Kettlebell swing",
                            "Box jump", "Dip", "Curl", "Press", "Sprint", "Rope climb", "Wall ball", "Thruster", "Clean", "Snatch"]

    /// Creates the demo tables and rows through an Amigo session on `engine`, and commits.
    package static func populate(_ engine: any Engine) throws {
        let amigo = try AmigoDatabase(models(), engine: engine)
        try amigo.createAll()
        let session = try amigo.openSession()
        var dogs: [Dog] = []
        for i in 0..<150 {
            let dog = Dog()
            dog.name = dogNames[i % dogNames.count] + (i < dogNames.count ? "" : " \(i / dogNames.count + 1)")
            dog.breed = breeds[i % breeds.count]
            dogs.append(dog)
        }
        try session.add(dogs)
        var people: [Person] = []
        for i in 0..<400 {
            let person = Person()
            person.name = firstNames[i % firstNames.count] + " " + String(UnicodeScalar(UInt8(65 + (i * 7) % 26)))+"."
            person.age = 18 + (i * 13) % 60
            person.dog = i % 5 == 4 ? nil : dogs[(i * 3) % 120]
            people.append(person)
        }
        try session.add(people)
        var parents: [Parent] = []
        for i in 0..<60 { let p = Parent(); p.name = "Parent \(i + 1)"; parents.append(p) }
        var children: [Child] = []
        for i in 0..<140 { let c = Child(); c.name = firstNames[(i * 5) % firstNames.count] + " Jr. \(i + 1)"; children.append(c) }
        try session.add(parents + children)
        for (i, parent) in parents.enumerated() {
            let count = i % 4 == 3 ? 0 : 1 + i % 3
            let linked = (0..<count).map { children[(i * 2 + $0) % children.count] }
            if !linked.isEmpty { try session.using(parent).relationship("children").add(linked) }
        }
        var workouts: [Workout] = []
        for i in 0..<25 { let w = Workout(); w.name = ["Monday", "Tuesday", "Thursday", "Saturday", "Sunday"][i % 5] + " session \(i / 5 + 1)"; workouts.append(w) }
        var moves: [WorkoutExercise] = []
        for name in exercises { let e = WorkoutExercise(); e.name = name; moves.append(e) }
        try session.add(workouts + moves)
        var metas: [WorkoutMeta] = []
        for (i, workout) in workouts.enumerated() {
            for position in 1...(3 + i % 4) {
                let meta = WorkoutMeta()
                meta.workout = workout
                meta.exercise = moves[(i * 3 + position * 7) % moves.count]
                meta.position = position
                meta.duration = 30 + ((i + position) * 45) % 600
                metas.append(meta)
            }
        }
        try session.add(metas)
        try session.commit()
        try session.close()
    }

    /// Writes the demo database to a new file at `path`.
    public static func write(to path: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            throw ShellError.demoTargetExists(path: path)
        }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try populate(engine)
    }

    /// Writes the demo tables and rows into the database of `engine` (a server's), which must
    /// have no table yet: the demo is never mixed into other data. If writing fails part-way,
    /// the tables made so far are dropped again, so that the database is left empty.
    public static func write(into engine: any Engine) throws {
        let existing = try engine.schemaCatalog.entries()
        if !existing.isEmpty {
            throw ShellError.demoTargetNotEmpty(path: engine.path, tables: existing.prefix(3).map(\.name), total: existing.count)
        }
        do {
            try populate(engine)
        } catch {
            // The demo's own tables only (another client's are left alone); each pass drops what
            // nothing refers to any more, a few passes all of them.
            let demo = Set(((try? AmigoDatabase(models(), engine: engine))?.models ?? []).map(\.table.name))
            for _ in 0..<4 {
                let made = ((try? engine.schemaCatalog.entries()) ?? []).filter { demo.contains($0.name) }
                if made.isEmpty { break }
                for entry in made { try? engine.executeScript(SchemaCompiler(dialect: engine.dialect).dropTable(entry.name, ifExists: true)) }
            }
            throw error
        }
    }
}
