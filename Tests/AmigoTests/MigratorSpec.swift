import Foundation
import Testing
@testable import Amigo

/// The numbered-step migrator over `PRAGMA user_version` (issue 5): ordering, idempotence,
/// the version recorded, and a failing step rolled back alone.
@Suite struct MigratorSpec {
    /// Steps 1…3 that log their version into `log`; step 1 creates it, so a step run before it fails.
    private func loggingMigrator(registering order: [Int] = [3, 1, 2]) -> Migrator {
        var migrator = Migrator()
        for version in order {
            migrator.register(version, "step \(version)") { engine in
                if version == 1 { try engine.executeScript("CREATE TABLE log (version INTEGER NOT NULL)") }
                try engine.execute("INSERT INTO log (version) VALUES (?)", [.integer(Int64(version))])
            }
        }
        return migrator
    }

    @Test func stepsRegisteredOutOfOrderRunInVersionOrderAndRecordTheVersion() throws {
        let file = try SeedFile()
        let engine = try file.connect()
        let migrator = loggingMigrator()
        #expect(migrator.steps.map(\.version) == [1, 2, 3])
        #expect(migrator.steps.map(\.name) == ["step 1", "step 2", "step 3"])
        #expect(try migrator.currentVersion(of: engine) == 0)
        #expect(try migrator.migrate(engine) == [1, 2, 3])
        let second = try file.connect()
        #expect(try second.allRows("SELECT version FROM log ORDER BY rowid") == [[1], [2], [3]])
        #expect(try second.scalarInt("PRAGMA user_version") == 3)
        #expect(try SQLiteCatalog(engine: second).userVersion() == 3)
        #expect(try migrator.currentVersion(of: engine) == 3)
    }

    @Test func eachStepRunsInItsOwnTransaction() throws {
        let file = try SeedFile()
        let engine = try file.connect()
        let trace = EchoRecorder(engine.echo)
        try loggingMigrator(registering: [2, 1]).migrate(engine)
        #expect(trace.events.filter { $0.kind == .transaction }.map(\.sql) == ["BEGIN IMMEDIATE", "COMMIT", "BEGIN IMMEDIATE", "COMMIT"])
        #expect(trace.statements.filter { $0.hasPrefix("PRAGMA user_version =") } == ["PRAGMA user_version = 1", "PRAGMA user_version = 2"])
    }

    @Test func aSecondRunAppliesNothing() throws {
        let file = try SeedFile()
        let engine = try file.connect()
        let migrator = loggingMigrator()
        try migrator.migrate(engine)
        let before = file.bytes
        let trace = EchoRecorder(engine.echo)
        #expect(try migrator.migrate(engine) == [])
        #expect(trace.events.filter { $0.kind == .transaction }.isEmpty)
        #expect(file.bytes == before)
        // A new migrator over the same file (another launch of the app) applies nothing either.
        #expect(try loggingMigrator().migrate(try file.connect()) == [])
        #expect(try file.connect().scalarInt("SELECT COUNT(*) FROM log") == 3)
    }

    @Test func newStepsAreAppliedAboveTheRecordedVersion() throws {
        let file = try SeedFile()
        var migrator = loggingMigrator(registering: [1, 2])
        #expect(try migrator.migrate(try file.connect()) == [1, 2])
        migrator.register(4, "four") { engine in try engine.executeScript("CREATE TABLE four (x)") }
        migrator.register(3, "three") { engine in try engine.executeScript("CREATE TABLE three (x)") }
        #expect(try migrator.migrate(try file.connect()) == [3, 4])
        let second = try file.connect()
        #expect(try second.scalarInt("PRAGMA user_version") == 4)
        #expect(try second.tableNames() == ["four", "log", "three"])
    }

    @Test func aFileAlreadyAtAVersionSkipsTheStepsUpToIt() throws {
        let file = try SeedFile(script: "CREATE TABLE log (version INTEGER NOT NULL); PRAGMA user_version = 2;")
        #expect(try loggingMigrator().migrate(try file.connect()) == [3])
        #expect(try file.connect().allRows("SELECT version FROM log") == [[3]])
        #expect(try file.connect().scalarInt("PRAGMA user_version") == 3)
    }

