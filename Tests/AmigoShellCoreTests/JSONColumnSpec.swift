import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// A key of a JSON column shown as a column of its own (`column json(body).address.city`, key
/// `J`): read for every row as a filter reads it, sortable, usable with `=`, taken away with
/// `-`, remembered for the table for the session, and printed by `show`.
@Suite struct JSONColumnSpec {
    /// Lines a text-mode runner wrote.
    final class Lines: @unchecked Sendable {
        var all: [String] = []
    }

    /// A file of four notes with JSON bodies (one not JSON, one NULL) and a table without JSON.
    final class Notes {
        let path: String
        let explorer: Explorer

        init() throws {
            path = TemporaryFile.path("json-columns")
            try SQLiteEngine(path: path, options: OpenOptions(create: true)).executeScript(#"""
                CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT, body TEXT);
                INSERT INTO note VALUES (1, 'Ann', '{"address": {"city": "Oslo"}, "age": 34, "tags": ["a", "b"]}');
                INSERT INTO note VALUES (2, 'Bob', '{"address": {"city": "Bergen"}, "age": 28}');
                INSERT INTO note VALUES (3, 'Cy', 'not json at all');
                INSERT INTO note VALUES (4, 'Di', NULL);
                CREATE TABLE plain (id INTEGER PRIMARY KEY, name TEXT);
                INSERT INTO plain VALUES (1, 'x');
                """#)
            explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "notes.sqlite")
        }

        /// Runs text-mode `lines`; what went to standard output and to standard error.
        func run(_ lines: [String]) -> (out: String, err: [String]) {
            let (out, err) = (Lines(), Lines())
            let runner = TextModeRunner(explorer: explorer, echo: false, mode: .table, header: true,
                                        output: { out.all.append($0) }, errors: { err.all.append($0) })
            runner.run(lines: lines)
            return (out.all.joined(), err.all)
        }

        deinit {
            try? explorer.session.close()
            TemporaryFile.remove(path)
        }
    }

    @Test func showPrintsAJSONKeyAsAColumnAfterTheTablesOwn() throws {
        let notes = try Notes()
        let (out, err) = notes.run(["open note", "hide body", "column json(body).address.city", "show"])
        #expect(err == [])
        #expect(out == """
            body hidden · 1 column of note hidden (~ shows them again)
            json(body).address.city shown as a column of note (filter and sort by it; - takes it away)
            note
            id  title  json(body).address.city
            --  -----  -----------------------
            1   Ann    Oslo
            2   Bob    Bergen
            3   Cy     ∅
            4   Di     ∅
            (4 rows; 1 column hidden)

            """)
    }

    @Test func aJSONColumnSortsFiltersAndGoesAwayWithHide() throws {
        let notes = try Notes()
        let (out, err) = notes.run(["open note", "hide body", "column json(body).age", "order json(body).age desc",
                                    "filter json(body).age < 30", "show", "filter", "hide json(body).age", "show"])
        #expect(err == [])
        #expect(out.contains("""
            note
            id  title  json(body).age
            --  -----  --------------
            2   Bob    28
            (1 row; filter: json(body).age < 30; order: json(body).age desc; 1 column hidden)
            """), "\(out)")
        #expect(out.contains("json(body).age taken away (column json(body).age shows it again)"))
        #expect(out.hasSuffix("""
            note
            id  title
            --  -----
            1   Ann
            2   Bob
            3   Cy
            4   Di
            (4 rows; order: json(body).age desc; 1 column hidden)

            """), "\(out)")
    }

    @Test func aPathThatIsNotAJSONKeyOfTheTableIsRefusedWithItsReason() throws {
        let notes = try Notes()
        let (_, err) = notes.run(["open note", "column body.city", "column json(nope).a", "column json(body)"])
        #expect(err.count == 3)
        #expect(err[0].contains("column body.city: a JSON column is written json(COLUMN).key, as in json(body).address.city"), "\(err)")
        #expect(err[1].contains("column json(nope).a:") && err[1].contains("nope"), "\(err)")
        #expect(err[2].contains("json(body) needs a path after it"), "\(err)")
    }

    @Test func theJSONColumnStaysInEveryViewOfItsTableAndNowhereElse() throws {
        let notes = try Notes()
        let app = ShellApp(explorer: notes.explorer)
        _ = app.submit(.command, text: "open note")
        _ = app.submit(.command, text: "column json(body).tags[1]")
        #expect(app.message == "json(body).tags[1] shown as a column of note (filter and sort by it; - takes it away)")
        let view = try #require(notes.explorer.current)
        #expect(view.columns == ["id", "title", "body", "json(body).tags[1]"])
        #expect(view.columns[view.cursorColumn] == "json(body).tags[1]")
        _ = app.submit(.command, text: "open plain")
        #expect(notes.explorer.current?.columns == ["id", "name"])
        _ = app.submit(.command, text: "open note")
        _ = app.submit(.filter, text: "id = 1")
        let values = try notes.explorer.values(in: 0..<1)
        #expect(values.first?.last == .text("b"))
    }

    @Test func jOpensTheCommandPromptWithTheCurrentColumnsJSONPathStarted() throws {
        let notes = try Notes()
        let app = ShellApp(explorer: notes.explorer)
        _ = app.submit(.command, text: "open note")
        _ = app.handle(.char("l"))
        _ = app.handle(.char("l"))
        guard case .prompt(let request) = app.handle(.char("J")) else { Issue.record("J opens no prompt"); return }
        #expect(request.initialText == "column json(body).")
        _ = app.submit(.command, text: "column json(body).address")
        // On a JSON column, J goes deeper into it.
        guard case .prompt(let deeper) = app.handle(.char("J")) else { Issue.record("J opens no prompt"); return }
        #expect(deeper.initialText == "column json(body).address.")
    }

    @Test func equalsOnAJSONCellNarrowsToRowsWithTheSameValueAndMinusTakesTheColumnAway() throws {
        let notes = try Notes()
        let app = ShellApp(explorer: notes.explorer)
        _ = app.submit(.command, text: "open note")
        _ = app.submit(.command, text: "column json(body).address.city")
        _ = app.handle(.char("j"))
        _ = app.handle(.char("="))
        #expect(notes.explorer.current?.filter == "json(body).address.city = 'Bergen'")
        #expect(notes.explorer.current?.totalCount == 1)
        let screen = app.render(width: 120, height: 20).text()
        #expect(screen.contains("json(body).address.city"))
        #expect(screen.contains("Bergen"))
        _ = app.handle(.char("-"))
        #expect(app.message == "json(body).address.city taken away (column json(body).address.city shows it again)")
        #expect(notes.explorer.current?.columns == ["id", "title", "body"])
        let header = app.render(width: 120, height: 20).text().split(separator: "\n").first { $0.contains("id*") } ?? ""
        #expect(header.contains("title") && !header.contains("json(body)"), "\(header)")
    }

    @Test func editingAJSONColumnIsRefusedWithWhereToEditInstead() throws {
        let notes = try Notes()
        let app = ShellApp(explorer: notes.explorer)
        _ = app.submit(.command, text: "open note")
        _ = app.submit(.command, text: "column json(body).age")
        _ = app.handle(.char("e"))
        #expect(app.message == "edit: json(body).age is read from its JSON column; edit that column")
    }

    @Test func anExportWritesTheJSONColumnsAfterTheTablesOwn() throws {
        let notes = try Notes()
        let (out, err) = notes.run(["open note", "column json(body).age", "mode csv", "show"])
        #expect(err == [])
        #expect(out.replacingOccurrences(of: "\r\n", with: "\n").hasSuffix("""
            id,title,body,json(body).age
            1,Ann,"{""address"": {""city"": ""Oslo""}, ""age"": 34, ""tags"": [""a"", ""b""]}",34
            2,Bob,"{""address"": {""city"": ""Bergen""}, ""age"": 28}",28
            3,Cy,"not json at all",
            4,Di,,

            """), "\(out)")
    }
}
