import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// sqlite3's columnar modes (`column`, `box`, `table`, `markdown`, `qbox`) and its status
/// commands (`.changes`, `.databases`, `.indexes`, `.show`), each byte for byte as sqlite3 3.40
/// writes them (the expected texts were taken from sqlite3).
@Suite struct SQLite3ColumnarModesSpec {
    /// Everything `formatter` writes for `rows` under `columns`.
    private func text(_ formatter: ColumnFormatter, _ columns: [String], _ rows: [[DatabaseValue]]) throws -> String {
        var out = ""
        let writer = RowWriter(formatter: formatter) { out += $0 }
        try writer.begin(columns: columns)
        for row in rows { try writer.write(row) }
        try writer.finish()
        return out
    }

    @Test("a value is cut at 60 columns or its width, at each line break, and a tab runs to the next multiple of 8")
    func valuesAreCutAsSQLite3CutsThem() {
        #expect(ColumnWrap.lines(String(repeating: "x", count: 70), width: 60) == [String(repeating: "x", count: 60), "xxxxxxxxxx"])
        #expect(ColumnWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(ColumnWrap.lines("abcdefghij", width: -4) == ["abcd", "efgh", "ij"])
        #expect(ColumnWrap.lines("a\nb", width: 60) == ["a", "b"])
        #expect(ColumnWrap.lines("p\r\nq", width: 60) == ["p", "q"])
        #expect(ColumnWrap.lines("x\ry", width: 60) == ["x", "y"])
        #expect(ColumnWrap.lines("end\n", width: 60) == ["end"])
        #expect(ColumnWrap.lines("a\tb\tc", width: 60) == ["a       b       c"])
        // An escape ends its line and is not written: nothing reaches the terminal as a control.
        #expect(ColumnWrap.lines("\u{1B}[31mred", width: 60) == ["", "[31mred"])
        #expect(ColumnWrap.lines("", width: 60) == [""])
        // Exactly full, then a break: the break is the cut, no empty line between.
        #expect(ColumnWrap.lines("abcd\nef", width: 4) == ["abcd", "ef"])
        // 0: no limit; --wordwrap cuts after the last space in a full line's second half.
        #expect(ColumnWrap.lines(String(repeating: "x", count: 70), width: 0) == [String(repeating: "x", count: 70)])
        #expect(ColumnWrap.lines("hello world, again", width: 8, wordWrap: true) == ["hello ", "world, ", "again"])
        #expect(ColumnWrap.lines("hello world, again", width: 8) == ["hello wo", "rld, aga", "in"])
    }

