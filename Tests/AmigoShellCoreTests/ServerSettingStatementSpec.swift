import Testing
@testable import AmigoShellCore

/// psql's `SET` and `SHOW` beside the shell's `set COLUMN = VALUE` and `show [N]`: a line that
/// reads as SQL goes to the server as `sql`, everything else stays the shell's command.
@Suite struct ServerSettingStatementSpec {
    private func parse(_ line: String) throws -> Command? { try CommandParser.parse(line) }

    @Test("SET name TO value, SET SESSION/LOCAL/TIME ZONE and a line ending with ; are SQL")
    func setStatementsAreSQL() throws {
        #expect(try parse("SET search_path TO audit, public") == .sql("SET search_path TO audit, public"))
        #expect(try parse("set timezone = 'Europe/Oslo';") == .sql("set timezone = 'Europe/Oslo'"))
        #expect(try parse("SET SESSION statement_timeout = 1000") == .sql("SET SESSION statement_timeout = 1000"))
        #expect(try parse("SET LOCAL work_mem TO '64MB'") == .sql("SET LOCAL work_mem TO '64MB'"))
        #expect(try parse("set time zone 'UTC'") == .sql("set time zone 'UTC'"))
        #expect(try parse("SET plpgsql.variable_conflict TO use_column") == .sql("SET plpgsql.variable_conflict TO use_column"))
    }

    @Test("the shell's set keeps its meaning: a column, =, a value, no ;")
    func theShellsSetStays() throws {
        #expect(try parse("set Name = 'Bob'") == .set(column: "Name", value: "'Bob'"))
        #expect(try parse("set all Milliseconds = 0") == .setAll(column: "Milliseconds", value: "0"))
        // A column may be called `to`, `session` or `time`: `=` after one word is the shell's.
        #expect(try parse("set to = 'x'") == .set(column: "to", value: "'x'"))
        #expect(try parse("set session = 2") == .set(column: "session", value: "2"))
        #expect(try parse("set Title = to the end") == .set(column: "Title", value: "to the end"))
    }

    @Test("SHOW name and SHOW ALL are SQL; show and show N stay the shell's")
    func showStatementsAreSQL() throws {
        #expect(try parse("SHOW timezone") == .sql("SHOW timezone"))
        #expect(try parse("show server_version") == .sql("show server_version"))
        #expect(try parse("show search_path;") == .sql("show search_path"))
        #expect(try parse("SHOW ALL") == .sql("SHOW ALL"))
        #expect(try parse("show") == .show(nil))
        #expect(try parse("show 5") == .show(5))
        #expect(throws: ShellError.self) { try parse("show -1") }
        #expect(throws: ShellError.self) { try parse("show many") }
    }
}
