import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// SQL over several lines in scripts, as sqlite3 reads them: a statement goes on until a line
/// ends it with `;` outside quotes and comments; shell commands stay one line; an error names
/// the line the statement started on.
@Suite struct ScriptStatementsSpec {
    typealias Run = TextModeRunnerSpec.Run

    /// The units `lines` group into.
    static func units(_ lines: [String]) -> [ScriptStatements<IndexingIterator<[String]>>.Unit] {
        Array(ScriptStatements(lines.makeIterator()))
    }

    @Test func aStatementGoesOnUntilALineEndsItWithASemicolon() {
        #expect(Self.units(["open Genre", "SELECT Name", "  FROM Genre", "  WHERE GenreId < 3;", "count"]).map(\.line) == [1, 2, 5])
        #expect(Self.units(["SELECT Name", "  FROM Genre", "  WHERE GenreId < 3;"])[0].text == "SELECT Name\n  FROM Genre\n  WHERE GenreId < 3;")
        #expect(Self.units(["sql select 1", "+ 1;"])[0].text == "sql select 1\n+ 1;")
        #expect(Self.units([":with x AS (SELECT 1)", "SELECT * FROM x;"]).count == 1)
    }

    @Test("a statement cancelled at its prompt (Ctrl-C at ...>) is dropped: the next line starts afresh")
    func aCancelledStatementIsDropped() {
        let state = ScriptStatements<AnyIterator<String>>.State()
        var lines = ["SELECT Name", "  FROM Genre", "open Genre", "SELECT 1", "  ;"].makeIterator()
        // The prompt's user presses Ctrl-C before typing the third line.
        var read = 0
        let typed = AnyIterator<String> {
            read += 1
            if read == 3 { state.discardRequested = state.isInsideStatement }
            return lines.next()
        }
        let units = Array(ScriptStatements(typed, state: state))
        #expect(units.map(\.text) == ["open Genre", "SELECT 1\n  ;"])
        #expect(units.map(\.line) == [3, 4])
        #expect(!state.isInsideStatement)
    }

    @Test func aSemicolonInsideQuotesOrCommentsDoesNotEndIt() {
        let lines = ["SELECT 'a;", "b' AS t, \"c;\" -- not here;", "/* nor; here */ FROM Genre", ";", "count"]
        #expect(Self.units(lines).map(\.line) == [1, 5])
    }

    @Test func shellCommandsAndCompleteStatementsStayOneLine() {
        #expect(Self.units(["open Genre", "filter Name BEGINSWITH 'R'", "SELECT 1;", "count", "-- a comment", ""]).count == 6)
        #expect(Self.units(["selection", "SELECT;"]).count == 2)    // a word that only starts like one
    }

    @Test func aStatementNotEndedWhenTheInputEndsRunsAsItIs() throws {
        let run = try Run()
        run.runner.run(lines: ["SELECT count(*)", "FROM Genre"])
        #expect(run.reported == [])
        #expect(run.printed == ["25"])    // sqlite3's statement, no mode chosen: sqlite3's list mode
    }

    @Test func theRunnerRunsTheWholeStatementThenTheNextCommand() throws {
        let run = try Run(mode: .csv)
        run.runner.run(lines: ["SELECT GenreId,", "       Name", "  FROM Genre", " WHERE GenreId < 3", ";", "open Album", "count"])
        #expect(run.reported == [])
        #expect(run.text == "GenreId,Name\r\n1,Rock\r\n2,Jazz\r\n347\n")
    }

    @Test func anErrorNamesTheLineTheStatementStartedOn() throws {
        let run = try Run()
        run.runner.run(lines: ["open Genre", "", "-- the lengths", "SELECT Name,", "  length(Nmae)", "FROM Genre;", "count"],
                       location: { "line \($0)" })
        #expect(run.reported.count == 1)
        #expect(run.reported[0].hasPrefix("line 4: error: "))
        #expect(run.reported[0].contains("Nmae"))
        #expect(run.printed == ["25"])
    }

    @Test func aFileReadWithReadJoinsItsStatementsAndNamesItsLines() throws {
        let run = try Run()
        let script = TemporaryFile.path("multi-line", ext: "sql")
        defer { TemporaryFile.remove(script) }
        try "open Genre\nSELECT count(*)\n  FROM Genre\n  WHERE GenreId > 20;\nSELECT nosuch\nFROM Genre;\n"
            .write(toFile: script, atomically: false, encoding: .utf8)
        run.runner.run(lines: [".read \(script)", "count"], location: { "line \($0)" })
        #expect(run.printed == ["5", "1"])   // the result is the view `count` counts
        #expect(run.reported.count == 1)
        #expect(run.reported[0].hasPrefix("line 1: \(script) line 5: error: "))
    }

