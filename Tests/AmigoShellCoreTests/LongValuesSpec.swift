import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Megabyte cells: the grid reads a bounded prefix of each long value and shows its size; the
/// detail, edits, `=` and exports read the whole value from the file, and nothing ever writes
/// a prefix back.
@Suite struct LongValuesSpec {
    /// Bytes in each long cell: 1 MiB (a thousand times what the grid reads), shown as `1.0 MB`.
    static let cellSize = 1024 * 1024

    /// A file of three documents on one shelf, whose `body` (text) and `data` (blob) cells are 1 MiB each.
    final class Documents {
        let path: String
        let explorer: Explorer

        init() throws {
            path = TemporaryFile.path("long-values")
            try SQLiteEngine(path: path, options: OpenOptions(create: true)).executeScript("""
                CREATE TABLE shelf (id INTEGER PRIMARY KEY, name TEXT);
                INSERT INTO shelf VALUES (1, 'Top');
                CREATE TABLE doc (id INTEGER PRIMARY KEY, title TEXT, body TEXT, data BLOB, shelf_id INTEGER REFERENCES shelf (id));
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
                INSERT INTO doc SELECT i, 'Doc ' || i,
                    substr('Row ' || i || ' ' || hex(zeroblob(\(cellSize / 2))), 1, \(cellSize)),
                    randomblob(\(cellSize)), 1 FROM n;
                CREATE VIEW doc_view AS SELECT id, title, body FROM doc;
                """)
            explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "long-values.sqlite")
        }

        /// What a second, independent connection reads from the file.
        func onDisk(_ sql: String) throws -> DatabaseValue {
            try SQLiteEngine(path: path, options: OpenOptions(readOnly: true)).fetchScalar(sql)
        }

