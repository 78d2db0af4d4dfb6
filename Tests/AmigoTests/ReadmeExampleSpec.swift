import Testing
import Amigo

/// Runs the README's Dog/Person example verbatim. The README shows the lines between the
/// README-EXAMPLE markers (after `import Amigo`); keep the two in sync. The example's classes are
/// local to the test function, so they do not clash with the seed models' `Dog`.
@Suite struct ReadmeExampleSpec {
    @Test func theReadmeExampleRuns() throws {
        // README-EXAMPLE-BEGIN
        final class Dog: AmigoModel {
            var id: Int?
            var name: String?
        }

        final class Person: AmigoModel {
            var id: Int?
            var name: String?
            var dog: Dog?
        }

        let dog = ORMModel(Dog.self,
            Column("id", \Dog.id, primaryKey: true),
            Column("name", \Dog.name),
            OneToMany("people", using: Person.self, on: "dog"))
        let person = ORMModel(Person.self,
            Column("id", \Person.id, primaryKey: true),
            Column("name", \Person.name),
            Column("dog", ForeignKey(dog), \Person.dog))      // stored as dog_id REFERENCES dog (id)

        let amigo = try AmigoDatabase([dog, person], factory: SQLiteEngineFactory(":memory:", echo: false))
        try amigo.createAll()

        let session = try amigo.openSession()                // BEGIN
        let rex = Dog()
        rex.name = "Rex"
        let ada = Person()
        ada.name = "Ada"
        ada.dog = rex
        try session.add(ada)                                 // inserts rex first, then ada; both get their ids
        print(rex.id!, ada.id!)                              // 1 1

        let owners = try session.query(Person.self)
            .filter("dog.name = %@", "Rex")                  // LEFT JOIN dog … WHERE dog.name = ?
            .selectRelated("dog")
            .all()
        print(owners.map { "\($0.name!) owns \($0.dog!.name!)" })   // ["Ada owns Rex"]

        let people = try session.query(Person.self).using(rex).relationship("people").all()
        print(people.count)                                  // 1
        try session.commit()                                 // COMMIT, then BEGIN again
        // README-EXAMPLE-END

        #expect(rex.id == 1)
        #expect(ada.id == 1)
        #expect(owners.map { "\($0.name!) owns \($0.dog!.name!)" } == ["Ada owns Rex"])
        #expect(people.map(\.name) == ["Ada"])
        #expect(try amigo.query(Person.self).count() == 1)
        #expect(try amigo.engine.fetchScalar("SELECT sql FROM sqlite_master WHERE name = 'person'").textValue?
                    .contains(#""dog_id" INTEGER NULL REFERENCES "dog" ("id")"#) == true)
    }
}