    @Test func withoutJoiningEveryLineRunsAlone() throws {
        let run = try Run()
        run.runner.run(lines: ["SELECT count(*) FROM Genre", "open Genre", "count"], joiningStatements: false)
        #expect(run.reported == [])
        #expect(run.printed == ["25", "25"])
    }

    @Test func theRunnerSaysWhileAStatementIsBeingRead() throws {
        let run = try Run()
        var seen: [Bool] = []
        let lines = ["SELECT 1", "+ 1;", "count"]
        var index = 0
        let source = AnyIterator<String> {
            seen.append(run.runner.isInsideStatement)
            defer { index += 1 }
            return index < lines.count ? lines[index] : nil
        }
        run.runner.run(lines: AnySequence { source })
        // Asked before each line: inside the statement only before its second line.
        #expect(seen == [false, true, false, false])
    }

    /// Any statement sqlite3 reads over several lines is read so here: DDL, DML, a trigger whose
    /// body holds `;`, a block comment before a statement; a line with no `;` never ends one.
    @Test func everyKindOfStatementGoesOnOverLines() {
        let lines = ["CREATE TABLE t (", "  a INTEGER", ");", "INSERT INTO t", "VALUES (1);",
                     "CREATE TRIGGER x AFTER INSERT ON t", "BEGIN", "  DELETE FROM t;", "END;",
                     "/* about", "   the next */ DELETE FROM t", "WHERE a = 1;", "open t"]
        let units = Array(ScriptStatements(lines.makeIterator()))
        #expect(units.map(\.line) == [1, 4, 6, 10, 13])
        #expect(units[2].text == "CREATE TRIGGER x AFTER INSERT ON t\nBEGIN\n  DELETE FROM t;\nEND;")
        #expect(units[4].text == "open t")
    }

    /// The grouping as SQLite alone decides it: after each line, whether the text so far is complete.
    static func unitsBySQLite(_ lines: [String]) -> [Int] {
        var starts: [Int] = []
        var index = 0
        while index < lines.count {
            starts.append(index + 1)
            let first = lines[index]
            index += 1
            guard ScriptStatements<IndexingIterator<[String]>>.startsStatement(first), !SQLText.isComplete(first) else { continue }
            var text = first
            while index < lines.count {
                text += "\n" + lines[index]
                index += 1
                if SQLText.isComplete(text) { break }
            }
        }
        return starts
    }

    @Test func aStatementWhoseEveryLineHasASemicolonInAStringReadsInLinearTime() {
        let lines = ["INSERT INTO t VALUES"] + (0..<100_000).map { "('row; \($0)', ';')," } + ["('last', ';');", "count"]
        let started = DispatchTime.now().uptimeNanoseconds
        let units = Self.units(lines)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        #expect(units.map(\.line) == [1, 100_003])
        #expect(units[0].text.hasSuffix("('last', ';');"))
        // Quadratic reading took minutes here; linear takes well under a second.
        #expect(seconds < 10, "\(seconds) s")
    }

    /// Fuzz: lines made of quotes, comments, semicolons and trigger bodies in random order are
    /// grouped exactly as SQLite's own `sqlite3_complete` groups them, line after line.
    @Test func theLinearReadingGroupsRandomLinesExactlyAsSQLiteDoes() {
        let fragments = ["SELECT 1", "'a;b'", "'it''s;'", "\"c;\"", "[d;]", "`e;`", "-- f;", "/* g; */", "/* h", "i */", ";", " ;",
                         "x-y", "a/b", "-", "/", "'", "\"", "[", "trigger", "CREATE TRIGGER t AFTER INSERT ON x BEGIN",
                         "BEGIN", "END", "END;", "CASE WHEN 1 THEN 2 END", "--", "/*", "*/", "", " "]
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<3_000 {
            let lines = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (0..<Int.random(in: 1...4, using: &generator)).map { _ in fragments.randomElement(using: &generator)! }.joined(separator: " ")
            }
            let script = ["SELECT"] + lines + ["count"]
            #expect(Self.units(script).map(\.line) == Self.unitsBySQLite(script), "\(script)")
        }
    }
}

