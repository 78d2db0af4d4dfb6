import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// How cell values are shown and how typed text becomes a value or a filter literal.
@Suite struct ValueTextSpec {
    @Test func valuesAreShownAsSQLitePrintsThemAndNullAsAnEmptySetSign() {
        #expect(ValueText.display(.null) == "∅")
        #expect(ValueText.display(.integer(-42)) == "-42")
        #expect(ValueText.display(.real(0.99)) == "0.99")
        #expect(ValueText.display(.text("AC/DC")) == "AC/DC")
    }

    @Test func blobsAreShownAsTheirSizeAndFirstBytes() {
        #expect(ValueText.display(.blob([0x89, 0x50, 0x4e, 0x47])) == "⟨4 bytes⟩ 89504e47")
        #expect(ValueText.display(.blob(Array(0..<20))) == "⟨20 bytes⟩ 0001020304050607…")
        #expect(ValueText.display(.blob([])) == "⟨0 bytes⟩")
        #expect(ValueText.plain(.blob([0x0a, 0xff])) == "x'0aff'")
        #expect(ValueText.plain(.null) == "NULL")
    }

    @Test func aBooleanColumnTakesTrueAndFalseAsOneAndZero() throws {
        let flag = Column.reflected("active", declaredType: "boolean", kind: .boolean, notNull: false, defaultSQL: nil, primaryKeyPosition: 0)
        for (typed, stored) in [("true", 1), ("FALSE", 0), ("t", 1), ("f", 0), ("yes", 1), ("off", 0), ("1", 1), ("0", 0)] {
            #expect(try ValueText.parseEdit(typed, for: flag) == .integer(Int64(stored)), "\(typed)")
        }
        #expect(throws: ShellError.self) { try ValueText.parseEdit("maybe", for: flag) }
    }

    @Test func aDecimalTooPreciseForADoubleIsKeptAsTypedForANumericColumn() throws {
        let amount = Column.reflected("amount", declaredType: "numeric(40,10)", kind: .numeric, notNull: false, defaultSQL: nil,
                                      primaryKeyPosition: 0)
        #expect(try ValueText.parseEdit("98765432109876543210.987654321", for: amount) == .text("98765432109876543210.987654321"))
        #expect(try ValueText.parseEdit("0.5", for: amount) == .real(0.5))
        #expect(try ValueText.parseEdit("12", for: amount) == .integer(12))
        #expect(throws: ShellError.self) { try ValueText.parseEdit("abc", for: amount) }
        // Only plain decimals are kept as typed: what a double reads but a database would not.
        #expect(ValueText.parse("0x1p4", for: amount) == .real(16))
        #expect(ValueText.parse("1e400", for: amount) == .text("1e400") || ValueText.parse("1e400", for: amount) == .real(.infinity))
        // A REAL column stores a double whatever is typed.
        let real = Column.reflected("r", declaredType: "REAL", kind: .real, notNull: false, defaultSQL: nil, primaryKeyPosition: 0)
        #expect(try ValueText.parseEdit("98765432109876543210.987654321", for: real) == .real(98765432109876543210.987654321))
    }

    @Test func anEditReadsQuotesAsTheFilterLanguageDoesAndRefusesWhatItCannotStore() throws {
        let name = Column("Name", type: String.self)
        let bytes = Column("Bytes", type: Int.self)
        #expect(try ValueText.parseEdit("'it''s'", for: name) == .text("it's"))
        #expect(try ValueText.parseEdit(#"'it\'s'"#, for: name) == .text("it's"))
        #expect(try ValueText.parseEdit(#""say \"hi\"""#, for: name) == .text(#"say "hi""#))
        #expect(try ValueText.parseEdit(#"'C:\new\temp\x'"#, for: name) == .text(#"C:\new\temp\x"#))
        #expect(try ValueText.parseEdit(#"'back\\slash'"#, for: name) == .text(#"back\slash"#))
        #expect(try ValueText.parseEdit("plain text", for: name) == .text("plain text"))
        #expect(try ValueText.parseEdit("''", for: name) == .text(""))
        #expect(throws: ShellError.self) { try ValueText.parseEdit("", for: name) }
        #expect(throws: ShellError.self) { try ValueText.parseEdit("= 'x'", for: name) }
        #expect(throws: ShellError.self) { try ValueText.parseEdit("'unterminated", for: name) }
        #expect(throws: ShellError.self) { try ValueText.parseEdit("'a' 'b'", for: name) }
        #expect(try ValueText.parseEdit("42", for: bytes) == .integer(42))
        #expect(try ValueText.parseEdit("null", for: bytes) == .null)
        #expect(try ValueText.parseEdit("'abc'", for: bytes) == .text("abc"))   // quoted: text on purpose
        #expect(throws: ShellError.self) { try ValueText.parseEdit("abc", for: bytes) }
        #expect(throws: ShellError.self) { try ValueText.parseEdit("", for: bytes) }
    }

    @Test func typedTextBecomesNullANumberABlobOrText() {
        #expect(ValueText.parse("NULL", for: nil) == .null)
        #expect(ValueText.parse(" null ", for: nil) == .null)
        #expect(ValueText.parse("'NULL'", for: nil) == .text("NULL"))
        #expect(ValueText.parse("\"quoted\"", for: nil) == .text("quoted"))
        #expect(ValueText.parse("x'0AFF'", for: nil) == .blob([0x0a, 0xff]))
        #expect(ValueText.parse("x'0AF'", for: nil) == .text("x'0AF'"))
        #expect(ValueText.parse("42", for: nil) == .text("42"))          // no column: text
    }