    @Test("table mode draws +, - and |, names centred; a row of several lines gets rules around it")
    func tableModeIsSQLite3s() throws {
        let table = ColumnFormatter(style: .table, header: true)
        #expect(try text(table, ["ArtistId", "Name"], [[.integer(1), .text("AC/DC")], [.integer(2), .text("Accept")]]) == """
            +----------+--------+
            | ArtistId |  Name  |
            +----------+--------+
            | 1        | AC/DC  |
            | 2        | Accept |
            +----------+--------+

            """)
        #expect(try text(table, ["x", "y"], [[.text("a\nb"), .integer(1)], [.text("c"), .integer(2)]]) == """
            +---+---+
            | x | y |
            +---+---+
            | a | 1 |
            | b |   |
            +---+---+
            | c | 2 |
            +---+---+

            """)
    }

    @Test("box and column modes part rows of several lines; markdown does not")
    func multiLineRowsArePartedAsInSQLite3() throws {
        let rows: [[DatabaseValue]] = [[.text("a\nb"), .integer(1)], [.text("c"), .integer(2)], [.text("d"), .integer(3)]]
        #expect(try text(ColumnFormatter(style: .column, header: true), ["x", "y"], rows) == "x  y\n-  -\na  1\nb   \n\nc  2\n\nd  3\n")
        #expect(try text(ColumnFormatter(style: .markdown, header: true), ["x", "y"], Array(rows.prefix(2))) == """
            | x | y |
            |---|---|
            | a | 1 |
            | b |   |
            | c | 2 |

            """)
        #expect(try text(ColumnFormatter(style: .box, header: true), ["x", "y"], Array(rows.prefix(2))) == """
            ┌───┬───┐
            │ x │ y │
            ├───┼───┤
            │ a │ 1 │
            │ b │   │
            ├───┼───┤
            │ c │ 2 │
            └───┴───┘

            """)
    }

    @Test("qbox writes each value as an SQL literal and NULL as NULL, whatever .nullvalue says")
    func qboxQuotesValues() throws {
        let qbox = ColumnFormatter(style: .qbox, header: true, nullValue: "-")
        #expect(try text(qbox, ["r", "t", "b", "n"], [[.real(0.1 + 0.2), .text("it's"), .blob([0, 255]), .null]]) == """
            ┌─────┬─────────┬─────────┬──────┐
            │  r  │    t    │    b    │  n   │
            ├─────┼─────────┼─────────┼──────┤
            │ 0.3 │ 'it''s' │ x'00ff' │ NULL │
            └─────┴─────────┴─────────┴──────┘

            """)
    }

    @Test("a name counts toward its column's width even with the header off, and is cut at the width")
    func namesCountAndAreCut() throws {
        #expect(try text(ColumnFormatter(style: .column, header: false), ["longname", "b"], [[.integer(1), .integer(2)]]) == "1         2\n")
        var narrow = ColumnFormatter(style: .column, header: true)
        narrow.minimumWidths = [4, -6]
        #expect(try text(narrow, ["a", "b"], [[.text("abcdefghij"), .text("xy")]]) == "a          b\n----  ------\nabcd      xy\nefgh        \nij          \n")
    }

    @Test(".mode table with the dot is sqlite3's table; the shell's own mode table keeps its name; -table and -tabs are sqlite3's")
    func modeNames() throws {
        #expect(try CommandParser.parse(".mode table") == .mode(.asciiTable))
        #expect(try CommandParser.parse("mode table") == .mode(.table))
        #expect(try CommandParser.parse(".mode qbox") == .mode(.qbox))
        #expect(try CommandParser.parse(".mode tabs") == .mode(.tabs))
        #expect(SQLite3Arguments.translate(["-table", "x.db"]) == ["--mode", "ascii-table", "--no-header", "x.db"])
        #expect(SQLite3Arguments.translate(["-tabs", "x.db"]) == ["--mode", "tabs", "--no-header", "x.db"])
    }

    /// A text-mode runner on a fresh file with two tables and an index, and what it printed.
    private func runner() throws -> (TextModeRunner, () -> String, String) {
        let run = try ScratchTextRun("columnar", schema: "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT UNIQUE); CREATE INDEX t_b2 ON t(b, a); CREATE TABLE u(x)")
        return (run.runner, run.printed, run.path)
    }

    @Test(".changes on writes, after each SQL statement, the rows it changed and the rows changed since the file was opened")
    func changesAfterEachStatement() throws {
        let (runner, printed, path) = try runner()
        defer { TemporaryFile.remove(path) }
        runner.run(".changes on")
        runner.run("INSERT INTO t(b) VALUES ('x'), ('y');")
        runner.run("UPDATE t SET b = b || '!' WHERE a = 1;")
        runner.run(".changes off")
        runner.run("DELETE FROM t;")
        #expect(printed() == "changes: 2   total_changes: 2\nchanges: 1   total_changes: 3\n")
    }

    @Test(".indexes lists SQLite's own indexes too, in columns; .databases lists the file read-write")
    func indexesAndDatabases() throws {
        let (runner, printed, path) = try runner()
        defer { TemporaryFile.remove(path) }
        runner.run(".indexes")
        #expect(printed() == "sqlite_autoindex_t_1  t_b2                \n")
        runner.run(".indexes u")
        #expect(printed() == "")
        runner.run(".databases")
        #expect(printed() == "main: \(URL(fileURLWithPath: path).standardizedFileURL.path) r/w\n")
    }

    @Test(".show lists the settings as sqlite3 does, texts as C strings")
    func showListsTheSettings() throws {
        let (runner, printed, path) = try runner()
        defer { TemporaryFile.remove(path) }
        runner.run(".mode table")
        runner.run(".nullvalue N")
        runner.run(".separator ;")
        _ = printed()
        runner.run(".show")
        #expect(printed() == """
                    echo: off
                     eqp: off
                 explain: auto
                 headers: off
                    mode: table --wrap 60 --wordwrap off --noquote
               nullvalue: "N"
                  output: stdout
            colseparator: ";"
            rowseparator: "\\n"
                   stats: off
                   width: \("")
                filename: \(path)

            """)
        #expect(TclFormatter.quoted("a\"b\\c\u{1}é") == "\"a\\\"b\\\\c\\001\\303\\251\"")
        #expect(TclFormatter.quoted("∅") == "\"\\342\\210\\205\"")
    }

    @Test(".timer times statements, not dot-commands, as sqlite3 does")
    func timerTimesStatementsOnly() throws {
        let (runner, printed, path) = try runner()
        defer { TemporaryFile.remove(path) }
        runner.run(".timer on")
        runner.run(".headers off")
        runner.run(".timer off")
        #expect(printed() == "")
        runner.run(".timer on")
        runner.run("SELECT 7;")
        let text = printed()
        #expect(text.hasPrefix("7\nRun Time: real "), "\(text)")
    }

    @Test("sqlite3's JSON: no spaces, a row a line after the first, twenty-digit reals, sqlite3's escapes, nothing for no rows")
    func sqlite3JSON() throws {
        var out = ""
        let writer = RowWriter(formatter: SQLite3JSONFormatter()) { out += $0 }
        try writer.begin(columns: ["r", "t", "n"])
        try writer.write([.real(0.1), .text("a\"b\\c\n\u{1}é"), .null])
        try writer.write([.real(.infinity), .integer(7), .real(2)])
        try writer.finish()
        #expect(out == #"[{"r":0.10000000000000000555,"t":"a\"b\\c\n\u0001é","n":null},"# + "\n" + #"{"r":1e999,"t":7,"n":2.0}]"# + "\n")
        // Backspace and form feed by name, DEL and C1 controls as they are (sqlite3 3.40.1's bytes).
        #expect(SQLite3JSONFormatter.string("\u{8}\u{C}\u{7F}\u{80}\u{1F}\t") == "\"\\b\\f\u{7F}\u{80}\\u001f\\t\"")
        // The shell's own JSON escapes them all, so no terminal acts on them.
        #expect(JSONFormatter.string("\u{8}\u{7F}\u{80}") == #""\u0008\u007f\u0080""#)
        var none = ""
        let empty = RowWriter(formatter: SQLite3JSONFormatter()) { none += $0 }
        try empty.begin(columns: ["a"])
        try empty.finish()
        #expect(none == "")
    }

    @Test("qbox quotes its values whether chosen by .mode or given at start (--mode qbox); --noquote stops it")
    func qboxQuotesFromTheStart() throws {
        let run = try ScratchTextRun("qbox-start", schema: "CREATE TABLE t(a)", mode: .qbox)
        defer { TemporaryFile.remove(run.path) }
        run.runner.run("SELECT 'a' AS x;")
        #expect(run.printed().contains("│ 'a' │"))
        run.runner.run(".mode qbox --noquote")
        run.runner.run("SELECT 'a' AS x;")
        let unquoted = run.printed()
        #expect(unquoted.contains("│ a │") && !unquoted.contains("'a'"), "\(unquoted)")
    }
}
