import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// A CSV, TSV or JSON file made a table: columns typed from their values, every row inserted,
/// and every malformed file refused (or noted) without leaving half a table behind.
@Suite struct TypedImportSpec {
    /// A folder of its own holding `name` with `content`, imported into a new in-memory database.
    private struct Imported {
        let engine: SQLiteEngine
        let result: TypedImport.Result

        /// The table's CREATE statement as SQLite keeps it.
        func schema() throws -> String {
            try engine.fetchScalar("SELECT sql FROM sqlite_schema WHERE name = ?", [.text(result.table)]).textValue ?? ""
        }

        /// Every row, in order.
        func rows() throws -> [[DatabaseValue]] {
            try engine.fetchAll("SELECT * FROM \(SQLiteDialect().quote(result.table)) ORDER BY rowid").rows
        }
    }

    private static func write(_ name: String, _ content: [UInt8]) throws -> String {
        let folder = TemporaryFile.path("typed-import", ext: "d")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(content))
        return path
    }

    private func importing(_ name: String, _ content: String) throws -> Imported {
        try importing(name, Array(content.utf8))
    }

    private func importing(_ name: String, _ content: [UInt8]) throws -> Imported {
        let path = try Self.write(name, content)
        let engine = try SQLiteEngine(path: ":memory:")
        return Imported(engine: engine, result: try TypedImport.importFile(try #require(DataFile(path: path)), into: engine))
    }

    /// The error importing `content` as `name` throws, and whether the database is still empty after it.
    private func failure(_ name: String, _ content: [UInt8]) throws -> (DataFileError?, tablesLeft: Int) {
        let path = try Self.write(name, content)
        let engine = try SQLiteEngine(path: ":memory:")
        var caught: DataFileError?
        do { try TypedImport.importFile(try #require(DataFile(path: path)), into: engine) } catch let error as DataFileError { caught = error }
        let tables = try engine.fetchScalar("SELECT count(*) FROM sqlite_schema").integerValue ?? -1
        return (caught, Int(tables))
    }

    // MARK: Types

    @Test func eachColumnTakesTheNarrowestTypeThatHoldsEveryValue() throws {
        let imported = try importing("people.csv", """
            id,name,score,ratio,zip,flag
            1,Ada,9,0.5,01234,yes
            2,Tim,9.5,-2e3,98765,
            3,Bob,,7,00001,no

            """)
        #expect(try imported.schema() == """
            CREATE TABLE "people" (
            \t"id" INTEGER NULL,
            \t"name" TEXT NULL,
            \t"score" REAL NULL,
            \t"ratio" REAL NULL,
            \t"zip" TEXT NULL,
            \t"flag" TEXT NULL
            )
            """)
        #expect(try imported.rows() == [
            [.integer(1), .text("Ada"), .real(9), .real(0.5), .text("01234"), .text("yes")],
            [.integer(2), .text("Tim"), .real(9.5), .real(-2000), .text("98765"), .null],
            [.integer(3), .text("Bob"), .null, .real(7), .text("00001"), .text("no")],
        ])
        #expect(imported.result.rowCount == 3)
        #expect(imported.result.columns.map(\.kind) == [.integer, .text, .real, .real, .text, .text])
        #expect(imported.result.notes.isEmpty)
    }

    @Test func valuesAreTypedByHowTheyAreWritten() {
        #expect(InferredType.of("0") == .integer)
        #expect(InferredType.of("-42") == .integer)
        #expect(InferredType.of("9223372036854775807") == .integer)
        #expect(InferredType.of("9223372036854775808") == .text)   // beyond 64 bits: kept as written
        #expect(InferredType.of("007") == .text)                   // a leading zero would be lost
        #expect(InferredType.of("+5") == .text)
        #expect(InferredType.of("1.5") == .real)
        #expect(InferredType.of("6.02e23") == .real)
        #expect(InferredType.of("1e999") == .text)                 // not finite
        #expect(InferredType.of("1.") == .text)
        #expect(InferredType.of(".5") == .text)
        #expect(InferredType.of(" 1") == .text)
        #expect(InferredType.of("") == .empty)
    }

    @Test func aColumnOfOnlyEmptyValuesIsTextAndEveryValueNull() throws {
        let imported = try importing("blank.csv", "a,b\n1,\n2,\n")
        #expect(imported.result.columns == [.init(name: "a", kind: .integer), .init(name: "b", kind: .text)])
        #expect(try imported.rows() == [[.integer(1), .null], [.integer(2), .null]])
    }

    @Test func theTableIsNamedAfterTheFileStemAndQuoted() throws {
        let imported = try importing("sales 2024.Q1.CSV", "n\n1\n")
        #expect(imported.result.table == "sales 2024.Q1")
        #expect(try imported.schema().hasPrefix("CREATE TABLE \"sales 2024.Q1\""))
    }

    @Test func aTableOfThatNameAlreadyThereIsRefusedAndKept() throws {
        let path = try Self.write("t.csv", Array("a\n1\n".utf8))
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE T (x); INSERT INTO T VALUES ('kept')")
        #expect(throws: DataFileError.tableExists(table: "t", database: ":memory:")) {
            try TypedImport.importFile(DataFile(path: path)!, into: engine)
        }
        #expect(try engine.fetchAll("SELECT * FROM T").rows == [[.text("kept")]])
    }

    // MARK: Delimited text as sqlite3's .import reads it

    @Test func quotedFieldsHoldSeparatorsQuotesAndLineBreaksAndCRLFEndsLines() throws {
        let imported = try importing("q.csv", "id,text\r\n1,\"a, \"\"b\"\"\"\r\n2,\"line one\r\nline two\"\r\n3,plain\r\n")
        #expect(try imported.rows() == [
            [.integer(1), .text("a, \"b\"")], [.integer(2), .text("line one\r\nline two")], [.integer(3), .text("plain")]])
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstName() throws {
        let imported = try importing("bom.csv", [0xEF, 0xBB, 0xBF] + Array("id,name\n1,x\n".utf8))
        #expect(imported.result.columns.map(\.name) == ["id", "name"])
    }

    @Test func tabsSeparateATSVFileAndBlankLinesAreSkipped() throws {
        let imported = try importing("t.tsv", "a\tb\n1\tx, y\n\n2\tz\n")
        #expect(try imported.rows() == [[.integer(1), .text("x, y")], [.integer(2), .text("z")]])
    }

    @Test func duplicateAndEmptyHeaderNamesAreMadeUniqueWithANote() throws {
        let imported = try importing("h.csv", "name,Name,,name_2\n1,2,3,4\n")
        #expect(imported.result.columns.map(\.name) == ["name", "Name_2", "column_3", "name_2_2"])
        #expect(imported.result.notes == ["h.csv: columns without a name or with one used before were named Name_2, column_3, name_2_2"])
    }

    // MARK: Bad input

    @Test func aShortRowIsPaddedWithNullAndNoted() throws {
        let imported = try importing("r.csv", "a,b,c\n1,2,3\n4\n5,6\n")
        #expect(try imported.rows() == [[.integer(1), .integer(2), .integer(3)], [.integer(4), .null, .null], [.integer(5), .integer(6), .null]])
        #expect(imported.result.notes == ["r.csv: 2 rows have fewer fields than the header (the first on line 3); the missing values are NULL"])
    }

    @Test func aLongRowIsRefusedByItsLineAndNothingIsCreated() throws {
        let (error, tables) = try failure("r.csv", Array("a,b\n1,2\n\"x\ny\",2,3\n".utf8))
        #expect(error == .tooManyFields(path: "r.csv", line: 3, fields: 3, columns: 2))
        #expect(error?.description == "r.csv line 3: 3 fields, but the header names 2 columns")
        #expect(tables == 0)
    }

    @Test func aQuoteLeftOpenIsRefusedByTheLineItStartsOn() throws {
        let (error, tables) = try failure("o.csv", Array("a\n1\n\"never closed\n2\n".utf8))
        #expect(error == .unclosedQuote(path: "o.csv", line: 3))
        #expect(tables == 0)
    }

    @Test func bytesThatAreNotUTF8AreReadAsReplacementCharactersWithANote() throws {
        // "café" in Latin-1 on line 3, among UTF-8.
        let imported = try importing("l.csv", Array("name\nnaïve\n".utf8) + [0x63, 0x61, 0x66, 0xE9, 0x0A])
        #expect(try imported.rows() == [[.text("naïve")], [.text("caf\u{FFFD}")]])
        #expect(imported.result.notes == ["l.csv: 1 value is not valid UTF-8 (the first on line 3); each bad byte was read as U+FFFD"])
    }

    @Test func anEmptyFileIsRefused() throws {
        #expect(try failure("e.csv", []).0 == .empty(path: "e.csv"))
        #expect(try failure("e.csv", Array("\n\r\n".utf8)).0 == .empty(path: "e.csv"))
        #expect(try failure("e.json", Array("  \n".utf8)).0 == .empty(path: "e.json"))
        #expect(try failure("e.json", Array("[]".utf8)).0 == .empty(path: "e.json"))
    }

    @Test func aHeaderWithoutRowsMakesAnEmptyTable() throws {
        let imported = try importing("h.csv", "a,b\n")
        #expect(imported.result.rowCount == 0)
        #expect(imported.result.columns.map(\.kind) == [.text, .text])
    }

    @Test func moreColumnsThanSQLiteAllowsAreRefusedBeforeAnythingIsRead() throws {
        let header = (1...10_000).map { "c\($0)" }.joined(separator: ",")
        let (error, tables) = try failure("wide.csv", Array((header + "\n" + header + "\n").utf8))
        #expect(error == .tooManyColumns(path: "wide.csv", columns: 10_000, limit: 2000))
        #expect(error?.description == "wide.csv has 10000 columns; a SQLite table holds at most 2000")
        #expect(tables == 0)
    }

    @Test func aMissingFileSaysWhy() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        #expect(throws: DataFileError.unreadable(path: "/nonexistent/x.csv", reason: "No such file or directory")) {
            try TypedImport.importFile(DataFile(path: "/nonexistent/x.csv")!, into: engine)
        }
    }

    // MARK: JSON

    @Test func anArrayOfObjectsHasItsKeysInFirstSeenOrderAndNestedValuesAsJSONText() throws {
        let imported = try importing("events.json", """
            [
              {"id": 1, "kind": "open", "tags": ["a", "b"], "ok": true},
              {"id": 2, "at": 1.5, "kind": "close", "meta": {"by": "Ada", "n": [1, 2]}, "ok": false},
              {"id": 3, "kind": null, "at": 2}
            ]
            """)
        #expect(imported.result.columns == [
            .init(name: "id", kind: .integer), .init(name: "kind", kind: .text), .init(name: "tags", kind: .text),
            .init(name: "ok", kind: .integer), .init(name: "at", kind: .real), .init(name: "meta", kind: .text)])
        #expect(try imported.rows() == [
            [.integer(1), .text("open"), .text(#"["a","b"]"#), .integer(1), .null, .null],
            [.integer(2), .text("close"), .null, .integer(0), .real(1.5), .text(#"{"by":"Ada","n":[1,2]}"#)],
            [.integer(3), .null, .null, .null, .real(2), .null],
        ])
    }

    @Test func oneObjectALineIsReadLineByLine() throws {
        let imported = try importing("log.ndjson", "{\"n\": 1, \"s\": \"caf\\u00e9 \\ud83d\\ude00\"}\n\n{\"n\": 2}\n")
        #expect(try imported.rows() == [[.integer(1), .text("café 😀")], [.integer(2), .null]])
    }

    @Test func jsonThatIsNotAnArrayOfObjectsIsRefusedSayingWhatItIs() throws {
        #expect(try failure("o.json", Array(#"{"a": 1}"#.utf8)).0 == .notObjects(path: "o.json", line: 1, found: "an object"))
        #expect(try failure("n.json", Array("[{\"a\": 1},\n 42]".utf8)).0 == .notObjects(path: "n.json", line: 2, found: "a number"))
        #expect(try failure("b.jsonl", Array("{\"a\": 1}\n[1]\n".utf8)).0 == .notObjects(path: "b.jsonl", line: 2, found: "an array"))
        let (broken, tables) = try failure("x.json", Array("[{\"a\": 1},\n{\"a\" 2}]".utf8))
        #expect(broken == .invalidJSON(path: "x.json", line: 2, reason: "expected ':' after the key \"a\""))
        #expect(tables == 0)
    }
}
