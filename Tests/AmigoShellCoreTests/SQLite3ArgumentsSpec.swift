import Testing
@testable import AmigoShellCore

/// A command line written for sqlite3 is amigo-shell's once translated.
@Suite struct SQLite3ArgumentsSpec {
    @Test func modeOptionsBecomeModesWithoutAHeaderUnlessOneIsAsked() {
        // sqlite3's -csv ends rows with a line feed (its .mode csv with CRLF).
        #expect(SQLite3Arguments.translate(["-csv", "db.sqlite", "SELECT 1"]) == ["--mode", "csv", "--newline", "\n", "--no-header", "db.sqlite", "SELECT 1"])
        #expect(SQLite3Arguments.translate(["-header", "-csv", "db"]) == ["--header", "--mode", "csv", "--newline", "\n", "db"])
        #expect(SQLite3Arguments.translate(["-newline", ";", "-list", "db"]) == ["--newline", ";", "--mode", "list", "--no-header", "db"])
        #expect(SQLite3Arguments.translate(["-column", "-json", "db"]) == ["--mode", "column", "--no-header", "--mode", "json-sqlite3", "db"])
        #expect(SQLite3Arguments.translate(["-noheader", "-list", "db"]) == ["--no-header", "--mode", "list", "db"])
    }

    @Test func optionsWithValuesAndPlainFlags() throws {
        #expect(SQLite3Arguments.translate(["-cmd", ".mode csv", "-separator", ";", "-nullvalue", "NULL", "-bail", "-readonly", "db"])
                == ["--cmd", ".mode csv", "--separator", ";", "--nullvalue", "NULL", "--bail", "--read-only", "db"])
        #expect(SQLite3Arguments.translate(["-batch", "db"]) == ["db"])
        #expect(SQLite3Arguments.translate(["-version"]) == ["--version"])
        #expect(SQLite3Arguments.translate(["-help"]) == ["--help"])
        #expect(SQLite3Arguments.translate(["-init", "it's.sql", "db"]) == ["--cmd", ".read 'it''s.sql'", "db"])
        #expect(try CommandParser.parse(".read 'it''s.sql'") == .read("it's.sql"))
    }

    @Test func amigoShellsOwnArgumentsAreLeftAlone() {
        let own = ["-c", "open Track", "--csv", "--no-header", "db.sqlite", "-", "SELECT -1"]
        #expect(SQLite3Arguments.translate(own) == own)
        #expect(SQLite3Arguments.translate(["-nosuch", "db"]) == ["-nosuch", "db"])
    }
}
