import Testing
import Amigo

/// The public API as a Swift user meets it: the module's types can be named through the module,
/// and transactions are explicit.
@Suite struct PublicAPISpec {
    @Test func theModulesTypesCanBeQualifiedByTheModuleName() throws {
        // With a class named like the module, `Amigo.Table` did not compile.
        let model: Amigo.ORMModel = ORMModel(name: "dog", Amigo.Column("id", type: Int.self, primaryKey: true),
                                             Amigo.Column("label", type: String.self))
        let database: Amigo.AmigoDatabase = try AmigoDatabase([model], factory: SQLiteEngineFactory(":memory:"))
        try database.createAll()
        let table: Amigo.Table = model.table
        let query: Amigo.Query<Amigo.Record> = database.query("dog")
        #expect(table.name == "dog")
        #expect(try query.count() == 0)
    }

    @Test func writeCommitsItsBlockAndRollsBackWhenItThrows() throws {
        let model = ORMModel(name: "dog", Column("id", type: Int.self, primaryKey: true), Column("label", type: String.self))
        let database = try AmigoDatabase([model], factory: SQLiteEngineFactory(":memory:"))
        try database.createAll()
        let id = try database.write { session -> Int64? in
            let rex = try Record(model, ["label": "Rex"])
            try session.add(rex)
            return rex["id"].integerValue
        }
        #expect(id == 1)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try database.write { session in
                try session.add(try Record(model, ["label": "Ghost"]))
                throw Refused()
            }
        }
        #expect(try database.read { session in try session.query("dog").count() } == 1)
        // read rolls back whatever its block did.
        try database.read { session in try session.add(try Record(model, ["label": "Temp"])) }
        #expect(try database.query("dog").count() == 1)
        // And a session may be opened again afterwards: write and read closed theirs.
        let session = try database.openSession()
        try session.close()
    }
}
