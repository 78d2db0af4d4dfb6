import Amigo
import AmigoPostgres
import Foundation
import Testing
@testable import AmigoShellCore

/// amigo-shell's core — the explorer, text mode and the keys of the UI — written once and run on
/// every engine over the same part of Chinook (``ChinookCopy``): each scenario expects the same
/// text, so the two engines answer alike.
@Suite("amigo-shell's core on SQLite and PostgreSQL")
struct ShellScenarios {
    /// Chinook's part on one engine, an explorer over it, and a text-mode runner collecting output.
    final class Shell {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let store: TestStore
        let explorer: Explorer
        let runner: TextModeRunner
        private let out = Lines()
        private let err = Lines()

        init(_ kind: TestStore.Kind) throws {
            store = try TestStore(kind)
            try ChinookCopy.copy(into: store)
            explorer = try Explorer(amigo: try store.reflect(), displayPath: "chinook")
            ShellScenarios.setUpAsTheShellDoes(explorer)
            let (out, err) = (out, err)
            runner = TextModeRunner(explorer: explorer, echo: false, output: { out.all.append($0) }, errors: { err.all.append($0) })
        }

        deinit {
            try? explorer.session.close()
            store.drop()
        }

        /// Runs `lines`; returns what they printed (each command's output, its last line break
        /// removed) and what they reported as errors.
        func run(_ lines: [String]) -> (printed: [String], errors: [String]) {
            out.all.removeAll()
            err.all.removeAll()
            runner.run(lines: lines)
            return (out.all.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }, err.all)
        }

