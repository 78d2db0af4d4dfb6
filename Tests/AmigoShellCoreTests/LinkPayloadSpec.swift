import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Linking through a junction with columns of its own: the columns that are NOT NULL without a
/// default are asked for — in a form in the terminal UI, as `COLUMN=VALUE` after the key in text
/// mode — before anything runs.
@Suite struct LinkPayloadSpec {
    /// Players and teams, linked by memberships that need a role (`since` has a default, `note`
    /// may be NULL).
    final class League {
        let path = TemporaryFile.path("league")
        let explorer: Explorer

        init() throws {
            try SQLiteEngine(path: path, options: OpenOptions(create: true)).executeScript("""
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE membership (
                    player_id INTEGER NOT NULL REFERENCES player (id),
                    team_id INTEGER NOT NULL REFERENCES team (id),
                    role TEXT NOT NULL,
                    since INTEGER NOT NULL DEFAULT 2020,
                    note TEXT,
                    PRIMARY KEY (player_id, team_id));
                INSERT INTO player VALUES (1, 'Ann'), (2, 'Bob');
                INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
                INSERT INTO membership VALUES (1, 1, 'captain', 2019, NULL);
                """)
            explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "league")
            try explorer.open("player")
        }

        /// The name of player's many-to-many relationship to team.
        var teams: String {
            get throws {
                let model = try #require(explorer.current?.model)
                return try #require(model.relationships.first { $0.kind == .manyToMany && $0.through?.name == "membership" }).name
            }
        }

        func membership(_ player: Int, _ team: Int) throws -> [DatabaseValue]? {
            try explorer.amigo.engine.fetchAll("SELECT role, since, note FROM membership WHERE player_id = ? AND team_id = ?",
                                               [.integer(Int64(player)), .integer(Int64(team))]).rows.first
        }

        deinit {
            try? explorer.session.close()
            TemporaryFile.remove(path)
        }
    }

    @Test func onlyNotNullColumnsWithoutADefaultAreAskedFor() throws {
        let league = try League()
        #expect(league.explorer.linkColumnsToAsk(try league.teams, payload: []).map(\.label) == ["role"])
        #expect(league.explorer.linkColumnsToAsk(try league.teams, payload: [ColumnAssignment(column: "ROLE", value: "'x'")]).isEmpty)
    }

    @Test func textModeSaysWhatALinkNeedsAndTakesItAfterTheKey() throws {
        let league = try League()
        let teams = try league.teams
        #expect(throws: ShellError.writeRefused(command: "link", reason: "membership needs role (NOT NULL, no default): link \(teams) 2 role=…")) {
            try league.explorer.run("link \(teams) 2")
        }
        #expect(league.explorer.pendingChanges == 0)
        let result = try league.explorer.run("link \(teams) 2 role='keeper', note='new'")
        #expect(result.output.hasPrefix("INSERT INTO \"membership\""))
        #expect(try league.membership(1, 2) == [.text("keeper"), .integer(2020), .text("new")])
    }

    @Test func theUIAsksForTheJunctionsColumnsThenShowsTheInsert() throws {
        let league = try League()
        let teams = try league.teams
        let app = ShellApp(explorer: league.explorer)
        _ = app.submit(.command, text: "link \(teams) 2")
        guard case .insertForm(let form) = app.overlay else { Issue.record("no form: \(app.message)"); return }
        #expect(form.fields.map(\.column) == ["role"])
        #expect(form.title == "link \(teams) 2: the columns of membership")
        #expect(league.explorer.pendingChanges == 0)
        for ch in "'wing'" { _ = app.handle(.char(ch)) }
        _ = app.handle(.enter)
        guard case .confirmWrite(let write) = app.overlay else { Issue.record("no confirmation: \(app.message)"); return }
        #expect(write.statements.first?.hasPrefix("INSERT INTO \"membership\"") == true)
        #expect(write.statements.first?.contains("'wing'") == true)
        _ = app.handle(.char("y"))
        #expect(try league.membership(1, 2) == [.text("wing"), .integer(2020), .null])
    }

    @Test func anEmptyRequiredFieldKeepsTheFormOpenAndEscCancels() throws {
        let league = try League()
        let app = ShellApp(explorer: league.explorer)
        _ = app.submit(.command, text: "link \(try league.teams) 2")
        _ = app.handle(.enter)
        guard case .insertForm = app.overlay else { Issue.record("the form closed"); return }
        #expect(app.message.contains("needs role"))
        _ = app.handle(.escape)
        #expect(app.message == "link cancelled")
        #expect(try league.membership(1, 2) == nil)
    }

    @Test func aLinkWhoseColumnsAreGivenGoesStraightToTheConfirmation() throws {
        let league = try League()
        let app = ShellApp(explorer: league.explorer)
        _ = app.submit(.command, text: "link \(try league.teams) 2 role='coach'")
        guard case .confirmWrite = app.overlay else { Issue.record("no confirmation: \(app.message)"); return }
    }
}
