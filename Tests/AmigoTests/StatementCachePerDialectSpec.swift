import Foundation
import Testing
import Amigo

final class Kennel: AmigoModel {
    var id: Int?
    var name: String?
}

final class Puppy: AmigoModel {
    var id: Int?
    var name: String?
    var kennel: Kennel?
}

/// A model keeps the SQL it compiles (writes, select lists, `get`, relationship queries, direct
/// INSERTs) per dialect: one compiled model used by two databases of different dialects sends each
/// its own dialect's SQL, whichever is used first.
///
/// SQLite understands both dialects here: ``BracketQuotingDialect`` writes `[name]` and
/// `REPLACE INTO` where ``SQLiteDialect`` writes `"name"` and `INSERT OR REPLACE INTO`.
@Suite("A model's SQL texts are kept per dialect")
struct StatementCachePerDialectSpec {
    /// Which database uses the shared models first.
    enum Order: String, CaseIterable, CustomStringConvertible {
        case sqliteDialectFirst, bracketDialectFirst
        var description: String { rawValue }
    }

    @Test(arguments: Order.allCases)
    func oneModelUsedWithTwoDialectsSendsEachItsOwnSQL(_ order: Order) throws {
        let models = KennelModels()
        let standard = try AmigoDatabase(models.all, engine: SQLiteEngine(path: ":memory:"))
        let brackets = try AmigoDatabase(models.all, engine: DialectSwappingEngine(try SQLiteEngine(path: ":memory:"),
                                                                                   dialect: BracketQuotingDialect()))
        let runs = order == .sqliteDialectFirst ? [standard, brackets] : [brackets, standard]
        for amigo in runs {
            let statements = try Self.roundTrip(amigo)
            if amigo === standard {
                #expect(statements.allSatisfy { !$0.contains("[") })
                Self.expect(statements, toInclude: [
                    #"INSERT INTO "kennel" ("name") VALUES (?)"#,
                    #"INSERT INTO "puppy" ("name", "kennel_id") VALUES (?, ?)"#,
                    #"SELECT "kennel"."id", "kennel"."name" FROM "kennel" WHERE "kennel"."id" = ? LIMIT 1"#,
                    #"UPDATE "kennel" SET "name" = ? WHERE "id" = ?"#,
                    #"INSERT OR REPLACE INTO "kennel" ("id", "name") VALUES (?, ?)"#,
                    #"SELECT "puppy"."id", "puppy"."name", "puppy"."kennel_id" FROM "puppy" WHERE "puppy"."kennel_id" = ?"#,
                    #"DELETE FROM "puppy" WHERE "id" = ?"#,
                ])
            } else {
                #expect(statements.allSatisfy { !$0.contains("\"") })
                Self.expect(statements, toInclude: [
                    "INSERT INTO [kennel] ([name]) VALUES (?)",
                    "INSERT INTO [puppy] ([name], [kennel_id]) VALUES (?, ?)",
                    "SELECT [kennel].[id], [kennel].[name] FROM [kennel] WHERE [kennel].[id] = ? LIMIT 1",
                    "UPDATE [kennel] SET [name] = ? WHERE [id] = ?",
                    "REPLACE INTO [kennel] ([id], [name]) VALUES (?, ?)",
                    "SELECT [puppy].[id], [puppy].[name], [puppy].[kennel_id] FROM [puppy] WHERE [puppy].[kennel_id] = ?",
                    "DELETE FROM [puppy] WHERE [id] = ?",
                ])
            }
        }
    }

    /// Inserts (keys written back), gets by key, upserts in place, inserts-or-replaces, reads a
    /// relationship twice (compiled, then cached) and deletes, checking the rows; returns the SQL
    /// of every statement it ran.
    static func roundTrip(_ amigo: AmigoDatabase) throws -> [String] {
        try amigo.createAll()
        let echo = EchoRecorder(amigo.engine.echo)
        let session = try amigo.openSession()
        let north = Kennel(); north.name = "North"
        try session.add(north)
        #expect(north.id == 1)
        let rex = Puppy(); rex.name = "Rex"; rex.kennel = north
        let tom = Puppy(); tom.name = "Tom"; tom.kennel = north
        try session.add(rex, tom)
        #expect(rex.id == 1 && tom.id == 2)
        #expect(try session.get(Kennel.self, 1)?.name == "North")
        north.name = "North Yard"
        try session.upsert(north)
        #expect(try session.get(Kennel.self, 1)?.name == "North Yard")
        let south = Kennel(); south.id = 2; south.name = "South"
        try session.replaceDeletingConflicts(south)
        south.name = "South Yard"
        try session.replaceDeletingConflicts(south)
        #expect(try session.query(Kennel.self).orderBy("id").all().map(\.name) == ["North Yard", "South Yard"])
        for _ in 0..<2 {
            #expect(try session.query(Puppy.self).using(north).relationship("puppies").all().compactMap(\.name).sorted() == ["Rex", "Tom"])
        }
        try session.delete(rex)
        #expect(try session.query(Puppy.self).all().map(\.name) == ["Tom"])
        try session.commit()
        return echo.statements
    }

