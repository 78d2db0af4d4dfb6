import Foundation
import Testing
@testable import Amigo

/// `amigo.syncSchema(preserve:)` and its dry run (issue 5): every rule with `preserve` true and
/// false, the file's data checked before and after through a second connection, the dry run
/// leaving the file byte-identical, and a failure leaving the file as it was.
@Suite struct SchemaSyncSpec {
    // MARK: Models

    /// A run-time `dog` model: `id` (primary key), `label` (nullable text), plus `extra` columns.
    private func dog(label: Bool = true, labelOptional: Bool = true, idIsKey: Bool = true, _ extra: Column...) -> ORMModel {
        var items: [SchemaItem] = [Column("id", type: Int.self, primaryKey: idIsKey, optional: !idIsKey)]
        if label { items.append(Column("label", type: String.self, optional: labelOptional)) }
        return ORMModel(name: "dog", items: items + extra)
    }

    private func cat() -> ORMModel {
        ORMModel(name: "cat", Column("id", type: Int.self, primaryKey: true), Column("name", type: String.self))
    }

    private static let dogRows = "INSERT INTO dog (id, label) VALUES (1, 'lucy'), (2, 'rex');"
    private static let dogValues: [[DatabaseValue]] = [[1, "lucy"], [2, "rex"]]