        deinit {
            try? explorer.session.close()
            TemporaryFile.remove(path)
        }
    }

    /// The size of a blob value (nil for anything else).
    static func blobCount(_ value: DatabaseValue) -> Int? {
        if case .blob(let bytes) = value { return bytes.count }
        return nil
    }

    /// Bytes of text and blob held in `values`.
    static func heldBytes(_ values: [DatabaseValue]) -> Int {
        values.reduce(0) { total, value in
            switch value {
            case .text(let s): return total + s.utf8.count
            case .blob(let b): return total + b.count
            default: return total
            }
        }
    }

    @Test func theGridHoldsABoundedPrefixOfEachLongValueAndItsFullSize() throws {
        let docs = try Documents()
        let explorer = docs.explorer
        explorer.echoLog.clear()
        try explorer.open("doc")
        let prefix = explorer.cellPrefixLength
        for row in 0..<3 {
            let record = try #require(try explorer.record(at: row))
            #expect(record["body"].textValue?.count == prefix)
            #expect(record["body"].textValue?.hasPrefix("Row \(row + 1) 000") == true)
            #expect(Self.blobCount(record["data"]) == prefix)
            #expect(record.fullSize(at: 2) == Self.cellSize)
            #expect(record.fullSize(at: 3) == Self.cellSize)
            #expect(record.fullSize(at: 1) == nil && record["title"] == .text("Doc \(row + 1)"))
            // Deterministic memory check: what the view holds per row is the prefixes, not 2 MiB.
            #expect(Self.heldBytes(record.values) <= 2 * prefix + 16)
        }
        let select = try #require(explorer.echoLog.entries.last { $0.sql.hasPrefix("SELECT \"doc\".\"id\"") }?.sql)
        #expect(select.contains("substr(\"doc\".\"body\", 1, \(prefix))"))
        #expect(select.contains("length(CAST(\"doc\".\"data\" AS BLOB))"))
    }

    @Test func cellsShowTheStartOfTheValueAndItsSize() throws {
        let docs = try Documents()
        try docs.explorer.open("doc")
        let row = try #require(try docs.explorer.values(in: 0..<1).first)
        #expect(row[1] == .text("Doc 1"))
        #expect(row[2] == .text("Row 1 000000000000000000…(1.0 MB)"))
        #expect(row[3].textValue?.hasPrefix("⟨1.0 MB⟩ ") == true)
        let table = try docs.explorer.run("show").output
        #expect(table.contains("Row 3 000000000000000000…(1.0 MB)"))
    }

    @Test func theDetailAndTheCurrentRowReadTheWholeValue() throws {
        let docs = try Documents()
        try docs.explorer.open("doc")
        docs.explorer.moveCursor(to: 1)
        let record = try #require(try docs.explorer.currentRecord())
        #expect(record.prefixColumns.isEmpty)
        #expect(record["body"].textValue?.count == Self.cellSize)
        #expect(Self.blobCount(record["data"]) == Self.cellSize)
        #expect(record["data"] == (try docs.onDisk("SELECT data FROM doc WHERE id = 2")))
        let detail = try docs.explorer.currentRowDetail()
        let bodyLine = try #require(detail.split(separator: "\n").first { $0.hasPrefix("body") })
        #expect(bodyLine.count == "shelf_id  ".count + Self.cellSize)   // padded to the widest name, then two spaces
        #expect(detail.contains("⟨" + Plural.count(Self.cellSize, "byte") + "⟩"))
    }

    @Test func rowsReachedThroughARelationshipAreReadInPartAndWholeByKey() throws {
        let docs = try Documents()
        try docs.explorer.open("shelf")
        let documents = try #require(docs.explorer.current?.model?.relationships.first { $0.target.name == "doc" }).name
        try docs.explorer.follow(documents)
        #expect(try docs.explorer.record(at: 1)?.fullSize(at: 2) == Self.cellSize)
        docs.explorer.moveCursor(to: 1)
        #expect(try docs.explorer.currentRecord()?["body"].textValue?.count == Self.cellSize)
        #expect(try docs.explorer.currentRecord()?["id"] == .integer(2))
    }

    @Test func aSqlResultHoldsLongValuesInPartAndItsDetailReadsThemWhole() throws {
        let docs = try Documents()
        docs.explorer.echoLog.clear()
        try docs.explorer.runSQL("SELECT id, body, body, data FROM doc ORDER BY id DESC")
        let view = try #require(docs.explorer.current)
        #expect(view.columns == ["id", "body", "body", "data"])
        let rows = try docs.explorer.values(in: 0..<3)
        #expect(rows.map { $0[0] } == [3, 2, 1])
        #expect(rows[0][1] == .text("Row 3 000000000000000000…(1.0 MB)") && rows[0][2] == rows[0][1])
        #expect(rows[0][3].textValue?.hasPrefix("⟨1.0 MB⟩ ") == true)
        #expect(rows.allSatisfy { Self.heldBytes($0) < 200 })
        #expect(docs.explorer.echoLog.entries.contains { $0.sql.contains("substr(\"body:1\", 1, \(docs.explorer.cellPrefixLength))") })
        docs.explorer.moveCursor(to: 1)
        let detail = try docs.explorer.currentRowDetail()
        #expect(detail.split(separator: "\n").filter { $0.count > Self.cellSize }.count == 2)
        #expect(detail.contains("⟨" + Plural.count(Self.cellSize, "byte") + "⟩"))
    }

    @Test func aViewWithoutAKeyIsReadInPartAndItsRowsWholeByTheirPlace() throws {
        let docs = try Documents()
        try docs.explorer.open("doc_view")
        #expect(try docs.explorer.record(at: 2)?.fullSize(at: 2) == Self.cellSize)
        docs.explorer.moveCursor(to: 2)
        let record = try #require(try docs.explorer.currentRecord())
        #expect(record["id"] == .integer(3) && record["body"].textValue?.count == Self.cellSize)
        #expect(record["body"] == (try docs.onDisk("SELECT body FROM doc WHERE id = 3")))
    }

    @Test func editingAnotherColumnLeavesTheLongCellsByteIdentical() throws {
        let docs = try Documents()
        let body = try docs.onDisk("SELECT body FROM doc WHERE id = 1")
        let data = try docs.onDisk("SELECT data FROM doc WHERE id = 1")
        try docs.explorer.open("doc")
        let edit = try docs.explorer.previewEdit(column: "title", text: "Renamed")
        #expect(edit.sql == "UPDATE \"doc\" SET \"title\" = ? WHERE \"id\" = ?")
        #expect(edit.arguments == [.text("Renamed"), .integer(1)])
        try docs.explorer.apply(edit)
        try docs.explorer.commit()
        #expect(try docs.onDisk("SELECT title FROM doc WHERE id = 1") == .text("Renamed"))
        #expect(try docs.onDisk("SELECT body FROM doc WHERE id = 1") == body)
        #expect(try docs.onDisk("SELECT data FROM doc WHERE id = 1") == data)
        // The grid reads prefixes again after the edit.
        #expect(try docs.explorer.record(at: 0)?.fullSize(at: 2) == Self.cellSize)
    }

    @Test func editingTheLongCellStartsFromTheWholeValueAndWritesOnlyIt() throws {
        let docs = try Documents()
        let data = try docs.onDisk("SELECT data FROM doc WHERE id = 1")
        try docs.explorer.open("doc")
        let edit = try docs.explorer.previewEdit(column: "body", text: "'short now'")
        #expect(edit.sql == "UPDATE \"doc\" SET \"body\" = ? WHERE \"id\" = ?")
        try docs.explorer.apply(edit)
        try docs.explorer.commit()
        #expect(try docs.onDisk("SELECT body FROM doc WHERE id = 1") == .text("short now"))
        #expect(try docs.onDisk("SELECT data FROM doc WHERE id = 1") == data)
        #expect(try docs.explorer.values(in: 0..<1).first?[2] == .text("short now"))
    }

    @Test func aRowReadInPartCannotBeWrittenBackWhole() throws {
        let docs = try Documents()
        try docs.explorer.open("doc")
        let partial = try #require(try docs.explorer.record(at: 0))
        #expect(throws: AmigoError.self) { try docs.explorer.session.update(partial, columns: ["body"]) }
        #expect(throws: AmigoError.self) { try docs.explorer.session.add(partial) }
        #expect(try docs.onDisk("SELECT length(body) FROM doc WHERE id = 1") == .integer(Int64(Self.cellSize)))
    }

    @Test func equalsNarrowsByTheWholeValue() throws {
        let docs = try Documents()
        try docs.explorer.open("doc")
        docs.explorer.moveCursor(to: 2)
        docs.explorer.moveColumn(to: 2)
        try docs.explorer.filterEqualToCurrentCell()
        let view = try #require(docs.explorer.current)
        #expect(view.totalCount == 1)
        #expect(view.filter?.count ?? 0 > Self.cellSize)
        #expect(try docs.explorer.currentRecord()?["id"] == .integer(3))
    }

    @Test func anExportWritesEveryByteOfEveryValue() throws {
        let docs = try Documents()
        try docs.explorer.open("doc")
        let out = TemporaryFile.path("long-values", ext: "csv")
        defer { TemporaryFile.remove(out) }
        #expect(try docs.explorer.export(format: .csv, to: out) == 3)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        for id in 1...3 {
            let body = try #require(try docs.onDisk("SELECT body FROM doc WHERE id = \(id)").textValue)
            #expect(body.utf8.count == Self.cellSize)
            #expect(text.contains("\r\n\(id),Doc \(id)," + body + ","))
        }
    }

    @Test func aViewSortedByTheLongColumnKeepsItWholeToSeekFrom() throws {
        let docs = try Documents()
        try docs.explorer.open("doc")
        try docs.explorer.setOrder(column: "body", descending: true)
        let first = try #require(try docs.explorer.record(at: 0))
        #expect(first["id"] == .integer(3))
        #expect(first.fullSize(at: 2) == nil && first["body"].textValue?.count == Self.cellSize)
        #expect(first.fullSize(at: 3) == Self.cellSize)
        #expect(try docs.explorer.record(at: 2)?["id"] == .integer(1))
    }
}