    @Test func numbersBecomeNumbersOnlyInNumericColumns() throws {
        let f = try ChinookFixture()
        let track = try f.amigo.model(named: "Track").table
        #expect(ValueText.parse("42", for: track.column(named: "Milliseconds")) == .integer(42))
        #expect(ValueText.parse("4.5", for: track.column(named: "Milliseconds")) == .real(4.5))
        #expect(ValueText.parse("0.99", for: track.column(named: "UnitPrice")) == .real(0.99))
        #expect(ValueText.parse("42", for: track.column(named: "Name")) == .text("42"))
        #expect(ValueText.parse("lots", for: track.column(named: "Milliseconds")) == .text("lots"))
    }

    @Test func filterLiteralsQuoteAndEscapeText() {
        #expect(ValueText.filterLiteral(.null) == "nil")
        #expect(ValueText.filterLiteral(.integer(7)) == "7")
        #expect(ValueText.filterLiteral(.real(0.5)) == "0.5")
        #expect(ValueText.filterLiteral(.text("Guns N' Roses")) == "'Guns N\\' Roses'")
        #expect(ValueText.filterLiteral(.text("a\\b\nc\td")) == "'a\\\\b\\nc\\td'")
        #expect(ValueText.filterLiteral(.blob([1])) == nil)
    }

    @Test func keyPathsAreBareUnlessTheyNeedBackquotes() {
        #expect(ValueText.keyPath("ArtistId") == "ArtistId")
        #expect(ValueText.keyPath("_private2") == "_private2")
        #expect(ValueText.keyPath("Unit Price") == "`Unit Price`")
        #expect(ValueText.keyPath("2nd") == "`2nd`")
        #expect(ValueText.keyPath("in") == "`in`")
        #expect(ValueText.keyPath("odd`name") == "`odd``name`")
    }

    /// `=` builds its filter from these: it must work on awkward column names and values too.
    @Test func equalsWorksOnColumnsWithSpacesKeywordNamesAndRealValues() throws {
        let path = TemporaryFile.path("awkward")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE item (id INTEGER PRIMARY KEY, "Unit Price" REAL, "in" TEXT, note TEXT);
            INSERT INTO item VALUES (1, 0.99, 'x', 'it''s'), (2, 1.99, 'y', 'a\\b'), (3, 0.99, 'x', NULL), (4, 0.1, 'z', 'it''s');
            """)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "awkward")
        try explorer.open("item")
        for (column, expected) in [(1, [1, 3]), (2, [1, 3]), (3, [1, 4])] {
            try explorer.setFilter(nil)
            explorer.moveColumn(to: column)
            try explorer.filterEqualToCurrentCell()
            #expect(try explorer.values(in: 0..<10).map { $0[0] } == expected.map { .integer(Int64($0)) },
                    "\(explorer.current?.filter ?? "")")
        }
        #expect(explorer.current?.filter == "note = 'it\\'s'")
        try explorer.setFilter(nil)
        explorer.moveCursor(to: 1)
        try explorer.filterEqualToCurrentCell()          // a backslash in the value
        #expect(explorer.current?.filter == "note = 'a\\\\b'")
        #expect(try explorer.values(in: 0..<10).map { $0[0] } == [.integer(2)])
    }

    @Test func visibleQuotesTextThatWhitespaceWouldHide() {
        #expect(ValueText.visible(.text("C ")) == "'C '")
        #expect(ValueText.visible(.text(" it's")) == "' it''s'")
        #expect(ValueText.visible(.text("")) == "''")
        #expect(ValueText.visible(.text("C")) == "C")
        #expect(ValueText.visible(.integer(3)) == "3")
        #expect(ValueText.visible(.null) == ValueText.display(.null))
    }

    /// The screen rounds reals to 15 digits, as sqlite3 does; `=` and exports must not.
    @Test func equalsAndExportsUseTheExactStoredReal() throws {
        let path = TemporaryFile.path("reals")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("CREATE TABLE f (id INTEGER PRIMARY KEY, x REAL); INSERT INTO f VALUES (1, 0.1 + 0.2), (2, 0.3), (3, 1.0 / 3), (4, 1e-300), (5, 9e999);")
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "reals")
        try explorer.open("f")
        explorer.moveColumn(to: 1)
        for (row, expected) in [(0, "x = 0.30000000000000004"), (1, "x = 0.3"), (2, "x = 0.3333333333333333"), (3, "x = 1e-300")] {
            try explorer.setFilter(nil)
            explorer.moveCursor(to: row)
            try explorer.filterEqualToCurrentCell()
            #expect(explorer.current?.filter == expected)
            #expect(try explorer.values(in: 0..<10).map { $0[0] } == [.integer(Int64(row + 1))], "\(expected)")
        }
        try explorer.setFilter(nil)
        explorer.moveCursor(to: 4)
        #expect(throws: ShellError.cannotNarrow(reason: "cannot filter on an infinite value")) { try explorer.filterEqualToCurrentCell() }
        #expect(ValueText.display(.real(0.1 + 0.2)) == "0.3")
        #expect(CSVFormatter.field(.real(0.1 + 0.2)) == "0.30000000000000004")
        #expect(CSVFormatter.field(.real(-.infinity)) == "-Inf")
        #expect(JSONFormatter.value(.real(123456789.12345679)) == "123456789.12345679")
        #expect(JSONFormatter.value(.real(.infinity)) == "1e999")
        #expect(JSONFormatter.value(.blob([0x41])) == #"{"$base64": true, "encoded": "QQ=="}"#)
        #expect(JSONFormatter.value(.text("41")) == #""41""#)
    }
}
