import Foundation
import Testing
@testable import Amigo

/// A class no ORMModel maps.
final class Unmapped: AmigoModel, @unchecked Sendable {}

/// Every error path: SQLite failures with code and message, constraint violations, unknown
/// models, columns and relationships, filter mistakes (which never reach SQLite), misuse.
@Suite struct ErrorSpec {
    // MARK: SQLite

    @Test func sqliteFailuresCarryCodeMessageAndSQL() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let error = #expect(throws: AmigoError.self) { try session.execute("SELECT * FROM nope") }
        let e = try #require(databaseError(error))
        #expect(e.code == 1)
        #expect(e.message == "no such table: nope")
        #expect(e.sql == "SELECT * FROM nope")
        #expect(!e.isConstraintViolation)
        #expect(error?.description == #"SQLite error 1: no such table: nope - while executing "SELECT * FROM nope""#)
    }

    @Test func notNullViolationsAreConstraintErrors() throws {
        let tag = ORMModel(name: "tag", Column("id", type: Int.self, primaryKey: true),
                           Column("name", type: String.self, optional: false))
        let amigo = try AmigoDatabase([tag], factory: SQLiteEngineFactory(":memory:"))
        try amigo.createAll()
        let session = try amigo.openSession()
        let error = #expect(throws: AmigoError.self) { try session.add(Record(tag)) }
        let e = try #require(databaseError(error))
        #expect(e.code == 19)
        #expect(e.extendedCode == 1299)  // SQLITE_CONSTRAINT_NOTNULL
        #expect(e.message == "NOT NULL constraint failed: tag.name")
        #expect(e.sql == #"INSERT INTO "tag" ("name") VALUES (?)"#)
        #expect(e.arguments == [nil])
        #expect(e.isConstraintViolation)
    }

    @Test func uniqueViolationsAreConstraintErrors() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let a = UUIDModel(); a.objId = UUIDFieldSpec.text
        let b = UUIDModel(); b.objId = UUIDFieldSpec.text
        try session.add(a)
        let error = #expect(throws: AmigoError.self) { try session.add(b) }
        let e = try #require(databaseError(error))
        #expect(e.code == 19)
        #expect(e.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(e.message == "UNIQUE constraint failed: uuidmodel.objId")
        #expect(b.id == 0)  // no key written back
        #expect(!b.isPersisted)
    }

    @Test func foreignKeysAreEnforced() throws {
        let db = try SeedDatabase()
        #expect(try db.amigo.engine.fetchScalar("PRAGMA foreign_keys") == 1)
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        try session.add(p)
        // Deleting a row still referenced fails…
        let error = #expect(throws: AmigoError.self) { try session.delete(d) }
        let e = try #require(databaseError(error))
        #expect(e.code == 19)
        #expect(e.extendedCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(e.message == "FOREIGN KEY constraint failed")
        #expect(e.sql == #"DELETE FROM "dog" WHERE "id" = ?"#)
        // …and so does pointing at a row that does not exist.
        let dangling = Record(db.people)
        try dangling.set("label", "Bar")
        try dangling.set("dog_id", 99)
        let insertError = #expect(throws: AmigoError.self) { try session.add(dangling) }
        #expect(databaseError(insertError)?.extendedCode == 787)
    }

    @Test func aFailedStatementLeavesTheSessionAndEarlierWritesIntact() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let a = UUIDModel(); a.objId = UUIDFieldSpec.text
        try session.add(a)
        #expect(throws: AmigoError.self) {
            let b = UUIDModel(); b.objId = UUIDFieldSpec.text
            try session.add(b)
        }
        let c = UUIDModel(); c.objId = UUID().uuidString
        try session.add(c)
        try session.commit()
        #expect(try session.query(UUIDModel.self).all().map(\.id) == [1, 2])
    }

    // MARK: Unknown models, columns, relationships

    @Test func unknownModelsAreTypedErrors() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        #expect(throws: AmigoError.unknownModel("nope")) { try session.query("nope").all() }
        #expect(throws: AmigoError.unknownModel("nope")) { try session.query("nope").count() }
        #expect(throws: AmigoError.unknownModel("nope")) { try db.amigo.model(named: "nope") }
        #expect(throws: AmigoError.unknownModel("Unmapped")) { try session.add(Unmapped()) }
        #expect(throws: AmigoError.unknownModel("Unmapped")) { try session.query(Unmapped.self).first() }
        #expect(throws: AmigoError.unknownModel("Toy")) { try db.amigo.query(Toy.self).all() }
        #expect(AmigoError.unknownModel("nope").description == "unknown model or table 'nope'")
    }

    @Test func unknownColumnsInFiltersNameThePositionAndToken() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        #expect(throws: AmigoError.invalidFilter(message: "unknown column 'nope' in Dog (columns: id, label)",
                                                 input: "nope = 1", position: 0, token: "nope")) {
            try session.query(Dog.self).filter("nope = 1").all()
        }
        #expect(throws: AmigoError.invalidFilter(message: "unknown column 'nope' in Dog (columns: id, label)",
                                                 input: "label = 'x' AND dog.nope = 1", position: 20, token: "nope")) {
            try session.query(People.self).filter("label = 'x' AND dog.nope = 1").all()
        }
        let error = #expect(throws: AmigoError.self) { try session.query(People.self).filter("owner.label = 1").all() }
        #expect(error == .invalidFilter(message: "unknown relationship 'owner' in People (relationships: dog, cat)",
                                        input: "owner.label = 1", position: 0, token: "owner"))
        #expect(error?.description == """
            filter error at column 1 near 'owner': unknown relationship 'owner' in People (relationships: dog, cat)
            owner.label = 1
            ^
            """)
    }

    @Test func unknownColumnsElsewhereAreTypedErrors() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        try session.add(d)
        #expect(throws: AmigoError.unknownColumn(column: "nope", model: "Dog")) { try session.update(d, columns: ["nope"]) }
        let record = try #require(try session.query("dog").first())
        #expect(throws: AmigoError.unknownColumn(column: "nope", model: "Dog")) { try record.set("nope", 1) }
        #expect(throws: AmigoError.unknownColumn(column: "nope", model: "Dog")) { try record.value("nope") }
        // An unknown ordering key is reported like a filter error, quoting the key.
        #expect(throws: AmigoError.invalidFilter(message: "unknown column 'nope' in Dog (columns: id, label)",
                                                 input: "nope", position: 0, token: "nope")) {
            try session.query(Dog.self).orderBy("nope").all()
        }
        #expect(throws: AmigoError.invalidFilter(message: "unknown column 'nope' in Dog (columns: id, label)",
                                                 input: "-dog.nope", position: 5, token: "nope")) {
            try session.query(People.self).orderBy("-dog.nope").all()
        }
    }

    @Test func anUnknownRelationshipNameThrowsInsteadOfReturningAllRows() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        try session.add(p)
        db.trace.clear()
        #expect(throws: AmigoError.unknownRelationship(relationship: "nope", model: "Dog", available: ["people"])) {
            try session.query(People.self).using(d).relationship("nope").all()
        }
        #expect(throws: AmigoError.unknownRelationship(relationship: "nope", model: "Dog", available: ["people"])) {
            try session.query(People.self).using(d).relationship("nope").count()
        }
        #expect(throws: AmigoError.unknownRelationship(relationship: "nope", model: "People", available: ["dog", "cat"])) {
            try session.query(People.self).selectRelated("nope").all()
        }
        #expect(throws: AmigoError.unknownRelationship(relationship: "nope", model: "Dog", available: ["people"])) {
            try session.using(d).relationship("nope").add(p)
        }
        #expect(db.trace.events.isEmpty)
        #expect(AmigoError.unknownRelationship(relationship: "nope", model: "Dog", available: ["people"]).description
                == "unknown relationship 'nope' on Dog (available: people)")
    }

    // MARK: Misuse: typed cases with their context

    /// `using(owner)` without `relationship(_:)`, or the other way round, says which half is
    /// missing, naming the owner's model or the relationship; neither reaches the database.
    @Test func aRelationshipQueryMissingItsOwnerOrItsNameSaysWhich() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        try session.add(d)
        db.trace.clear()
        let error = try #require(throws: AmigoError.self) { try session.query(People.self).using(d).all() }
        #expect(error == .ownerNeedsRelationship(owner: "Dog"))
        #expect(error.description == "using(object) needs a relationship name: call relationship(_:) with one of Dog's relationships")
        let orphan = try #require(throws: AmigoError.self) { try session.query(People.self).relationship("people").count() }
        guard case .relationshipNeedsOwner(let relationship) = orphan else { Issue.record("\(orphan)"); return }
        #expect(relationship == "people")
        #expect(orphan.description == #"relationship("people") needs an owner: call using(object) first"#)
        #expect(throws: AmigoError.toManyNotJoinable(relationship: "people", model: "Dog", kind: "one-to-many")) {
            try session.query(Dog.self).selectRelated("people").all()
        }
        #expect(db.trace.events.isEmpty)
    }

    /// A row longer than the table names the table, the row (from 1) and both counts; nothing
    /// of the import is kept. A new table's header must name every column.
    @Test func anImportRowTooLongSaysWhichRowAndByHowMuch() throws {
        let amigo = try AmigoDatabase([], factory: SQLiteEngineFactory(":memory:"))
        let session = try amigo.openSession()
        let error = try #require(throws: AmigoError.self) {
            try session.importRows(into: "people", header: ["name", "age"], rows: [["ann", "30"], ["bob", "40", "extra"]])
        }
        #expect(error == .importRowTooLong(table: "people", row: 2, values: 3, columns: 2))
        #expect(error.description == "import: row 2 has 3 values; people has 2 columns")
        #expect(try amigo.engine.fetchAll("SELECT name FROM sqlite_schema WHERE name = 'people'").rows.isEmpty)
        let header = try #require(throws: AmigoError.self) { try session.importRows(into: "pets", header: ["name", ""], rows: []) }
        #expect(header == .importHeaderIncomplete(table: "pets"))
        #expect(header.description == "import: the first row must name every column of the new table pets")
    }

    /// Statements a session runs only its own way are refused naming their first word.
    @Test func statementsASessionRefusesAreNamedByTheirKeyword() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        #expect(throws: AmigoError.transactionControlInSession(keyword: "COMMIT")) { try session.execute("COMMIT") }
        #expect(throws: AmigoError.notCountable(keyword: "CREATE")) { try session.changesIfRun("CREATE TABLE x (a)") }
        #expect(AmigoError.notCountable(keyword: "CREATE").description
                == "only an INSERT, UPDATE or DELETE is counted by running it and undoing it (not CREATE)")
        #expect(throws: AmigoError.multipleStatements(sql: "SELECT 1; SELECT 2")) { try session.execute("SELECT 1; SELECT 2") }
    }

    /// What a dialect does not do names the operation and the dialect (PostgreSQL's case is
    /// thrown in AmigoPostgresTests' schema-sync scenario).
    @Test func anOperationTheDialectDoesNotDoNamesTheDialect() {
        #expect(AmigoError.dialectName(SQLiteDialect()) == "SQLite")
        let error = AmigoError.unsupportedOnDialect(operation: "syncSchema: moving dog.id into or out of the primary key", dialect: "PostgreSQL")
        #expect(error.description == "syncSchema: moving dog.id into or out of the primary key is not done in place on PostgreSQL; write a migration for it")
    }

    @Test func relationshipMisuseIsAnError() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let parent = Parent(); parent.label = "p"
        try session.add(d, parent)
        db.trace.clear()
        #expect(throws: AmigoError.typeMismatch(expected: "Child", actual: "Dog")) {
            try session.using(parent).relationship("children").add(d)
        }
        #expect(throws: AmigoError.typeMismatch(expected: "Child", actual: "Dog")) {
            try session.query(Dog.self).using(parent).relationship("children").all()
        }
        #expect(throws: AmigoError.self) { try session.query(Dog.self).selectRelated("people").all() }
        #expect(throws: AmigoError.self) { try session.query(People.self).relationship("people").all() }
        #expect(throws: AmigoError.self) { try session.query(People.self).using(d).all() }
        #expect(db.trace.events.isEmpty)
    }

    // MARK: Filters

    @Test func filterSyntaxErrorsNameThePositionAndTokenAndNothingReachesSQLite() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        try session.add(d)
        db.trace.clear()
        let bad = session.query(Dog.self).filter("label = = 'x'")
        let expected = FilterError(kind: .unexpectedToken, message: "expected a value after '='", input: "label = = 'x'",
                                   position: 8, token: "=")
        #expect(throws: AmigoError.filter(expected)) { try bad.all() }
        #expect(throws: AmigoError.filter(expected)) { try bad.count() }
        #expect(throws: AmigoError.filter(expected)) { try bad.first() }
        #expect(throws: AmigoError.filter(expected)) { try bad.exists() }
        #expect(throws: AmigoError.filter(expected)) { try bad.get(1) }
        #expect(throws: AmigoError.filter(expected)) { try bad.sql() }
        // The error is kept even when the query is refined afterwards.
        #expect(throws: AmigoError.filter(expected)) { try bad.filter("id = 1").orderBy("label").all() }
        let unterminated = #expect(throws: AmigoError.self) { try session.query(Dog.self).filter("label = 'x").all() }
        #expect(filterError(unterminated)?.kind == .unterminatedString)
        #expect(filterError(unterminated)?.position == 8)
        #expect(filterError(unterminated)?.token == "'x")
        #expect(db.trace.events.isEmpty)
    }

    @Test func nothingReachesSQLiteForAnUnknownColumnOrBadArguments() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        db.trace.clear()
        #expect(throws: AmigoError.self) { try session.query(Dog.self).filter("nope = 1").all() }
        #expect(throws: AmigoError.argumentCountMismatch(expected: 1, actual: 0, filter: "label = %@")) {
            try session.query(Dog.self).filter("label = %@").all()
        }
        #expect(throws: AmigoError.argumentCountMismatch(expected: 1, actual: 2, filter: "label = %@")) {
            try session.query(Dog.self).filter("label = %@", "a", "b").all()
        }
        #expect(throws: AmigoError.invalidFilter(message: "BETWEEN needs two values, as in {1, 5}", input: "id BETWEEN %@",
                                                 position: 3, token: "BETWEEN")) {
            try session.query(Dog.self).filter("id BETWEEN %@", [1, 2, 3]).all()
        }
        #expect(throws: AmigoError.self) { try session.query(Dog.self).filter("label = %@", ["a", "b"]).all() }
        #expect(throws: AmigoError.self) { try session.query(Dog.self).orderBy("people.label").all() }
        #expect(db.trace.events.isEmpty)
    }

    // MARK: Misuse

    @Test func operationsThatNeedAKeyOrARowSayWhy() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        #expect(throws: AmigoError.missingPrimaryKey(model: "Dog", operation: "update")) {
            try session.update(Dog(), columns: ["label"])
        }
        let d = Dog(); d.label = "Lucy"
        try session.add(d)
        try session.execute(#"DELETE FROM "dog""#)
        d.label = "Ollie"
        #expect(throws: AmigoError.noRowToUpdate(model: "Dog", key: [.integer(1)])) {
            try session.add(d)
        }
        #expect(throws: AmigoError.keyCountMismatch(model: "Dog", keyColumns: 1, values: 2)) {
            try session.query(Dog.self).get([.integer(1), .integer(2)] as [DatabaseValue])
        }
    }

    @Test func mappingMistakesAreReportedWhenAmigoIsCreated() throws {
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label),
                           OneToMany("people", using: People.self, on: "dog"))
        #expect(throws: AmigoError.mapping("OneToMany 'people' on Dog uses unknown model People")) {
            try AmigoDatabase([dog], factory: SQLiteEngineFactory(":memory:"))
        }
        let lonely = ORMModel(Workout.self, Column("id", \Workout.id, primaryKey: true),
                              ManyToMany("exercises", using: WorkoutExercise.self, throughModel: WorkoutMeta.self))
        let exercise = ORMModel(WorkoutExercise.self, Column("id", \WorkoutExercise.id, primaryKey: true))
        let meta = ORMModel(WorkoutMeta.self, Column("id", \WorkoutMeta.id, primaryKey: true))
        #expect(throws: AmigoError.mapping("through model WorkoutMeta needs a foreign key to Workout and one to WorkoutExercise")) {
            try AmigoDatabase([lonely, exercise, meta], factory: SQLiteEngineFactory(":memory:"))
        }
    }

    // MARK: Files

    @Test func openingAMissingFileWithoutCreateIsAnError() {
        let file = TemporaryDatabaseFile()
        #expect(throws: AmigoError.fileNotFound(path: file.path)) {
            try SQLiteEngineFactory(file.path, options: OpenOptions()).connect()
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func openingAFileThatIsNotADatabaseIsAnError() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        try Data(String(repeating: "this is not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: file.path))
        let error = #expect(throws: AmigoError.self) { try SQLiteEngineFactory(file.path).connect() }
        guard case .notADatabase(let path, let message)? = error else {
            Issue.record("expected notADatabase, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        #expect(message == "file is not a database")
    }

    @Test func writesToAReadOnlyDatabaseAreRefused() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        do {
            let seeded = try SeedDatabase(path: file.path)
            let session = try seeded.amigo.openSession()
            let d = Dog(); d.label = "Lucy"
            try session.add(d)
            try session.commit()
        }
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label))
        let amigo = try AmigoDatabase([dog], factory: SQLiteEngineFactory(file.path, options: OpenOptions(readOnly: true)))
        let session = try amigo.openSession()
        #expect(try session.query(Dog.self).all().map(\.label) == ["Lucy"])
        #expect(throws: AmigoError.readOnly(path: file.path, operation: "add rows")) { try session.add(Dog()) }
        #expect(throws: AmigoError.readOnly(path: file.path, operation: "run a statement that writes")) {
            try session.execute(#"DELETE FROM "dog""#)
        }
        #expect(try session.query(Dog.self).count() == 1)
    }
}

/// Errors can be logged without leaking what was bound: values are there only on request.
@Suite struct ErrorPrivacySpec {
    @Test func aDatabaseErrorsDescriptionHasTheSQLButNotTheBoundValues() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE account (id INTEGER PRIMARY KEY, password TEXT NOT NULL UNIQUE)")
        try engine.execute("INSERT INTO account (password) VALUES (?)", [.text("hunter2")])
        do {
            try engine.execute("INSERT INTO account (password) VALUES (?)", [.text("hunter2")])
            Issue.record("the duplicate was inserted")
        } catch AmigoError.database(let error) {
            #expect(error.description == #"SQLite error 19: UNIQUE constraint failed: account.password - while executing "INSERT INTO account (password) VALUES (?)""#)
            #expect(!"\(AmigoError.database(error))".contains("hunter2"))
            #expect(error.arguments == [.text("hunter2")])
            #expect(error.debugDescription.hasSuffix("with arguments ['hunter2']"))
        }
    }
}

/// How SQLite's result codes and servers' SQLSTATEs read as ``DatabaseError/Kind``s, without a
/// server: the codes themselves.
@Suite struct DatabaseErrorKindSpec {
    @Test func sqliteExtendedCodesNameTheConstraintAndTheReadOnlyCause() {
        #expect(DatabaseError(code: 19, extendedCode: 787, message: "FOREIGN KEY constraint failed").kind == .constraint(.foreignKey))
        #expect(DatabaseError(code: 19, extendedCode: 2067, message: "UNIQUE constraint failed: t.a").kind == .constraint(.unique))
        #expect(DatabaseError(code: 19, extendedCode: 1299, message: "NOT NULL constraint failed: t.a").kind == .constraint(.notNull))
        #expect(DatabaseError(code: 19, extendedCode: 275, message: "CHECK constraint failed: n > 0").kind == .constraint(.check))
        #expect(DatabaseError(code: 19, extendedCode: 1555, message: "UNIQUE constraint failed: t.id").kind == .constraint(.primaryKey))
        #expect(DatabaseError(code: 19, extendedCode: 1811, message: "raised").kind == .constraint(.other))
        #expect(DatabaseError(code: 8, extendedCode: 1032, message: "").kind == .readOnly(.fileMoved))
        #expect(DatabaseError(code: 8, extendedCode: 1544, message: "").kind == .readOnly(.directoryNotWritable))
        #expect(DatabaseError(code: 8, extendedCode: 776, message: "").kind == .readOnly(.hotJournal))
        #expect(DatabaseError(code: 8, extendedCode: 264, message: "").kind == .readOnly(.walNeedsRecovery))
        #expect(DatabaseError(code: 8, extendedCode: 520, message: "").kind == .readOnly(.walLocked))
        #expect(DatabaseError(code: 8, message: "attempt to write a readonly database").kind == .readOnly(.file))
        #expect(DatabaseError(code: 9, message: "interrupted").kind == .interrupted)
        #expect(DatabaseError(code: 5, message: "database is locked").kind == .busy)
        #expect(DatabaseError(code: 6, message: "database table is locked").kind == .locked)
        #expect(DatabaseError(code: 11, message: "database disk image is malformed").kind == .corrupt)
        #expect(DatabaseError(code: 26, message: "file is not a database").kind == .corrupt)
        #expect(DatabaseError(code: 13, message: "database or disk is full").kind == .full)
        #expect(DatabaseError(code: 1, message: "foreign key mismatch - \"a\" referencing \"b\"").kind == .foreignKeyMismatch)
        #expect(DatabaseError(code: 1, message: "integer overflow").kind == .integerOverflow)
        #expect(DatabaseError(code: 1, message: "no such table: nope").kind == .other)
    }

    @Test func sqlStatesReadAsTheSameKinds() {
        func kind(_ state: String, _ message: String = "") -> DatabaseError.Kind {
            DatabaseError(sqlState: state, message: message, system: "PostgreSQL").kind
        }
        #expect(kind("23503") == .constraint(.foreignKey))
        #expect(kind("23505") == .constraint(.unique))
        #expect(kind("23502") == .constraint(.notNull))
        #expect(kind("23514") == .constraint(.check))
        #expect(kind("23P01") == .constraint(.other))
        #expect(kind("57014") == .interrupted)
        #expect(kind("55P03") == .busy)
        #expect(kind("40001") == .serialization)
        #expect(kind("40P01") == .serialization)
        #expect(kind("25006") == .readOnly(.transaction))
        #expect(kind("57P01") == .connectionLost(.endedByServer))
        #expect(kind("08006", "server closed the connection unexpectedly") == .connectionLost(.broken))
        #expect(kind("08006", "FATAL: terminating connection due to administrator command") == .connectionLost(.endedByServer))
        #expect(kind("XX001") == .corrupt)
        #expect(kind("53100") == .full)
        #expect(kind("42883") == .undefinedFunction)
        #expect(kind("42P01") == .other)
    }

    @Test func theSummaryGivesTheCodeAndTheMessageWithoutTheSQL() {
        #expect(DatabaseError(code: 19, extendedCode: 1299, message: "NOT NULL constraint failed: t.a", sql: "INSERT …").summary
                == "SQLite error 19 (constraint): NOT NULL constraint failed: t.a")
        #expect(DatabaseError(sqlState: "23505", message: "duplicate key", system: "PostgreSQL", sql: "INSERT …").summary
                == "PostgreSQL error 23505: duplicate key")
    }
}
