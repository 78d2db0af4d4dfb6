import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// sqlite3's `.mode insert`, `html`, `ascii` and `tcl`, and the header rule of a query's result,
/// each byte for byte as sqlite3 3.40 writes them (the expected texts were taken from sqlite3).
@Suite struct SQLite3ModesSpec {
    static let columns = ["a", "b", "c"]
    static let rows: [[DatabaseValue]] = [
        [.integer(1), .text("x y"), .real(1.5)],
        [.integer(2), .null, .real(2)],
        [.integer(4), .text("a<b>&\"'"), .real(0.1)],
        [.integer(5), .text("tab\tx\ny"), .real(1e300)],
    ]

    /// Everything `formatter` writes for `rows`.
    private func text(_ formatter: any RowFormatter, rows: [[DatabaseValue]] = rows, waitsForARow: Bool = false) throws -> String {
        var out = ""
        let writer = RowWriter(formatter: formatter) { out += $0 }
        writer.headerWaitsForARow = waitsForARow
        try writer.begin(columns: Self.columns)
        for row in rows { try writer.write(row) }
        try writer.finish()
        return out
    }

    @Test func insertWritesEachRowAsTheStatementThatAddsIt() throws {
        let rows = Self.rows.dropLast() + [[.integer(5), .text("tab\tx\ny"), .real(1e15)]]
        #expect(try text(InsertFormatter(table: nil, header: false), rows: Array(rows)) == """
            INSERT INTO "table" VALUES(1,'x y',1.5);
            INSERT INTO "table" VALUES(2,NULL,2.0);
            INSERT INTO "table" VALUES(4,'a<b>&"''',0.10000000000000000555);
            INSERT INTO "table" VALUES(5,replace('tab\tx\\ny','\\n',char(10)),1000000000000000.0);

            """)
        #expect(try text(InsertFormatter(table: "t", header: true), rows: [Self.rows[0]]) == "INSERT INTO t(a,b,c) VALUES(1,'x y',1.5);\n")
        #expect(try text(InsertFormatter(table: "my-tab", header: false), rows: [Self.rows[0]]) == "INSERT INTO \"my-tab\" VALUES(1,'x y',1.5);\n")
    }

    /// SQLite's own printf: its digits past the 17th are its own (the C library writes `…0525e+300`).
    @Test func realsAreWrittenBySQLitesOwnPrintf() {
        #expect(SQLiteRealText.text(0.1 + 0.2) == "0.3")
        #expect(SQLiteRealText.text(1e15) == "1.0e+15")
        #expect(SQLiteRealText.text(-0.0) == "0.0")
        #expect(SQLiteRealText.text(2) == "2.0")
        #expect(SQLiteRealText.literal(1e300) == "1.0000000000000000047e+300")
        #expect(SQLiteRealText.literal(0.1) == "0.10000000000000000555")
        #expect(SQLiteRealText.literal(1e19) == "10000000000000000000.0")
        #expect(SQLiteRealText.literal(-.infinity) == "-1e999")
        #expect(QuoteFormatter.real(.infinity) == "Inf")
        var bytes: [UInt8] = []
        SQLiteRealText.append(1.0 / 3, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "0.333333333333333")
    }

    @Test func insertKeepsATextThatHoldsTheMarkerReadable() {
        // `\n` is in the text itself: sqlite3 takes `\012` as the marker, then `(\n0)`.
        #expect(SQLiteInsertText.textLiteral("a\\nb\nc") == "replace('a\\nb\\012c','\\012',char(10))")
        #expect(SQLiteInsertText.textLiteral("\\n\\012\n") == "replace('\\n\\012(\\n0)','(\\n0)',char(10))")
        #expect(SQLiteInsertText.textLiteral("r\r\nn") == "replace(replace('r\\r\\nn','\\r',char(13)),'\\n',char(10))")
        #expect(SQLiteInsertText.textLiteral("it's") == "'it''s'")
    }

    @Test func htmlWritesRowsOfCellsOneALineWithTheTextEscaped() throws {
        #expect(try text(HTMLFormatter(header: true), rows: [Self.rows[1], Self.rows[2]]) == """
            <TR><TH>a</TH>
            <TH>b</TH>
            <TH>c</TH>
            </TR>
            <TR><TD>2</TD>
            <TD></TD>
            <TD>2.0</TD>
            </TR>
            <TR><TD>4</TD>
            <TD>a&lt;b&gt;&amp;&quot;&#39;</TD>
            <TD>0.1</TD>
            </TR>

            """)
    }

    @Test func asciiSeparatesValuesAndRowsWithTheUnitAndRecordSeparators() throws {
        #expect(try text(ListFormatter(header: true, separator: "\u{1F}", rowEnd: "\u{1E}"), rows: [Self.rows[0], Self.rows[1]])
                == "a\u{1F}b\u{1F}c\u{1E}1\u{1F}x y\u{1F}1.5\u{1E}2\u{1F}\u{1F}2.0\u{1E}")
    }

    @Test func tclQuotesEachValueAsACString() throws {
        #expect(try text(TclFormatter(header: false), rows: [Self.rows[1], Self.rows[2], Self.rows[3]]) == """
            "2" "" "2.0"
            "4" "a<b>&\\"'" "0.1"
            "5" "tab\\tx\\ny" "1.0e+300"

            """)
        // Every byte that is not printable ASCII, as three octal digits.
        #expect(TclFormatter.quoted("é\u{1}\u{7F}") == "\"\\303\\251\\001\\177\"")
    }

    @Test func aResultWithoutRowsWritesNoHeaderAsInSqlite3() throws {
        #expect(try text(ListFormatter(header: true), rows: [], waitsForARow: true) == "")
        #expect(try text(HTMLFormatter(header: true), rows: [], waitsForARow: true) == "")
        #expect(try text(ListFormatter(header: true), rows: [Self.rows[0]], waitsForARow: true) == "a|b|c\n1|x y|1.5\n")
        // Column, box and markdown write nothing for no rows, whatever the header.
        #expect(try text(ColumnFormatter(style: .markdown, header: true), rows: []) == "")
        #expect(try text(ColumnFormatter(style: .box, header: true), rows: []) == "")
    }
}