        /// A count read by another connection (what is committed).
        func committedCount(_ table: String) throws -> DatabaseValue {
            let engine = try store.connect()
            return try engine.fetchScalar("SELECT count(*) FROM \(engine.dialect.quote(table))")
        }
    }

    /// What amigo-shell does with a server's engine: a failed statement is undone alone
    /// (a savepoint each), leaving the session's transaction usable.
    static func setUpAsTheShellDoes(_ explorer: Explorer) {
        (explorer.amigo.engine as? PostgresEngine)?.recoversFromFailedStatements = true
    }

    @Test(arguments: TestStore.Kind.available)
    func tablesOpenGetFollowAndBack(_ kind: TestStore.Kind) throws {
        let shell = try Shell(kind)
        let (printed, errors) = shell.run(["limit 3", "tables", "open Artist", "show", "get 1", "relations", "follow albums", "show",
                                           "back", "show"])
        #expect(errors == [])
        #expect(printed == [
            """
            name           kind   rows
            -------------  -----  ----
            Album          table  53
            Artist         table  30
            Employee       table  8
            Genre          table  25
            MediaType      table  5
            Playlist       table  18
            PlaylistTrack  table  1424
            Track          table  595
            """,
            """
            Artist
            ArtistId  Name
            --------  ---------
            1         AC/DC
            2         Accept
            3         Aerosmith
            (30 rows, first 3 shown)
            """,
            """
            Artist 1 "AC/DC"
            relationship  kind         to     rows
            ------------  -----------  -----  ----
            albums        one-to-many  Album  2
            """,
            """
            Artist 1 "AC/DC" › albums
            AlbumId  Title                                  ArtistId
            -------  -------------------------------------  ---------
            1        For Those About To Rock We Salute You  1 → AC/DC
            4        Let There Be Rock                      1 → AC/DC
            (2 rows)
            """,
            """
            Artist
            ArtistId  Name
            --------  ---------
            1         AC/DC
            2         Accept
            3         Aerosmith
            (30 rows, first 3 shown)
            """,
        ])
    }

    @Test(arguments: TestStore.Kind.available)
    func filtersThroughPathsOrdersCountsAndStats(_ kind: TestStore.Kind) throws {
        let shell = try Shell(kind)
        let (printed, errors) = shell.run([
            "limit 4", "open Track", "filter album.artist.Name BEGINSWITH[c] 'aero' AND Milliseconds > 300000",
            "order Milliseconds desc", "show", "count", "stats Milliseconds",
            "open Playlist", "filter tracks.genre.Name = 'Metal' AND Name CONTAINS[c] 'music'", "show",
        ])
        #expect(errors == [])
        // PostgreSQL's numeric column is right-aligned, as psql aligns numbers; SQLite's output
        // is sqlite3's (every column left-aligned).
        let price = kind == .postgres ? "     0.99" : "0.99"
        #expect(printed == [
            """
            Track
            TrackId  Name                 AlbumId       MediaTypeId          GenreId   Composer                              Milliseconds  Bytes     UnitPrice
            -------  -------------------  ------------  -------------------  --------  ------------------------------------  ------------  --------  ---------
            37       Livin' On The Edge   5 → Big Ones  1 → MPEG audio file  1 → Rock  Steven Tyler, Joe Perry, Mark Hudson  381231        12374569  \(price)
            30       Amazing              5 → Big Ones  1 → MPEG audio file  1 → Rock  Steven Tyler, Richie Supa             356519        11616195  \(price)
            28       Janie's Got A Gun    5 → Big Ones  1 → MPEG audio file  1 → Rock  Steven Tyler, Tom Hamilton            330736        10869391  \(price)
            24       Love In An Elevator  5 → Big Ones  1 → MPEG audio file  1 → Rock  Steven Tyler, Joe Perry               321828        10552051  \(price)
            (8 rows, first 4 shown; filter: album.artist.Name BEGINSWITH[c] 'aero' AND Milliseconds > 300000; order: Milliseconds desc)
            """,
            "8",
            """
            stat      Milliseconds
            --------  ------------
            rows      8
            non-null  8
            distinct  8
            nulls     0
            min       307617
            max       381231
            sum       2634472
            avg       329309.0
            """,
            """
            Playlist
            PlaylistId  Name
            ----------  ----------
            1           Music
            5           90’s Music
            8           Music
            (3 rows; filter: tracks.genre.Name = 'Metal' AND Name CONTAINS[c] 'music')
            """,
        ])
    }

    @Test("a table made with sql opens at once; undo and rollback take it away from the models again", arguments: TestStore.Kind.available)
    func ddlRunWithSQLIsReflectedAndItsUndoToo(_ kind: TestStore.Kind) throws {
        let shell = try Shell(kind)
        var (printed, errors) = shell.run(["sql CREATE TABLE scratch (id integer PRIMARY KEY, note text);", "open scratch",
                                           "insert id=1, note='x'", "count", "undo", "undo", "open scratch"])
        #expect(errors == ["error: open: no table scratch"] || errors.first?.hasPrefix("error: open: no table") == true,
                "after undoing the CREATE TABLE the table is gone: \(errors)")
        #expect(printed.contains("1"))
        (printed, errors) = shell.run(["sql CREATE TABLE scratch2 (id integer PRIMARY KEY);", "open scratch2", "count", "rollback", "open scratch2"])
        #expect(errors.count == 1 && errors[0].hasPrefix("error: open: no table"), "after the rollback: \(errors)")
        (printed, errors) = shell.run(["sql CREATE TABLE kept (id integer PRIMARY KEY);", "commit", "open kept", "count"])
        #expect(errors == [])
        #expect(printed.last == "0")
    }

    @Test(arguments: TestStore.Kind.available)
    func editsInsertsAndDeletesRunInTheSessionUntilCommit(_ kind: TestStore.Kind) throws {
        let shell = try Shell(kind)
        var (printed, errors) = shell.run(["open Genre", "get 25", "set Name = 'Opera (edited)'", "insert GenreId=26, Name='Chiptune'",
                                           "count", "rollback", "count", "set Name = 'x'",
                                           #"sql SELECT "Name" FROM "Genre" WHERE "GenreId" = 25;"#, "open Genre"])
        // The row the cursor was on went with the rollback: that is no news of another program,
        // but the cursor is on a row nobody chose, so set waits for a get or a move.
        #expect(errors == [#"error: set: Genre 26 "Chiptune" was undone with the transaction, so no row was chosen; get a row first"#])
        // (The last command, open, prints its view.)
        #expect(printed.dropLast() == [#"UPDATE "Genre" SET "Name" = ? WHERE "GenreId" = ?  ['Opera (edited)', 25]"# + "\n1 row changed (1 uncommitted; commit to keep)",
                            #"INSERT INTO "Genre" ("GenreId", "Name") VALUES (?, ?)  [26, 'Chiptune']"# + "\ninserted Genre 26 \"Chiptune\" (2 uncommitted; commit to keep)",
                            "26", "rolled back 2 change(s)", "25", "Name\n-----\nOpera\n(1 row)"])
        #expect(try shell.committedCount("Genre") == .integer(25))
        (printed, errors) = shell.run(["insert GenreId=26, Name='Chiptune'", "open MediaType", "get 5", "delete", "commit", "count"])
        #expect(errors == [])
        #expect(try shell.committedCount("Genre") == .integer(26))
        #expect(try shell.committedCount("MediaType") == .integer(4))
        #expect(printed.last == "4")
        // A constraint the database enforces is one line, undone alone; the session goes on.
        (printed, errors) = shell.run(["open Genre", "insert GenreId=1, Name='Again'", "insert GenreId=27, Name='Kept'", "commit"])
        #expect(errors.count == 1)
        #expect(errors.first?.contains("nothing was changed by it, earlier changes are kept") == true)
        #expect(try shell.committedCount("Genre") == .integer(27))
    }

    /// `delete all` is one statement: rows of the view that refer to each other (a manager and
    /// the people who report to them) go together, as the database checks one DELETE.
    @Test(arguments: TestStore.Kind.available)
    func deleteAllRemovesRowsThatReferToEachOther(_ kind: TestStore.Kind) throws {
        let shell = try Shell(kind)
        let (printed, errors) = shell.run(["open Employee", "filter EmployeeId >= 6", "count", "delete all 3", "commit"])
        #expect(errors == [])
        #expect(printed.first == "3")
        // The library's DELETE of the view's query: its rows picked by key through a subquery.
        #expect(printed.count == 3 && printed[1].hasPrefix(#"DELETE FROM "Employee" WHERE "EmployeeId" IN (SELECT "Employee"."EmployeeId" FROM "Employee" WHERE "Employee"."EmployeeId" >= ?)  [6]"#),
                "\(printed)")
        #expect(printed[1].contains("\ndeleted 3 rows of Employee (3 uncommitted"))
        #expect(try shell.committedCount("Employee") == .integer(5))
    }

    @Test(arguments: TestStore.Kind.available)
    func theUIKeysFollowTheNumberedLinksOfTheRow(_ kind: TestStore.Kind) throws {
        let shell = try Shell(kind)
        let app = ShellApp(explorer: shell.explorer)
        _ = app.submit(.table, text: "Album:4")
        #expect(try shell.explorer.currentRecord()?.primaryKey == [.integer(4)])
        let links = try #require(try shell.explorer.rowLinks())
        #expect(links.links == [RowLinks.Link(name: "artist", isToOne: true, count: nil, label: "AC/DC"),
                                RowLinks.Link(name: "tracks", isToOne: false, count: 8, label: nil)])
        _ = app.handle(.char("2"))
        #expect(shell.explorer.current?.title == "tracks" && shell.explorer.current?.totalCount == 8)
        _ = app.handle(.char("r"))
        guard case .relations(let rows, _) = app.overlay else { Issue.record("no relations menu"); return }
        #expect(rows.map(\.relationship.name) == ["album", "genre", "mediaType", "playlistTracks", "playlists"])
        _ = app.handle(.escape)
        _ = app.handle(.backspace)
        #expect(shell.explorer.current?.title == "Album")
        #expect(try shell.explorer.currentRecord()?.primaryKey == [.integer(4)])
        // The table prompt finds a row by its text on both engines.
        _ = app.submit(.table, text: "Track/snow")
        #expect(shell.explorer.current?.title == "Track")
        let found = try #require(try shell.explorer.currentRecord())
        #expect("\(found["Name"])".lowercased().contains("snow"))
    }
}