    @Test func aFailingStepIsRolledBackAloneAndLeavesTheVersionAtThePreviousStep() throws {
        let file = try SeedFile()
        var migrator = loggingMigrator(registering: [1, 2])
        migrator.register(3, "broken") { engine in
            try engine.executeScript("CREATE TABLE three (x); INSERT INTO three VALUES (1);")
            try engine.execute("INSERT INTO log (version) VALUES (3)", [])
            try engine.execute("INSERT INTO missing_table VALUES (1)", [])
        }
        migrator.register(4, "after") { engine in try engine.executeScript("CREATE TABLE four (x)") }
        let engine = try file.connect()
        let error = try #require(throws: AmigoError.self) { try migrator.migrate(engine) }
        #expect(databaseError(error)?.message.contains("missing_table") == true, "\(error)")
        #expect(!engine.isInTransaction)
        let second = try file.connect()
        #expect(try second.scalarInt("PRAGMA user_version") == 2)
        #expect(try second.tableNames() == ["log"])
        #expect(try second.allRows("SELECT version FROM log ORDER BY rowid") == [[1], [2]])
        #expect(try migrator.currentVersion(of: engine) == 2)
        // Fixing step 3 resumes from there.
        migrator.register(3, "fixed") { engine in try engine.executeScript("CREATE TABLE three (x)") }
        #expect(try migrator.migrate(engine) == [3, 4])
        #expect(try second.scalarInt("PRAGMA user_version") == 4)
        #expect(try second.tableNames() == ["four", "log", "three"])
    }

    @Test func aSwiftErrorThrownByAStepRollsItBackToo() throws {
        struct Refused: Error {}
        let file = try SeedFile()
        var migrator = loggingMigrator(registering: [1])
        migrator.register(2, "refuses") { engine in
            try engine.executeScript("DROP TABLE log")
            throw Refused()
        }
        #expect(throws: Refused.self) { try migrator.migrate(try file.connect()) }
        let second = try file.connect()
        #expect(try second.scalarInt("PRAGMA user_version") == 1)
        #expect(try second.allRows("SELECT version FROM log") == [[1]])
    }

    @Test func migratingWhileASessionIsOpenIsRefused() throws {
        let file = try SeedFile()
        let amigo = try file.amigo([])
        let session = try amigo.openSession()
        let error = try #require(throws: AmigoError.self) { try loggingMigrator().migrate(amigo.engine) }
        guard case .transactionOpen(operation: "migrate") = error else { Issue.record("\(error)"); return }
        try session.close()
        #expect(try file.connect().scalarInt("PRAGMA user_version") == 0)
        #expect(try loggingMigrator().migrate(amigo.engine) == [1, 2, 3])
    }

    @Test func aStepNumberedZeroOrBelowIsRefusedBeforeAnythingRuns() throws {
        let file = try SeedFile()
        for bad in [0, -1] {
            var migrator = loggingMigrator()
            migrator.register(bad, "bad") { engine in try engine.executeScript("CREATE TABLE bad (x)") }
            let error = try #require(throws: AmigoError.self) { try migrator.migrate(try file.connect()) }
            guard case .invalidMigrationVersion(version: bad, name: "bad") = error else { Issue.record("\(error)"); return }
            #expect(try file.connect().scalarInt("PRAGMA user_version") == 0)
            #expect(try file.connect().tableNames() == [])
        }
    }

    @Test func replacingARegisteredStepKeepsOneStepPerVersion() {
        var migrator = Migrator()
        migrator.register(1, "first") { _ in }
        migrator.register(1, "again") { _ in }
        #expect(migrator.steps.map(\.name) == ["again"])
    }

    // MARK: Documentation example (docs/FEATURES-SEED-LIBRARIES.md)

    @Test func documentationExampleCompilesAndRuns() throws {
        let file = try SeedFile()
        let amigo = try AmigoDatabase([], factory: SQLiteEngineFactory(file.path))
        // --- example
        var migrator = Migrator()
        migrator.register(2, "add breed") { engine in
            try engine.executeScript("ALTER TABLE dog ADD COLUMN breed TEXT")
        }
        migrator.register(1, "create dog") { engine in
            try engine.executeScript("CREATE TABLE dog (id INTEGER PRIMARY KEY, label TEXT)")
        }
        let applied = try migrator.migrate(amigo.engine)     // [1, 2]: in order, one transaction each
        let again = try migrator.migrate(amigo.engine)       // []: user_version is already 2
        let version = try migrator.currentVersion(of: amigo.engine)   // 2
        // --- end
        #expect(applied == [1, 2] && again == [] && version == 2)
    }
}
