import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// Each output mode's exact text, and that rows stream: written as they are read, never all
/// held, in pieces of bounded size.
@Suite struct OutputModeSpec {
    static let columns = ["id", "name", "note"]
    /// NULL, a comma and quotes, a tab and a line break, empty text, a real and a BLOB.
    static let rows: [[DatabaseValue]] = [
        [.integer(1), .text("Rock, \"hard\""), .null],
        [.integer(2), .text("a\tb\nc"), .real(0.5)],
        [.integer(3), .text(""), .blob([0xAB, 0x01])],
    ]

    /// Everything `mode` writes for ``rows``.
    func text(_ mode: OutputMode, header: Bool = true, columns: [String] = columns, rows: [[DatabaseValue]] = rows) throws -> String {
        var out = ""
        let writer = RowWriter(formatter: mode.formatter(header: header)) { out += $0 }
        try writer.begin(columns: columns)
        for row in rows { try writer.write(row) }
        try writer.finish()
        return out
    }

    @Test func csvQuotesWhatNeedsItAndWritesNullAsAnEmptyField() throws {
        #expect(try text(.csv) == "id,name,note\r\n1,\"Rock, \"\"hard\"\"\",\r\n2,\"a\tb\nc\",0.5\r\n3,\"\",ab01\r\n")
        #expect(try text(.csv, header: false) == "1,\"Rock, \"\"hard\"\"\",\r\n2,\"a\tb\nc\",0.5\r\n3,\"\",ab01\r\n")
    }

    @Test func tsvEscapesTabsLineBreaksAndBackslashes() throws {
        #expect(try text(.tsv) == "id\tname\tnote\n1\tRock, \"hard\"\t\n2\ta\\tb\\nc\t0.5\n3\t\tab01\n")
        #expect(try text(.tsv, header: false, columns: ["x"], rows: [[.text("back\\slash")]]) == "back\\\\slash\n")
    }