    /// Records an issue for each of `expected` that no statement of `statements` is.
    static func expect(_ statements: [String], toInclude expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for sql in expected where !statements.contains(sql) {
            Issue.record("not run: \(sql)\nran:\n\(statements.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
    }
}

/// The kennel and puppy models, built anew per test: each test shares them between its databases.
struct KennelModels {
    let kennel: ORMModel, puppy: ORMModel

    init() {
        kennel = ORMModel(Kennel.self, Column("id", \Kennel.id, primaryKey: true), Column("name", \Kennel.name),
                          OneToMany("puppies", using: Puppy.self, on: "kennel"))
        puppy = ORMModel(Puppy.self, Column("id", \Puppy.id, primaryKey: true), Column("name", \Puppy.name),
                         Column("kennel", ForeignKey(kennel), \Puppy.kennel))
    }

    var all: [ORMModel] { [kennel, puppy] }
}

/// SQLite's dialect with identifiers in brackets (`[name]`) and `REPLACE INTO` for an insert or
/// replace: SQL that SQLite runs as it runs ``SQLiteDialect``'s, but told apart at a glance.
struct BracketQuotingDialect: SQLDialect {
    private let sqlite = SQLiteDialect()

    /// `[identifier]` (the identifiers of these tests have no bracket).
    func quote(_ identifier: String) -> String { "[" + identifier + "]" }
    var placeholder: String { sqlite.placeholder }
    var upsertPrefix: String { insertVerb(onConflict: .replace) }
    /// `REPLACE INTO` for a replace (SQLite's alias of `INSERT OR REPLACE INTO`), else SQLite's.
    func insertVerb(onConflict: ConflictResolution) -> String {
        onConflict == .replace ? "REPLACE INTO" : sqlite.insertVerb(onConflict: onConflict)
    }
    func insertSuffix(onConflict: ConflictResolution) -> String { sqlite.insertSuffix(onConflict: onConflict) }
    var rowIdentifier: String? { sqlite.rowIdentifier }
    var asciiCaseInsensitiveCollation: String { sqlite.asciiCaseInsensitiveCollation }
    func folded(_ sql: String, flags: Int) -> String { sqlite.folded(sql, flags: flags) }
    func asciiCaseInsensitiveLike(_ lhs: String) -> String { sqlite.asciiCaseInsensitiveLike(lhs) }
    func caseSensitiveGlob(_ lhs: String) -> String { sqlite.caseSensitiveGlob(lhs) }
    func regularExpressionMatch(_ lhs: String) -> String { sqlite.regularExpressionMatch(lhs) }
    func typeName(for kind: ColumnKind) -> String { sqlite.typeName(for: kind) }
}

/// A SQLite engine that reports another dialect, so that the ORM writes that dialect's SQL for it.
final class DialectSwappingEngine: Engine, @unchecked Sendable {
    let base: SQLiteEngine
    let dialect: any SQLDialect

    init(_ base: SQLiteEngine, dialect: any SQLDialect) {
        self.base = base
        self.dialect = dialect
    }

    var echo: EchoStream { base.echo }
    var path: String { base.path }
    var isReadOnly: Bool { base.isReadOnly }
    var isInTransaction: Bool { base.isInTransaction }
    var transactionGate: TransactionGate { base.transactionGate }
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> ExecutionResult { try base.execute(sql, arguments) }
    func fetch(_ sql: String, _ arguments: [DatabaseValue], _ body: (StatementRow) throws -> Bool) throws -> Int {
        try base.fetch(sql, arguments, body)
    }
    func fetch(_ sql: String, _ arguments: [DatabaseValue], columns: ([String]) throws -> Void,
               _ body: (StatementRow) throws -> Bool) throws -> Int {
        try base.fetch(sql, arguments, columns: columns, body)
    }
    func executeRepeatedly(_ sql: String, _ argumentLists: [[DatabaseValue]]) throws -> Int {
        try base.executeRepeatedly(sql, argumentLists)
    }
    func withPreparedWrite<T>(_ sql: String, _ body: (PreparedWrite) throws -> T) throws -> T {
        try base.withPreparedWrite(sql, body)
    }
    func executeScript(_ sql: String) throws { try base.executeScript(sql) }
    func execute(_ control: TransactionControl) throws { try base.execute(control) }
    func serialized<T>(_ body: () throws -> T) rethrows -> T { try base.serialized(body) }
    func isReadOnlyStatement(_ sql: String) throws -> Bool { try base.isReadOnlyStatement(sql) }
    func setInterruptCheck(_ check: (() -> Bool)?) { base.setInterruptCheck(check) }
}
