import Amigo
import Foundation

// The original Amigo's test models (AmigoTests/Models.swift), as compiled Swift classes.

final class Dog: AmigoModel {
    var id: Int?
    var label: String?
}

final class Cat: AmigoModel {
    var id: Int?
    var label: String?
}

final class People: AmigoModel {
    var id: Int?
    var label: String?
    var dog: Dog?
    var cat: Cat?
}

final class Author: AmigoModel {
    var id: Int?
    var firstName: String?
    var lastName: String?
}

final class Post: AmigoModel {
    var id: Int?
    var title: String?
    var author: Author?
}

final class Parent: AmigoModel {
    var id: Int?
    var label: String?
}

final class Child: AmigoModel {
    var id: Int?
    var label: String?
}

final class Workout: AmigoModel {
    var id: Int?
    var label: String?
}

final class WorkoutExercise: AmigoModel {
    var id: Int?
    var label: String?
}

final class WorkoutMeta: AmigoModel {
    var id: Int?
    var duration: Int?
    var position: Int?
    var exercise: WorkoutExercise?
    var workout: Workout?
}

final class UUIDModel: AmigoModel {
    var id: Int = 0
    var objId: String?
}

final class UUIDPKModel: AmigoModel {
    var objId: String?
    var label: String = ""
}

/// Builds the seed schema on a fresh in-memory database (one per test, so tests run in parallel).
struct SeedDatabase {
    let amigo: AmigoDatabase
    let dog: ORMModel, cat: ORMModel, people: ORMModel, author: ORMModel, post: ORMModel
    let parent: ORMModel, child: ORMModel, workout: ORMModel, exercise: ORMModel, meta: ORMModel
    let uuidModel: ORMModel, uuidPKModel: ORMModel
    /// Every statement the engine ran, in order.
    let trace: EchoRecorder

    init(path: String = ":memory:") throws {
        dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label),
                       OneToMany("people", using: People.self, on: "dog"))
        cat = ORMModel(Cat.self, Column("id", \Cat.id, primaryKey: true), Column("label", \Cat.label),
                       OneToMany("people", using: People.self, on: "cat"))
        people = ORMModel(People.self, Column("id", \People.id, primaryKey: true), Column("label", \People.label),
                          Column("dog", ForeignKey(dog), \People.dog), Column("cat", ForeignKey(cat), \People.cat))
        author = ORMModel(Author.self, Column("id", \Author.id, primaryKey: true),
                          Column("firstName", \Author.firstName), Column("lastName", \Author.lastName),
                          OneToMany("posts", using: Post.self, on: "author"))
        post = ORMModel(Post.self, Column("id", \Post.id, primaryKey: true), Column("title", \Post.title),
                        Column("author", ForeignKey(author), \Post.author))
        parent = ORMModel(Parent.self, Column("id", \Parent.id, primaryKey: true), Column("label", \Parent.label),
                          ManyToMany("children", using: Child.self))
        child = ORMModel(Child.self, Column("id", \Child.id, primaryKey: true), Column("label", \Child.label),
                         ManyToMany("parents", using: Parent.self))
        workout = ORMModel(Workout.self, Column("id", \Workout.id, primaryKey: true), Column("label", \Workout.label),
                           ManyToMany("exercises", using: WorkoutExercise.self, throughModel: WorkoutMeta.self))
        exercise = ORMModel(WorkoutExercise.self, Column("id", \WorkoutExercise.id, primaryKey: true),
                            Column("label", \WorkoutExercise.label),
                            ManyToMany("workouts", using: Workout.self, throughModel: WorkoutMeta.self))
        meta = ORMModel(WorkoutMeta.self, Column("id", \WorkoutMeta.id, primaryKey: true),
                        Column("duration", \WorkoutMeta.duration), Column("position", \WorkoutMeta.position),
                        Column("exercise", ForeignKey(exercise), \WorkoutMeta.exercise),
                        Column("workout", ForeignKey(workout), \WorkoutMeta.workout))
        uuidModel = ORMModel(UUIDModel.self, IntegerField("id", \UUIDModel.id, primaryKey: true),
                             UUIDField("objId", \UUIDModel.objId, indexed: true, unique: true))
        uuidPKModel = ORMModel(UUIDPKModel.self,
                               UUIDField("objId", \UUIDPKModel.objId, primaryKey: true) { UUID().uuidString.lowercased() },
                               CharField("label", \UUIDPKModel.label))
        amigo = try AmigoDatabase([dog, cat, people, author, post, parent, child, workout, exercise, meta, uuidModel, uuidPKModel],
                          factory: SQLiteEngineFactory(path))
        trace = EchoRecorder(amigo.engine.echo)
        try amigo.createAll()
    }
}

/// Records every echo event of an engine.
final class EchoRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [EchoEvent] = []

    init(_ stream: EchoStream) {
        stream.isEnabled = true
        stream.subscribe { [weak self] event in self?.append(event) }
    }

    private func append(_ event: EchoEvent) { lock.withLock { recorded.append(event) } }

    /// Events so far.
    var events: [EchoEvent] { lock.withLock { recorded } }
    /// SQL of the statements (not transaction control) so far.
    var statements: [String] { events.filter { $0.kind == .statement }.map(\.sql) }
    /// Forgets everything recorded.
    func clear() { lock.withLock { recorded.removeAll() } }
}