    @Test func jsonIsAnArrayOfObjectsWithNullNumbersAndBase64Blobs() throws {
        #expect(try text(.json) == """
            [
              {"id": 1, "name": "Rock, \\"hard\\"", "note": null},
              {"id": 2, "name": "a\\tb\\nc", "note": 0.5},
              {"id": 3, "name": "", "note": {"$base64": true, "encoded": "qwE="}}
            ]

            """)
        #expect(try text(.json, rows: []) == "[]\n")
        let parsed = try JSONSerialization.jsonObject(with: Data(try text(.json).utf8)) as? [[String: Any]]
        #expect(parsed?.count == 3)
    }

    @Test func jsonLinesIsOneObjectALine() throws {
        #expect(try text(.jsonl) == """
            {"id": 1, "name": "Rock, \\"hard\\"", "note": null}
            {"id": 2, "name": "a\\tb\\nc", "note": 0.5}
            {"id": 3, "name": "", "note": {"$base64": true, "encoded": "qwE="}}

            """)
    }

    /// As sqlite3's: the names right-aligned in five columns at least.
    @Test func lineModeWritesColumnEqualsValueWithABlankLineBetweenRows() throws {
        #expect(try text(.line, rows: [Self.rows[0], Self.rows[2]]) == """
               id = 1
             name = Rock, "hard"
             note = \("")

               id = 3
             name = \("")
             note = ab01

            """)
    }

    /// As sqlite3's `.mode markdown`: padded columns, names centred, values as they are (a `|`
    /// too), a tab as spaces and a line break starting the cell's next line.
    @Test func markdownIsATableOfBarsAsSQLite3WritesIt() throws {
        #expect(try text(.markdown, rows: [Self.rows[0], Self.rows[1], [.integer(4), .text("a|b"), .null]]) == """
            | id |     name     | note |
            |----|--------------|------|
            | 1  | Rock, "hard" |      |
            | 2  | a       b    | 0.5  |
            |    | c            |      |
            | 4  | a|b          |      |

            """)
    }

    @Test func tableModeAlignsColumnsShowsNullAsTheEmptySetAndCountsRows() throws {
        #expect(try text(.table, rows: [[.integer(1), .text("Rock"), .null], [.integer(22), .text("Jazz"), .real(0.5)]]) == """
            id  name  note
            --  ----  ----
            1   Rock  ∅
            22  Jazz  0.5
            (2 rows)

            """)
        #expect(try text(.table, rows: []) == "id  name  note\n--  ----  ----\n(0 rows)\n")
    }

    @Test func tableModeSizesColumnsOnTheFirstBatchAndStreamsTheRest() throws {
        var formatter = TableFormatter(batchSize: 2)
        #expect(formatter.begin(columns: ["id", "name"]) == "")
        #expect(formatter.row([.integer(1), .text("a")]) == "")
        #expect(formatter.row([.integer(2), .text("b")]) == "id  name\n--  ----\n1   a\n2   b\n")
        #expect(formatter.row([.integer(333), .text("cccc")]) == "333  cccc\n")
        #expect(formatter.end(rowCount: 3) == "(3 rows)\n")
    }

    @Test func aRowWriterHandsOnPiecesOfBoundedSizeAsRowsComeNotAllAtTheEnd() throws {
        var pieces: [Int] = []
        let writer = RowWriter(formatter: CSVFormatter(), bufferLimit: 1024) { pieces.append($0.utf8.count) }
        try writer.begin(columns: ["n", "text"])
        for i in 0..<1000 {
            try writer.write([.integer(Int64(i)), .text("row \(i)")])
            if i == 500 { #expect(pieces.count > 5, "pieces are written while rows still come") }
        }
        try writer.finish()
        #expect(pieces.allSatisfy { $0 < 1024 + 64 })
        #expect(writer.count == 1000)
    }

    @Test func exportToStandardOutputStreamsEveryRowOfAModelView() throws {
        let fixture = try ChinookFixture()
        var pieces: [String] = []
        fixture.explorer.standardOutputWriter = { pieces.append($0) }
        try fixture.explorer.open("Track")
        #expect(try fixture.explorer.export(format: .csv, to: "-") == 3503)
        #expect(pieces.count > 2)
        #expect(pieces.allSatisfy { $0.utf8.count < 64 * 1024 + 1024 })
        let lines = pieces.joined().components(separatedBy: "\r\n")
        #expect(lines.count == 3503 + 2)
    }

    @Test func modeNamesAndAliases() {
        #expect(OutputMode.choices == "csv|tsv|json|jsonl|table|line|markdown|list|column|box|ascii-table|qbox|tabs|json-sqlite3|quote|insert|html|ascii|tcl")
        #expect(OutputMode(name: "CSV") == .csv)
        #expect(OutputMode(name: "md") == .markdown)
        #expect(OutputMode(name: "column") == .column)
        #expect(OutputMode(name: "columns") == .column)
        #expect(OutputMode(name: "list") == .list)
        #expect(OutputMode(name: "html") == .html)
        #expect(OutputMode(name: "htm") == nil)
        #expect(OutputMode(name: "tabs") == .tabs)
        #expect(OutputMode(name: "table") == .table)
        #expect(OutputMode(sqlite3Name: "table") == .asciiTable)
        #expect(OutputMode(sqlite3Name: "json") == .sqlite3JSON)
        #expect(OutputMode(name: "json") == .json)
        #expect(OutputMode.allCases.filter(\.writesEveryRow) == [.csv, .tsv, .json, .jsonl, .line, .markdown, .list, .column, .box, .asciiTable, .qbox, .tabs,
                                                                  .sqlite3JSON, .quote, .insert, .html, .ascii, .tcl])
    }

    /// sqlite3's list, column and box modes, byte for byte as sqlite3 3.40 writes them.
    @Test func sqlite3sListColumnAndBox() {
        let columns = ["a", "bb", "c"]
        let rows: [[DatabaseValue]] = [[1, "hello", .null], [22, "x", 3.5]]
        func text(_ formatter: any RowFormatter) -> String {
            var formatter = formatter
            var out = formatter.begin(columns: columns)
            for row in rows { out += formatter.row(row) }
            return out + formatter.end(rowCount: rows.count)
        }
        #expect(text(ListFormatter(header: true)) == "a|bb|c\n1|hello|\n22|x|3.5\n")
        #expect(text(ListFormatter(header: false, separator: ";", nullValue: "NULL")) == "1;hello;NULL\n22;x;3.5\n")
        #expect(text(ColumnFormatter(style: .column, header: true)) == "a   bb     c  \n--  -----  ---\n1   hello     \n22  x      3.5\n")
        #expect(text(ColumnFormatter(style: .column, header: false)) == "1   hello     \n22  x      3.5\n")
        #expect(text(ColumnFormatter(style: .box, header: false)) == """
            ┌────┬───────┬─────┐
            │ a  │  bb   │  c  │
            ├────┼───────┼─────┤
            │ 1  │ hello │     │
            │ 22 │ x     │ 3.5 │
            └────┴───────┴─────┘

            """)
        var widths = ColumnFormatter(style: .column, header: false)
        widths.minimumWidths = [-4]
        #expect(text(widths) == "   1  hello     \n  22  x      3.5\n")
    }
}
