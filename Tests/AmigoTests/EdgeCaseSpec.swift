import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// Edge cases found in review: each was wrong once.
@Suite struct EdgeCaseSpec {
    func reflected(_ script: String) throws -> AmigoDatabase {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript(script)
        return try AmigoDatabase(reflecting: engine)
    }

    @Test func theSameQueryRunInsideItsOwnRowLoopDoesNotRestartTheOuterLoop() throws {
        let amigo = try reflected("""
            CREATE TABLE node (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES node(id), name TEXT);
            INSERT INTO node VALUES (1, NULL, 'root'), (2, 1, 'a'), (3, 1, 'b'), (4, 2, 'a1');
            """)
        let session = try amigo.openSession()
        var visited: [String] = []
        try session.query("node").orderBy("id").forEach { node in
            visited.append(node["name"].textValue ?? "?")
            // Runs the same SELECT (another key) while the outer one is still stepping.
            _ = try session.query("node").get(node["id"])
            return true
        }
        #expect(visited == ["root", "a", "b", "a1"])
    }

    @Test func caseInsensitiveInAppliesTheCollationToTheColumn() throws {
        let amigo = try reflected("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'Lucy'), (2, 'Rex');")
        let query = amigo.query("t").filter("name IN[c] {'lucy', 'REX'}")
        #expect(try query.sql().sql.contains(#""t"."name" COLLATE NOCASE IN (?, ?)"#))
        #expect(try query.count() == 2)
    }

    @Test func keysetPagingWorksOnColumnsWhoseNamesContainDots() throws {
        let amigo = try reflected("""
            CREATE TABLE price ("price.usd" REAL PRIMARY KEY, "-label" TEXT);
            INSERT INTO price VALUES (1.5, 'a'), (2.5, 'b'), (3.5, 'c');
            """)
        let query = amigo.query("price")
        let columns = try #require(try query.keysetColumns(for: [.init("-label", ascending: false)]))
        let page = try query.seek(columns, after: [.text("c"), .real(3.5)]).all()
        #expect(page.map { $0["-label"] } == ["b", "a"])
    }

    @Test func transactionControlIsNotAReadOnlyStatement() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        for sql in ["COMMIT", "ROLLBACK", "BEGIN", "SAVEPOINT x", "RELEASE x", "  end"] {
            #expect(try engine.isReadOnlyStatement(sql) == false, "\(sql)")
        }
        #expect(try engine.isReadOnlyStatement("SELECT 1") == true)
    }

    @Test func anInvalidMatchesPatternIsAFilterErrorNotAnEscapedAnchor() throws {
        let amigo = try reflected("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'ab');")
        #expect(throws: AmigoError.self) { try amigo.query("t").filter("name MATCHES 'a)|(b'").all() }
        #expect(try amigo.query("t").filter("name MATCHES 'a.'").count() == 1)
    }

    @Test func insertingIntoATableOfMoreThan56ColumnsKeepsValuesInTheirColumns() throws {
        let names = (0..<60).map { "c\($0)" }
        let columns = names.map { $0 == "c58" ? "\"\($0)\" TEXT DEFAULT 'dflt'" : "\"\($0)\" TEXT" }
        let amigo = try reflected("CREATE TABLE wide (id INTEGER PRIMARY KEY, " + columns.joined(separator: ", ") + ");")
        let session = try amigo.openSession()
        let row = Record(try amigo.model(named: "wide"))
        for name in names where name != "c58" { try row.set(name, "v" + name) }
        try session.add(row)
        let fetched = try #require(try session.query("wide").first())
        #expect(fetched["c57"] == "vc57")
        #expect(fetched["c58"] == "dflt")
        #expect(fetched["c59"] == "vc59")
    }

    @Test func datesBeyondTheTextFormAreStoredAsSeconds() {
        #expect(Date(timeIntervalSince1970: 1e300).databaseValue == .real(1e300))
        #expect(Date(timeIntervalSince1970: 0).databaseValue == .text("1970-01-01 00:00:00.000"))
    }
}

/// A model with a stored, a computed and an observed property, for the offset finder.
final class OffsetProbeModel: AmigoModel {
    var stored: String?
    var count: Int = 0
    var observedChanges = 0
    var observed: String? { didSet { observedChanges += 1 } }
    var computed: String? {
        get { stored.map { $0.uppercased() } }
        set { stored = newValue?.lowercased() }
    }
}

@Suite struct StoredPropertyOffsetSpec {
    @Test func storedPropertiesGetADirectOffsetAndOthersKeepTheirKeyPath() {
        #expect(StoredPropertyOffset.find(\OffsetProbeModel.stored) != nil)
        #expect(StoredPropertyOffset.find(\OffsetProbeModel.count) != nil)
        #expect(StoredPropertyOffset.find(\OffsetProbeModel.computed) == nil)
        #expect(StoredPropertyOffset.find(\OffsetProbeModel.observed) == nil)
    }

    @Test func anObservedPropertyStillRunsItsObserverWhenFetched() throws {
        let model = ORMModel(OffsetProbeModel.self, Column("count", \OffsetProbeModel.count, primaryKey: true),
                             Column("observed", \OffsetProbeModel.observed), Column("computed", \OffsetProbeModel.computed))
        let amigo = try AmigoDatabase([model], factory: SQLiteEngineFactory(":memory:"))
        try amigo.createAll()
        try amigo.engine.execute("INSERT INTO offsetprobemodel (count, observed, computed) VALUES (7, 'x', 'Abc')", [])
        let fetched = try #require(try amigo.query(OffsetProbeModel.self).get(7))
        #expect(fetched.observed == "x")
        #expect(fetched.observedChanges == 1)
        #expect(fetched.stored == "abc")
        #expect(fetched.computed == "ABC")
    }
}

@Suite struct VirtualTableSpec {
    @Test func anFTS5TableIsReflectedQueriedByFilterAndKeyedByRowid() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE VIRTUAL TABLE docs USING fts5(title, body); INSERT INTO docs VALUES ('hello', 'world'), ('foo', 'bar');")
        let amigo = try AmigoDatabase(reflecting: engine)
        let docs = try amigo.model(named: "docs")
        #expect(docs.table.columns.map(\.label) == ["title", "body"])
        #expect(try amigo.query("docs").filter("title BEGINSWITH 'h'").all().map { $0["body"] } == ["world"])
        #expect(try amigo.query("docs").get(2)?["title"] == "foo")
        #expect(amigo.models.contains { $0.name == "docs_content" })   // its shadow tables are plain tables
    }
}
