import Amigo
import Testing
@testable import AmigoShellCore

/// How text mode writes, from the command line's flags; how a text run's end becomes the
/// program's exit status; when the schema-reading progress line shows.
@Suite struct TextRunSettingsSpec {
    @Test func theDefaultIsATableWithAHeader() throws {
        let settings = try TextRunSettings()
        #expect(settings.mode == .table)
        #expect(settings.header && !settings.headerIsChosen)
        #expect(settings.separator == nil && settings.nullValue == nil)
        #expect(!settings.stopsAtFirstError && !settings.echo)
    }

    @Test func sqlAfterTheFileNameIsWrittenAsSqlite3WritesItUnlessAModeIsChosen() throws {
        let sqlite3 = try TextRunSettings(sqlite3Form: true)
        #expect(sqlite3.mode == .list)
        #expect(!sqlite3.header)
        let csv = try TextRunSettings(csv: true, sqlite3Form: true)
        #expect(csv.mode == .csv && csv.header)
        let named = try TextRunSettings(modeName: "box", sqlite3Form: true)
        #expect(named.mode == .box && named.header)
        let chosen = try TextRunSettings(header: true, sqlite3Form: true)
        #expect(chosen.mode == .list && chosen.header && chosen.headerIsChosen)
    }

    @Test func csvJsonAndModeChooseTheMode() throws {
        #expect(try TextRunSettings(csv: true).mode == .csv)
        #expect(try TextRunSettings(json: true).mode == .json)
        #expect(try TextRunSettings(modeName: "markdown").mode == .markdown)
        let noHeader = try TextRunSettings(modeName: "tsv", header: false)
        #expect(!noHeader.header && noHeader.headerIsChosen)
    }

    @Test func conflictingOrUnknownModesAreUsageErrors() {
        #expect(throws: LaunchError.conflictingOutputModes(given: ["--mode", "--csv"])) { try TextRunSettings(modeName: "list", csv: true) }
        #expect(throws: LaunchError.conflictingOutputModes(given: ["--csv", "--json"])) { try TextRunSettings(csv: true, json: true) }
        #expect(throws: LaunchError.unknownOutputMode("fancy")) { try TextRunSettings(modeName: "fancy") }
        #expect(LaunchError.unknownOutputMode("fancy").description == "--mode: 'fancy' is not one of \(OutputMode.choices)")
        #expect(LaunchError.conflictingOutputModes(given: []).exitStatus == ExitStatus.usage)
    }

    @Test func theRunnerIsMadeWithTheSettings() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "memory")
        let settings = try TextRunSettings(modeName: "list", header: false, separator: ";", nullValue: "NULL", bail: true, echo: true)
        var written = ""
        let runner = settings.makeRunner(explorer: explorer, output: { written += $0 }, errors: { _ in })
        #expect(runner.mode == .list && !runner.header && runner.headerIsChosen)
        #expect(runner.separator == ";" && runner.nullValue == "NULL")
        #expect(runner.stopsAtFirstError)
        #expect(explorer.isEchoOn)
        runner.run(lines: ["sql SELECT 1 AS a, NULL AS b"], location: { _ in nil })
        #expect(written == "1;NULL\n")
    }

    @Test func aRunEndsWithStatusOneWhenACommandFailedOrOutputWasLost() {
        let ok = TextRunOutcome(commandFailed: false, outputError: nil)
        #expect(ok.exitStatus == ExitStatus.ok && ok.message == nil && ok.closesSession)
        let failed = TextRunOutcome(commandFailed: true, outputError: nil)
        #expect(failed.exitStatus == ExitStatus.commandFailed && failed.message == nil && failed.closesSession)
        let lost = TextRunOutcome(commandFailed: false, outputError: "No space left on device")
        #expect(lost.exitStatus == ExitStatus.commandFailed)
        #expect(lost.message == "cannot write standard output: No space left on device")
        #expect(!lost.closesSession)
    }

    @Test func theProgressLineWaitsThenShowsAtMostTenCountsASecond() {
        let ms: UInt64 = 1_000_000
        var throttle = ReflectionProgressThrottle(start: 1_000 * ms)
        #expect(throttle.text(for: .readingTables(done: 1, total: 5000), at: 1_100 * ms) == nil)
        #expect(throttle.text(for: .readingTables(done: 2, total: 5000), at: 1_150 * ms)
                == "reading the schema: 2 of 5000 tables… Ctrl-C cancels")
        #expect(throttle.text(for: .readingTables(done: 3, total: 5000), at: 1_249 * ms) == nil)
        #expect(throttle.text(for: .readingTables(done: 4, total: 5000), at: 1_250 * ms) != nil)
        // Inference starting is always said, however soon after a count.
        #expect(throttle.text(for: .inferringLinks(tables: 5000), at: 1_251 * ms) == "inferring links between 5000 tables… Ctrl-C cancels")
    }
}