/// PostgreSQL's own types in amigo-shell: a table of them opens (long-value prefixes only where
/// the type's text can be cut), a number column is found by its digits, `stats` gives what the
/// type allows, and `sql` results of any type show in the UI.
@Suite("amigo-shell on PostgreSQL's own types", .enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct PostgresTypesInTheShell {
    @Test func tablesOfEveryTypeOpenFindFilterAndCount() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        let mood = store.tag + "_mood"
        try store.connect().executeScript("""
            CREATE TYPE \(mood) AS ENUM ('sad', 'happy');
            CREATE TABLE thing (id bigint PRIMARY KEY, doc jsonb, tags text[], m \(mood), ip inet, span interval,
                u uuid, ok boolean, n numeric(40, 10), note varchar(20));
            INSERT INTO thing VALUES
                (1, '{"a": 12}', '{x,y}', 'happy', '10.0.0.1', '1 day', '5f05d397-9f3a-4d50-97ee-d75e4a5fe59d', true, 0.25, 'first'),
                (120, '[1, 2]', '{}', 'sad', '::1', '2 hours', NULL, false, 0.5, 'second');
            """)
        let explorer = try Explorer(amigo: try store.reflect(), displayPath: "typed")
        ShellScenarios.setUpAsTheShellDoes(explorer)
        defer { try? explorer.session.close() }
        let app = ShellApp(explorer: explorer)
        _ = app.submit(.table, text: "thing")
        #expect(!app.messageIsError, "\(app.message)")
        #expect(explorer.current?.totalCount == 2)
        let rows = try explorer.values(in: 0..<2)
        #expect(rows.map { $0[1] } == [.text(#"{"a": 12}"#), .text("[1, 2]")])
        #expect(rows.map { $0[4] } == [.text("10.0.0.1"), .text("::1")])    // inet as shown, not cast
        #expect(rows.map { $0[9] } == [.text("first"), .text("second")])
        #expect(rows.map { $0[6] } == [.text("5f05d397-9f3a-4d50-97ee-d75e4a5fe59d"), .null])    // uuid as the server writes it
        // A decimal more precise than a double is written exactly.
        _ = app.submit(.command, text: "get 1")
        _ = app.submit(.command, text: "set n = 98765432109876543210.9876543210")
        #expect(!app.messageIsError, "\(app.message)")
        #expect(try explorer.amigo.engine.fetchScalar(#"SELECT n::text FROM thing WHERE id = 1"#) == .text("98765432109876543210.9876543210"))
        _ = app.submit(.command, text: "rollback")
        // A column's type changed by another client (its length only) is reflected again. (The
        // UI leaves its transaction between keys, as here, so that the ALTER is not kept waiting.)
        explorer.releaseIdleLocks()
        try store.connect().executeScript("SET lock_timeout = '5s'; ALTER TABLE thing ALTER COLUMN note TYPE varchar(200)")
        try explorer.refresh()
        #expect(try explorer.amigo.model(named: "thing").table.column(named: "note")?.declaredType == "character varying(200)")
        // F: every column but blobs, numbers by their digits.
        _ = try explorer.find("12", column: nil, includingCurrent: true)
        #expect(try explorer.currentRecord()?.primaryKey == [.integer(1)])    // {"a": 12}
        _ = try explorer.find("12", column: 0)
        #expect(try explorer.currentRecord()?.primaryKey == [.integer(120)])
        // stats: sum and avg for numbers only; min and max where the type has them.
        let uuidStats = try explorer.statsText("u")
        #expect(uuidStats.contains("non-null  1") && !uuidStats.contains("sum"))
        let numberStats = try explorer.statsText("n")
        #expect(numberStats.contains("sum       0.75"))
        // A sql result of any type in the UI (paged; read whole, as no prefix fits every type).
        _ = app.submit(.command, text: "sql SELECT 1 AS one, doc, ip FROM thing ORDER BY id")
        #expect(!app.messageIsError, "\(app.message)")
        #expect(try explorer.values(in: 0..<2) == [[.integer(1), .text(#"{"a": 12}"#), .text("10.0.0.1")],
                                                   [.integer(1), .text("[1, 2]"), .text("::1")]])
    }
}