    /// Checks that a second sync has nothing left to do.
    private func expectInSync(_ amigo: AmigoDatabase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for preserve in [true, false] {
            let plan = try amigo.syncSchemaPlan(preserve: preserve)
            #expect(plan.allSatisfy { $0.action == .alreadyInSync }, "\(plan)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Tables

    @Test(arguments: [true, false])
    func aMissingTableIsCreated(preserve: Bool) throws {
        let file = try SeedFile(script: "CREATE TABLE other (x INTEGER NOT NULL); INSERT INTO other VALUES (7);")
        let second = try file.connect()
        #expect(try second.tableNames() == ["other"])
        let amigo = try file.amigo([dog(Column("chip", type: String.self, indexed: true))])
        let results = try amigo.syncSchema(preserve: preserve)
        #expect(results == [TableSyncResult(table: "dog", action: .created)])
        #expect(try second.tableNames() == ["dog", "other"])
        #expect(try second.columnFlags(of: "dog") == ["id 1 1", "label 0 0", "chip 0 0"])
        #expect(try second.scalarInt("SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND name = 'dog_chip_idx'") == 1)
        #expect(try second.allRows("SELECT x FROM other") == [[7]])
        try expectInSync(amigo)
    }

    @Test(arguments: [true, false])
    func aTableOnlyInTheFileIsLeftAloneAndAnInSyncFileIsNotWritten(preserve: Bool) throws {
        let file = try SeedFile(script: """
            CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL);
            CREATE TABLE legacy (a TEXT NOT NULL, b INTEGER, extra BLOB);
            INSERT INTO legacy VALUES ('x', 1, NULL), ('y', 2, x'00');
            \(Self.dogRows)
            """)
        let second = try file.connect()
        let legacySQL = try second.fetchScalar("SELECT sql FROM sqlite_schema WHERE name = 'legacy'")
        let before = file.bytes
        let amigo = try file.amigo([dog()])
        #expect(try amigo.syncSchema(preserve: preserve) == [TableSyncResult(table: "dog", action: .alreadyInSync)])
        #expect(file.bytes == before)
        #expect(try second.fetchScalar("SELECT sql FROM sqlite_schema WHERE name = 'legacy'") == legacySQL)
        #expect(try second.allRows("SELECT a, b, extra FROM legacy ORDER BY a") == [["x", 1, nil], ["y", 2, .blob([0])]])
        #expect(try second.allRows("SELECT id, label FROM dog ORDER BY id") == Self.dogValues)
    }

    // MARK: Columns added with ALTER TABLE

    @Test(arguments: [true, false])
    func missingNullableColumnsAreAddedWithAlterTableKeepingTheRows(preserve: Bool) throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL);" + Self.dogRows)
        let second = try file.connect()
        #expect(try second.allRows("SELECT * FROM dog ORDER BY id") == Self.dogValues)
        let amigo = try file.amigo([dog(Column("age", type: Int.self), Column("chip", type: String.self, indexed: true))])
        let trace = EchoRecorder(amigo.engine.echo)
        let results = try amigo.syncSchema(preserve: preserve)
        #expect(results == [TableSyncResult(table: "dog", action: .columnsAdded(["age", "chip"]))])
        #expect(trace.statements.filter { $0.hasPrefix("ALTER TABLE") } == [
            #"ALTER TABLE "dog" ADD COLUMN "age" INTEGER NULL"#, #"ALTER TABLE "dog" ADD COLUMN "chip" TEXT NULL"#,
        ])
        #expect(!trace.statements.contains { $0.contains("DROP TABLE") })
        #expect(try second.allRows("SELECT id, label, age, chip FROM dog ORDER BY id") == [[1, "lucy", nil, nil], [2, "rex", nil, nil]])
        #expect(try second.scalarInt("SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND name = 'dog_chip_idx'") == 1)
        try expectInSync(amigo)
    }

    @Test(arguments: [true, false])
    func aMissingUniqueColumnIsAddedKeepingTheRowsAndStaysUnique(preserve: Bool) throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL);" + Self.dogRows)
        let second = try file.connect()
        let amigo = try file.amigo([dog(Column("chip", type: String.self, unique: true))])
        let results = try amigo.syncSchema(preserve: preserve)
        #expect(results.map(\.table) == ["dog"])
        #expect(try second.allRows("SELECT id, label, chip FROM dog ORDER BY id") == [[1, "lucy", nil], [2, "rex", nil]])
        try second.execute("UPDATE dog SET chip = 'c1' WHERE id = 1")
        #expect(throws: AmigoError.self) { try second.execute("UPDATE dog SET chip = 'c1' WHERE id = 2") }
        try expectInSync(amigo)
    }

    // MARK: Recreated tables

    @Test func aMissingNotNullColumnWithoutDefaultDropsAndRecreatesWithoutPreserve() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL);" + Self.dogRows)
        let second = try file.connect()
        #expect(try second.allRows("SELECT * FROM dog ORDER BY id") == Self.dogValues)
        let amigo = try file.amigo([dog(Column("age", type: Int.self, optional: false))])
        #expect(try amigo.syncSchema(preserve: false) == [TableSyncResult(table: "dog", action: .droppedAndRecreated)])
        #expect(try second.columnFlags(of: "dog") == ["id 1 1", "label 0 0", "age 1 0"])
        #expect(try second.allRows("SELECT id, label, age FROM dog") == [])
        try expectInSync(amigo)
    }

    @Test func aMissingNotNullColumnWithoutDefaultRecreatesAnEmptyTableWithPreserve() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL);")
        let second = try file.connect()
        let amigo = try file.amigo([dog(Column("age", type: Int.self, optional: false))])
        #expect(try amigo.syncSchema(preserve: true)
                == [TableSyncResult(table: "dog", action: .recreatedKeepingRows(removed: [], added: ["age"]))])
        #expect(try second.columnFlags(of: "dog") == ["id 1 1", "label 0 0", "age 1 0"])
        try expectInSync(amigo)
    }

    @Test func aFailureMidSyncRollsBackEverythingAndLeavesTheFileAsItWas() throws {
        // With preserve, rows cannot be copied into a new NOT NULL column that has no default:
        // the copy fails after `cat` was created and `dog_new` built; all of it is rolled back.
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL);" + Self.dogRows)
        let second = try file.connect()
        let before = file.bytes
        let amigo = try file.amigo([cat(), dog(Column("age", type: Int.self, optional: false))])
        let plan = try amigo.syncSchemaPlan(preserve: true)
        #expect(plan == [TableSyncResult(table: "cat", action: .created),
                         TableSyncResult(table: "dog", action: .recreatedKeepingRows(removed: [], added: ["age"]))])
        let error = try #require(throws: AmigoError.self) { try amigo.syncSchema(preserve: true) }
        #expect(databaseError(error)?.isConstraintViolation == true, "\(error)")
        #expect(file.bytes == before)
        #expect(try second.tableNames() == ["dog"])
        #expect(try second.allRows("SELECT * FROM dog ORDER BY id") == Self.dogValues)
        #expect(!amigo.engine.isInTransaction)
        #expect(try amigo.engine.scalarInt("PRAGMA foreign_keys") == 1)
        // The same models without preserve succeed (and lose the rows, as documented).
        #expect(try amigo.syncSchema(preserve: false).map(\.action) == [.created, .droppedAndRecreated])
        #expect(try second.tableNames() == ["cat", "dog"])
    }

    @Test(arguments: [true, false])
    func anExtraColumnInTheFileRecreatesTheTable(preserve: Bool) throws {
        let file = try SeedFile(script: """
            CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL, obsolete TEXT NOT NULL DEFAULT 'x');
            INSERT INTO dog (id, label, obsolete) VALUES (1, 'lucy', 'a'), (2, 'rex', 'b');
            """)
        let second = try file.connect()
        #expect(try second.allRows("SELECT * FROM dog ORDER BY id") == [[1, "lucy", "a"], [2, "rex", "b"]])
        let amigo = try file.amigo([dog()])
        let results = try amigo.syncSchema(preserve: preserve)
        #expect(results == [TableSyncResult(table: "dog", action: preserve ? .recreatedKeepingRows(removed: ["obsolete"], added: [])
                                                                          : .droppedAndRecreated)])
        #expect(try second.columnNames(of: "dog") == ["id", "label"])
        #expect(try second.allRows("SELECT id, label FROM dog ORDER BY id") == (preserve ? Self.dogValues : []))
        #expect(try second.tableNames() == ["dog"])    // no leftover temporary table
        try expectInSync(amigo)
    }

    @Test(arguments: [true, false])
    func aColumnThatBecameNullableRecreatesTheTable(preserve: Bool) throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NOT NULL);" + Self.dogRows)
        let second = try file.connect()
        #expect(try second.allRows("SELECT * FROM dog ORDER BY id") == Self.dogValues)
        let amigo = try file.amigo([dog()])
        let results = try amigo.syncSchema(preserve: preserve)
        #expect(results.map(\.action) == [preserve ? .recreatedKeepingRows(removed: [], added: []) : .droppedAndRecreated])
        #expect(try second.columnFlags(of: "dog") == ["id 1 1", "label 0 0"])
        #expect(try second.allRows("SELECT id, label FROM dog ORDER BY id") == (preserve ? Self.dogValues : []))
        try second.execute("INSERT INTO dog (id, label) VALUES (3, NULL)")
        try expectInSync(amigo)
    }

    @Test(arguments: [true, false])
    func aColumnThatBecameNotNullRecreatesTheTable(preserve: Bool) throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL);" + Self.dogRows)
        let second = try file.connect()
        let amigo = try file.amigo([dog(labelOptional: false)])
        let results = try amigo.syncSchema(preserve: preserve)
        #expect(results.map(\.action) == [preserve ? .recreatedKeepingRows(removed: [], added: []) : .droppedAndRecreated])
        #expect(try second.columnFlags(of: "dog") == ["id 1 1", "label 1 0"])
        #expect(try second.allRows("SELECT id, label FROM dog ORDER BY id") == (preserve ? Self.dogValues : []))
        #expect(throws: AmigoError.self) { try second.execute("INSERT INTO dog (id, label) VALUES (3, NULL)") }
        try expectInSync(amigo)
    }

    @Test(arguments: [true, false])
    func aChangedPrimaryKeyRecreatesTheTable(preserve: Bool) throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER NOT NULL, label TEXT NULL);" + Self.dogRows)
        let second = try file.connect()
        #expect(try second.columnFlags(of: "dog") == ["id 1 0", "label 0 0"])
        let amigo = try file.amigo([dog()])
        let results = try amigo.syncSchema(preserve: preserve)
        #expect(results.map(\.action) == [preserve ? .recreatedKeepingRows(removed: [], added: []) : .droppedAndRecreated])
        #expect(try second.columnFlags(of: "dog") == ["id 1 1", "label 0 0"])
        #expect(try second.allRows("SELECT id, label FROM dog ORDER BY id") == (preserve ? Self.dogValues : []))
        try expectInSync(amigo)
        // And back: a key that is no longer declared.
        let unkeyed = try file.amigo([dog(idIsKey: false)])
        #expect(try unkeyed.syncSchema(preserve: preserve).map(\.action)
                == [preserve ? .recreatedKeepingRows(removed: [], added: []) : .droppedAndRecreated])
        #expect(try second.columnFlags(of: "dog") == ["id 0 0", "label 0 0"])
        #expect(try second.allRows("SELECT id, label FROM dog ORDER BY id") == (preserve ? Self.dogValues : []))
    }

    // MARK: Indexes, foreign keys, views

    @Test func aRecreatedTableKeepsItsDeclaredIndexesAndTheRowsThatReferenceIt() throws {
        let file = try SeedFile(script: """
            CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL, obsolete TEXT);
            CREATE TABLE people (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL, dog_id INTEGER NULL REFERENCES dog (id));
            INSERT INTO dog (id, label) VALUES (1, 'lucy'), (2, 'rex');
            INSERT INTO people VALUES (10, 'ann', 1), (11, 'bob', 2);
            """)
        let second = try file.connect()
        let dogModel = dog(Column("chip", type: String.self, indexed: true))
        let people = ORMModel(name: "people", Column("id", type: Int.self, primaryKey: true), Column("label", type: String.self),
                              Column("dog", type: ForeignKey(dogModel)))
        let amigo = try file.amigo([dogModel, people])
        let results = try amigo.syncSchema(preserve: true)
        #expect(results == [TableSyncResult(table: "dog", action: .recreatedKeepingRows(removed: ["obsolete"], added: ["chip"])),
                            TableSyncResult(table: "people", action: .alreadyInSync)])
        #expect(try second.allRows("SELECT id, label, chip FROM dog ORDER BY id") == [[1, "lucy", nil], [2, "rex", nil]])
        #expect(try second.allRows("SELECT * FROM people ORDER BY id") == [[10, "ann", 1], [11, "bob", 2]])
        #expect(try second.scalarInt("SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND name = 'dog_chip_idx'") == 1)
        #expect(try second.allRows("PRAGMA foreign_key_check") == [])
        // The reference still points at the table called dog, and is still enforced.
        #expect(try amigo.engine.scalarInt("PRAGMA foreign_keys") == 1)
        #expect(throws: AmigoError.self) { try amigo.engine.execute("INSERT INTO people VALUES (12, 'cy', 99)", []) }
        try expectInSync(amigo)
    }

    @Test(arguments: [true, false])
    func aRebuiltTableKeepsItsTriggersAndTheIndexesWhoseColumnsSurvive(preserve: Bool) throws {
        let file = try SeedFile(script: """
            CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL, obsolete TEXT);
            CREATE TABLE log (what TEXT);
            CREATE TRIGGER dog_renamed AFTER UPDATE OF label ON dog BEGIN INSERT INTO log VALUES (old.label || ' -> ' || new.label); END;
            CREATE INDEX dog_by_label ON dog (label);
            CREATE INDEX dog_by_folded_label ON dog (lower(label));
            CREATE INDEX dog_by_obsolete ON dog (obsolete, label);
            CREATE UNIQUE INDEX dog_obsolete_expression ON dog (upper(obsolete));
            \(Self.dogRows)
            """)
        let second = try file.connect()
        let amigo = try file.amigo([dog()])
        _ = try amigo.syncSchema(preserve: preserve)
        #expect(try second.allRows("SELECT type, name FROM sqlite_schema WHERE tbl_name = 'dog' AND sql IS NOT NULL ORDER BY type, name")
                == [["index", "dog_by_folded_label"], ["index", "dog_by_label"], ["table", "dog"], ["trigger", "dog_renamed"]])
        try amigo.engine.executeScript("INSERT OR REPLACE INTO dog (id, label) VALUES (1, 'lucy'); UPDATE dog SET label = 'max' WHERE id = 1")
        #expect(try amigo.engine.fetchAll("SELECT what FROM log").1 == [["lucy -> max"]])
        try expectInSync(amigo)
    }

    @Test func droppingATableThatOtherRowsReferenceIsRefusedAndChangesNothing() throws {
        let file = try SeedFile(script: """
            CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL, obsolete TEXT);
            CREATE TABLE people (id INTEGER PRIMARY KEY NOT NULL, dog_id INTEGER REFERENCES dog (id));
            INSERT INTO dog (id, label) VALUES (1, 'lucy');
            INSERT INTO people VALUES (10, 1);
            """)
        let before = file.bytes
        let amigo = try file.amigo([dog()])
        let error = try #require(throws: AmigoError.self) { try amigo.syncSchema(preserve: false) }
        guard case .foreignKeyViolationsAfterRebuild(let count) = error else { Issue.record("\(error)"); return }
        #expect(count == 1)
        #expect(error.description == "syncSchema: 1 foreign-key violation(s) after rebuilding; nothing was changed")
        #expect(file.bytes == before)
        #expect(try file.connect().allRows("SELECT * FROM dog") == [[1, "lucy", nil]])
    }

    @Test func aTableAViewReadsFromCanBeRecreated() throws {
        let file = try SeedFile(script: """
            CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL, obsolete TEXT);
            CREATE VIEW dog_labels AS SELECT label FROM dog;
            \(Self.dogRows)
            """)
        let second = try file.connect()
        let amigo = try file.amigo([dog()])
        #expect(try amigo.syncSchema(preserve: true).map(\.action) == [.recreatedKeepingRows(removed: ["obsolete"], added: [])])
        #expect(try second.allRows("SELECT label FROM dog_labels ORDER BY label") == [["lucy"], ["rex"]])
    }

    // MARK: Dry run

    @Test(arguments: [true, false])
    func theDryRunReturnsThePlanAndLeavesTheFileByteIdentical(preserve: Bool) throws {
        let file = try SeedFile(script: """
            CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL, obsolete TEXT);
            CREATE TABLE cat (id INTEGER PRIMARY KEY NOT NULL);
            CREATE TABLE legacy (x);
            INSERT INTO dog (id, label) VALUES (1, 'lucy'), (2, 'rex');
            INSERT INTO cat VALUES (5);
            """)
        let bird = ORMModel(name: "bird", Column("id", type: Int.self, primaryKey: true))
        let amigo = try file.amigo([dog(), cat(), bird])
        let before = file.bytes
        let plan = try amigo.syncSchemaPlan(preserve: preserve)
        #expect(plan == [
            TableSyncResult(table: "dog", action: preserve ? .recreatedKeepingRows(removed: ["obsolete"], added: []) : .droppedAndRecreated),
            TableSyncResult(table: "cat", action: .columnsAdded(["name"])),
            TableSyncResult(table: "bird", action: .created),
        ])
        #expect(file.bytes == before)
        #expect(try file.connect().tableNames() == ["cat", "dog", "legacy"])
        // Running it does what the plan said.
        #expect(try amigo.syncSchema(preserve: preserve) == plan)
        #expect(file.bytes != before)
        #expect(try file.connect().tableNames() == ["bird", "cat", "dog", "legacy"])
        #expect(try file.connect().allRows("SELECT * FROM cat") == [[5, nil]])
        try expectInSync(amigo)
    }

    // MARK: Compiled and reflected models, open sessions

    @Test func compiledModelsAreSynchronisedAndUsableAfterwards() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL); INSERT INTO dog VALUES (1);")
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label))
        let people = ORMModel(People.self, Column("id", \People.id, primaryKey: true), Column("label", \People.label),
                              Column("dog", ForeignKey(dog), \People.dog))
        let amigo = try file.amigo([dog, people])
        #expect(try amigo.syncSchema(preserve: true) == [TableSyncResult(table: "dog", action: .columnsAdded(["label"])),
                                                         TableSyncResult(table: "people", action: .created)])
        let session = try amigo.openSession()
        let lucy = try #require(try session.get(Dog.self, 1))
        lucy.label = "lucy"
        let ann = People(); ann.label = "ann"; ann.dog = lucy
        try session.add(lucy, ann)
        try session.commit()
        #expect(try file.connect().allRows("SELECT p.label, d.label FROM people p JOIN dog d ON d.id = p.dog_id") == [["ann", "lucy"]])
    }

    @Test func reflectedModelsOfARealDatabaseAreAlreadyInSync() throws {
        let file = try SeedFile(copying: .chinook)
        let amigo = try file.reflect()
        let before = file.bytes
        for preserve in [true, false] {
            let results = try amigo.syncSchema(preserve: preserve)
            #expect(results.count == amigo.models.count)
            #expect(results.allSatisfy { $0.action == .alreadyInSync }, "\(results.filter { $0.action != .alreadyInSync })")
        }
        #expect(file.bytes == before)
    }

    @Test func syncWithAnOpenSessionIsRefused() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT NULL, obsolete TEXT);" )
        let amigo = try file.amigo([dog()])
        let before = file.bytes
        let session = try amigo.openSession()
        #expect(throws: AmigoError.self) { try amigo.syncSchema(preserve: true) }
        try session.close()
        #expect(file.bytes == before)
        #expect(try amigo.syncSchema(preserve: true).count == 1)
    }

    @Test func syncOnAReadOnlyFileIsRefused() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL);")
        let amigo = try AmigoDatabase([dog()], factory: SQLiteEngineFactory(file.path, options: OpenOptions(readOnly: true)))
        let before = file.bytes
        #expect(try amigo.syncSchemaPlan(preserve: true).map(\.action) == [.columnsAdded(["label"])])
        let error = try #require(throws: AmigoError.self) { try amigo.syncSchema(preserve: true) }
        guard case .readOnly = error else { Issue.record("\(error)"); return }
        #expect(file.bytes == before)
    }

    // MARK: Documentation example (docs/FEATURES-SEED-LIBRARIES.md)

    @Test func documentationExampleCompilesAndRuns() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY NOT NULL, label TEXT, old TEXT);")
        let path = file.path
        // --- example
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label))
        let amigo = try AmigoDatabase([dog], factory: SQLiteEngineFactory(path))
        let plan = try amigo.syncSchemaPlan(preserve: true)       // dry run: the file is not touched
        // [TableSyncResult(table: "dog", action: .recreatedKeepingRows(removed: ["old"], added: []))]
        let done = try amigo.syncSchema(preserve: true)           // one transaction; rolled back on failure
        // --- end
        #expect(plan == done)
        #expect(done == [TableSyncResult(table: "dog", action: .recreatedKeepingRows(removed: ["old"], added: []))])
    }
}
