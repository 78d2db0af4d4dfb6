import Amigo
import AmigoPostgres
import Foundation
import Testing

/// One set of compiled models registered with a SQLite database and a PostgreSQL one in the same
/// process, as the README shows: a model keeps the SQL it compiles per dialect, so each engine is
/// sent its own dialect's SQL whichever is used first (a PostgreSQL insert that reused SQLite's
/// text, with no `RETURNING`, wrote key 0 back; `replaceDeletingConflicts` sent `INSERT OR REPLACE`).
@Suite("One compiled model on SQLite and PostgreSQL")
struct OneModelOnBothEnginesScenarios {
    /// Which engine uses the shared models first.
    enum Order: String, CaseIterable, Sendable, CustomStringConvertible {
        case sqliteFirst, postgresFirst
        var description: String { rawValue }
    }

    @Test(.enabled(if: TestServer.isAvailable, TestServer.skipReason), arguments: Order.allCases)
    func eachEngineRunsItsOwnDialectsSQL(_ order: Order) throws {
        let models = ScenarioModels()
        let kinds: [TestStore.Kind] = order == .sqliteFirst ? [.sqlite, .postgres] : [.postgres, .sqlite]
        for kind in kinds {
            let store = try TestStore(kind)
            defer { store.drop() }
            let amigo = try store.amigo(models.all)
            try amigo.createAll()
            let statements = try Self.roundTrip(amigo)
            switch kind {
            case .sqlite:
                #expect(statements.allSatisfy { !$0.contains("$1") && !$0.contains("ON CONFLICT") && !$0.contains("RETURNING") })
                Self.expect(statements, toInclude: [
                    #"INSERT INTO "owner" ("name", "age") VALUES (?, ?)"#,
                    #"INSERT INTO "pet" ("name", "owner_id") VALUES (?, ?)"#,
                    #"SELECT "owner"."id", "owner"."name", "owner"."age" FROM "owner" WHERE "owner"."id" = ? LIMIT 1"#,
                    #"UPDATE "owner" SET "name" = ?, "age" = ? WHERE "id" = ?"#,
                    #"INSERT OR REPLACE INTO "owner" ("id", "name", "age") VALUES (?, ?, ?)"#,
                    #"SELECT "pet"."id", "pet"."name", "pet"."owner_id" FROM "pet" WHERE "pet"."owner_id" = ?"#,
                    #"DELETE FROM "pet" WHERE "id" = ?"#,
                ])
            case .postgres:
                #expect(statements.allSatisfy { !$0.contains("?") && !$0.contains("INSERT OR") && !$0.contains("ON CONFLICT") })
                Self.expect(statements, toInclude: [
                    #"INSERT INTO "owner" ("name", "age") VALUES ($1, $2) RETURNING "id""#,
                    #"INSERT INTO "pet" ("name", "owner_id") VALUES ($1, $2) RETURNING "id""#,
                    #"SELECT "owner"."id", "owner"."name", "owner"."age" FROM "owner" WHERE "owner"."id" = $1 LIMIT 1"#,
                    #"UPDATE "owner" SET "name" = $1, "age" = $2 WHERE "id" = $3"#,
                    #"DELETE FROM "owner" WHERE "id" = $1"#,          // the destructive replace deletes first
                    #"SELECT "pet"."id", "pet"."name", "pet"."owner_id" FROM "pet" WHERE "pet"."owner_id" = $1"#,
                    #"DELETE FROM "pet" WHERE "id" = $1"#,
                ])
            }
        }
    }

    /// Inserts (keys written back), gets by key, upserts in place, inserts-or-replaces, reads a
    /// relationship twice (compiled, then cached) and deletes, checking the rows read back;
    /// returns the SQL of every statement it ran, as the engine sent it.
    static func roundTrip(_ amigo: AmigoDatabase) throws -> [String] {
        let log = StatementLog(amigo.engine.echo)
        let session = try amigo.openSession()
        let ada = Owner(); ada.name = "Ada"; ada.age = 36
        try session.add(ada)
        #expect(ada.id == 1)
        let rex = Pet(); rex.name = "Rex"; rex.owner = ada
        let tom = Pet(); tom.name = "Tom"; tom.owner = ada
        try session.add(rex, tom)
        #expect(rex.id == 1 && tom.id == 2)
        #expect(try session.get(Owner.self, 1)?.name == "Ada")
        ada.age = 37
        try session.upsert(ada)
        #expect(try session.get(Owner.self, 1)?.age == 37)
        let bob = Owner(); bob.id = 2; bob.name = "Bob"; bob.age = 41
        try session.replaceDeletingConflicts(bob)
        bob.age = 42
        try session.replaceDeletingConflicts(bob)
        let owners = try session.query(Owner.self).orderBy("id").all()
        #expect(owners.map(\.name) == ["Ada", "Bob"] && owners.map(\.age) == [37, 42])
        for _ in 0..<2 {
            #expect(try session.query(Pet.self).using(ada).relationship("pets").all().compactMap(\.name).sorted() == ["Rex", "Tom"])
        }
        try session.delete(rex)
        #expect(try session.query(Pet.self).all().map(\.name) == ["Tom"])
        try session.commit()
        return log.statements
    }

    /// Records an issue for each of `expected` that no statement of `statements` is.
    static func expect(_ statements: [String], toInclude expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for sql in expected where !statements.contains(sql) {
            Issue.record("not run: \(sql)\nran:\n\(statements.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
    }
}

/// The SQL of the statements (not transaction control) an engine echoed since it was created.
final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    /// Turns echo on and starts recording.
    init(_ echo: EchoStream) {
        echo.isEnabled = true
        echo.subscribe { [weak self] event in
            guard event.kind == .statement, let self else { return }
            lock.withLock { recorded.append(event.sql) }
        }
    }

    /// The statements so far.
    var statements: [String] { lock.withLock { recorded } }
}
