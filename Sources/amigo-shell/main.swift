import Amigo
import AmigoPostgres
import AmigoShellCore
import AmigoTerminal
import ArgumentParser
import Foundation

/// `amigo-shell [DB] [--read-only] [--create] [--echo] [--bail] [--mode MODE | --csv | --json] [--[no-]header] [-c COMMAND]...`
struct AmigoShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "amigo-shell",
        abstract: "Explore any SQLite file or PostgreSQL database: browse tables, follow foreign keys and relationships, filter, edit, and watch the SQL.",
        discussion: """
        A .csv, .tsv, .json (an array of objects), .jsonl or .ndjson file opens as a table of the same name, its columns typed from their values, in memory (--import-into FILE writes it into a SQLite file).
        With no DATABASE, opens the PostgreSQL database PGDATABASE or PGSERVICE names when either is set (as psql), else a built-in demo database in memory (a script on standard input gets an empty database in memory, as with sqlite3).
        A postgres:// or postgresql:// URL (or a libpq keyword string such as 'host=/run/postgresql dbname=shop') opens a PostgreSQL database; give the password with PGPASSWORD or ~/.pgpass.
        Without a terminal (-c, or standard input not a terminal) commands run in text mode; type help for the list.
        NO_COLOR (set and not empty) turns colours off.

        Exit status: \(ExitStatus.documentation)
        """,
        version: AmigoVersion.current)

    @Argument(help: "The SQLite file, CSV/TSV/JSON file or PostgreSQL URL to open (when omitted: PGDATABASE or PGSERVICE if set, else the built-in demo; a script on standard input gets an empty database in memory).", completion: .file())
    var database: String?

    @Argument(help: ArgumentHelp("More SQLite files to open beside the first (each attached under its file name without extension: b.sqlite's tables are b.TABLE), then SQL statements or commands to run after the -c ones, then exit, as sqlite3 takes them.", valueName: "file-or-sql"))
    var statements: [String] = []

    @Option(name: .customLong("cmd"), help: ArgumentHelp("Run a command first, then go on as without it (sqlite3's -cmd); repeat for several.", valueName: "command"))
    var firstCommands: [String] = []

    @Option(name: .long, help: ArgumentHelp("Text mode: what list mode writes between values (sqlite3's -separator; default |).", valueName: "text"))
    var separator: String?

    @Option(name: .long, help: ArgumentHelp("Text mode: what ends a row in list and csv modes (sqlite3's -newline; default a line break, CRLF in csv).", valueName: "text"))
    var newline: String?

    @Option(name: .long, help: ArgumentHelp("Text mode: how NULL is written in list, column, box and line modes (sqlite3's -nullvalue).", valueName: "text"))
    var nullvalue: String?

    @Flag(name: .long, help: "Open read-only: every edit is refused.")
    var readOnly = false

    @Flag(name: .long, help: "Create the database file if it does not exist.")
    var create = false

    @Flag(name: .long, help: "Print every SQL statement the session runs (text mode: to standard error).")
    var echo = false

    @Flag(name: .long, help: "Do not infer undeclared links from names and data (only declared foreign keys).")
    var noInfer = false

    @Flag(name: .long, inversion: .prefixedNo, help: "--wal puts the SQLite file in write-ahead-log mode for good: other programs' readers and the shell's never wait for a write. The full-screen UI does so while it has a file open read-write, and puts the file's own mode back on quit; --no-wal keeps the file's journal mode, so browsing leaves every byte of the file as it was.")
    var wal: Bool?

    @Option(name: .customShort("c"), help: ArgumentHelp("Run a command and exit; repeat for several.", valueName: "command"))
    var commands: [String] = []

    @Flag(name: .long, help: "Text mode: stop at the first command that fails (exit status 1), as sqlite3 -bail does.")
    var bail = false

    @Option(name: .long, help: ArgumentHelp("Text mode: write rows as \(OutputMode.choices) (default table; also the mode command).", valueName: "mode"),
            completion: .list(OutputMode.allCases.map(\.rawValue)))
    var mode: String?

    @Flag(name: .long, help: "Text mode: write rows as CSV (--mode csv).")
    var csv = false

    @Flag(name: .long, help: "Text mode: write rows as one JSON array (--mode json).")
    var json = false

    @Flag(name: .long, inversion: .prefixedNo, help: "Text mode: start CSV and TSV with a header line (the default; a script's .mode leaves it off, as sqlite3 does, unless chosen).")
    var header: Bool?

    @Option(name: .long, help: ArgumentHelp("With a CSV, TSV or JSON file as DATABASE: write its table into this SQLite file (created if missing; refused if the table exists) and open that file.", valueName: "file"),
            completion: .file())
    var importInto: String?

    @Option(name: .long, help: ArgumentHelp("Write the demo database to a new file (or an empty PostgreSQL database) and exit.", valueName: "file"))
    var writeDemo: String?

    @Flag(name: .long, help: ArgumentHelp("Print the manual page (roff) and exit.", visibility: .hidden))
    var generateManual = false

    func validate() throws {
        do {
            _ = try launchArguments.textRunSettings()
            try launchArguments.checkImportInto()
        } catch let error as LaunchError { throw ValidationError(error.description) }
    }

    /// The command line as the core's plain values.
    var launchArguments: LaunchArguments {
        var arguments = LaunchArguments(database: database)
        arguments.commands = commands
        arguments.statements = statements
        arguments.firstCommands = firstCommands
        arguments.readOnly = readOnly
        arguments.create = create
        arguments.noInfer = noInfer
        arguments.wal = wal
        arguments.modeName = mode
        arguments.csv = csv
        arguments.json = json
        arguments.header = header
        arguments.separator = separator
        arguments.newline = newline
        arguments.nullValue = nullvalue
        arguments.bail = bail
        arguments.echo = echo
        arguments.importInto = importInto
        return arguments
    }

    func run() throws {
        // A reader that goes away (an export into a FIFO, `| head`) makes a write fail with an
        // error the shell reports, instead of killing it with its edits and the terminal as they were.
        signal(SIGPIPE, SIG_IGN)
        if generateManual {
            print(ManualPage(version: AmigoVersion.current, synopsis: Self.usageString(),
                             options: Self.optionsHelp()).roff, terminator: "")
            return
        }
        if let writeDemo {
            try Self.writeDemo(to: writeDemo)
            return
        }
        let plan: LaunchPlan
        do {
            plan = try LaunchPlan(arguments: launchArguments, environment: ProcessInfo.processInfo.environment,
                                  fileExists: { FileManager.default.fileExists(atPath: $0) },
                                  terminal: Self.probeTerminal)
        } catch let error as LaunchError {
            StandardError.write(error.description)
            throw ExitCode(error.exitStatus)
        }
        let explorer: Explorer
        // What opening tells its reader (a data file's short rows): text mode writes it to
        // standard error; the full-screen UI shows it on its status line, where curses does not
        // scroll it away.
        var openingNotes: [String] = []
        var walLease: JournalModeLease?
        let notes: (String) -> Void = { note in
            if plan.interface == .fullScreen { openingNotes.append(note) } else { StandardError.write(note) }
        }
        do {
            // A schema of thousands of tables takes a while: say how far reading has come.
            let progress = ReflectionProgressLine()
            defer { progress.finish() }
            explorer = try plan.openExplorer(postgres: Self.openPostgres, progress: progress.report, notes: notes,
                                            waiting: progress.waiting, walLease: { walLease = $0 })
        } catch {
            StandardError.write(ErrorText.describe(error))
            throw ExitCode(ExitStatus.cannotOpen)
        }
        // At exit the session ends, then a file put in WAL mode while open gets its own mode back
        // (said on standard error, after the terminal is restored, when another program holds it).
        defer {
            explorer.settleBeforeExit()
            if let message = walLease?.end() { StandardError.write(message) }
        }
        // Long work (an export, a profile, a count) shows its progress on standard error when that
        // is a terminal; at the prompt, Ctrl-C while a command runs stops its query (a write's
        // savepoint is undone), not the shell, and Tab completes commands, names and SQL as at the
        // UI's `:` prompt. The same for a database `.open` opens later.
        let showsProgress = isatty(2) != 0 && plan.interface != .fullScreen
        func watch(_ explorer: Explorer, atPrompt: Bool) {
            let progressLine = showsProgress ? ProgressLine(meter: explorer.database.meter, write: { StandardStreams.writeError($0) }) : nil
            if atPrompt {
                explorer.amigo.engine.setInterruptCheck { progressLine?.tick(); return PromptReader.takeInterrupt() }
                PromptReader.completionProvider = { request in
                    Completion.candidates(line: request.line, wordStart: request.wordStart, word: request.word, kind: .command, explorer: explorer)
                }
            } else if let progressLine {
                explorer.amigo.engine.setInterruptCheck { progressLine.tick(); return false }
            }
        }
        switch plan.interface {
        case .commands:
            watch(explorer, atPrompt: false)
            // Every -c is one command (a statement in it may span lines of its own).
            try runText(explorer, plan.text, lines: plan.commandLines, location: LaunchPlan.commandLocation, joiningStatements: false,
                        opened: { watch($0, atPrompt: false) })
        case .standardInput(let reason):
            if isatty(0) != 0 || isatty(1) != 0 {
                StandardError.write("\(reason); using text mode (type help)")
            }
            // A person typing at the prompt sees each view as it changes; a script only what it asks for.
            let lines = StandardInputLines()
            let atPrompt = lines.prompt != nil
            watch(explorer, atPrompt: atPrompt)
            try runText(explorer, plan.text, lines: [AnySequence(plan.firstCommands), AnySequence(lines)].joined(),
                        location: LaunchPlan.inputLocation, interactive: isatty(0) != 0, continuation: lines.continuation,
                        opened: { watch($0, atPrompt: atPrompt) })
        case .fullScreen:
            for command in plan.firstCommands {
                do { _ = try explorer.run(command) } catch { StandardError.write("--cmd: " + ErrorText.describe(error)) }
            }
            try TerminalMode(explorer: explorer, openingNotes: openingNotes).run()
            // Ended by SIGHUP or SIGTERM: as a quit (the deferred settling runs), with its status.
            if let signal = TerminalScreen.endRequestedBySignal { throw ExitCode(128 + signal) }
        }
    }

    /// `--write-demo`: the demo database into a new SQLite file or an empty PostgreSQL database.
    static func writeDemo(to target: String) throws {
        do {
            if DatabaseTarget.namesPostgres(target) {
                let engine = try PostgresEngine(target, passwordPrompt: PasswordPrompt.ifInteractive)
                try DemoDatabase.write(into: engine)
                print("wrote the demo database to \(engine.path)")
            } else {
                try DemoDatabase.write(to: target)
                print("wrote the demo database to \(target)")
            }
        } catch {
            StandardError.write(ErrorText.describe(error))
            throw ExitCode(ExitStatus.cannotOpen)
        }
    }

    /// What the terminal adapter finds the terminal can do, in the core's words.
    static func probeTerminal() -> TerminalAvailability {
        switch TerminalCapabilities.detect() {
        case .curses: return .fullScreen
        case .plain(let reason): return .plainOnly(reason: reason)
        }
    }

    /// The PostgreSQL engine for the core's launch plan: a password asked at the terminal when
    /// the server wants one, and a failed statement (a mistyped sql command) not aborting the
    /// session's transaction.
    static func openPostgres(_ connection: String, readOnly: Bool) throws -> any Engine {
        let engine = try PostgresEngine(connection, readOnly: readOnly, passwordPrompt: PasswordPrompt.ifInteractive)
        engine.recoversFromFailedStatements = true
        return engine
    }

    /// Runs `lines` in text mode; `continuation`, when given, learns from the runner whether an
    /// SQL statement is being read over several lines (the prompt then asks for the rest);
    /// `opened` is given each database `.open` opens.
    func runText<S: Sequence>(_ explorer: Explorer, _ settings: TextRunSettings, lines: S, location: @escaping (Int) -> String,
                              interactive: Bool = false, joiningStatements: Bool = true,
                              continuation: StatementContinuation? = nil, opened: @escaping (Explorer) -> Void = { _ in }) throws
    where S.Element == String {
        // Results and `export csv -` are written to standard output unbuffered, in the pieces the
        // runner gives (a command's text, 64 KiB of rows), so that an error on standard error or
        // the next prompt comes after the output before it.
        let runner = settings.makeRunner(explorer: explorer, output: StandardStreams.writeOutput,
                                         errors: { fflush(nil); StandardError.write($0) })
        runner.printsEveryView = interactive
        runner.outputIsTerminal = isatty(1) != 0
        runner.opened = opened
        continuation?.isInsideStatement = { [unowned runner] in runner.isInsideStatement }
        continuation?.discardStatement = { [unowned runner] in runner.discardStatement() }
        runner.run(lines: lines, location: location, joiningStatements: joiningStatements)
        let flushFailed = fflush(nil) != 0 && errno != EPIPE
        let outcome = TextRunOutcome(commandFailed: runner.failed,
                                     outputError: flushFailed ? String(cString: strerror(errno)) : nil,
                                     requestedStatus: runner.requestedExitStatus)
        if let message = outcome.message { StandardError.write(message) }
        if outcome.closesSession { try? runner.explorer.session.close() }
        if outcome.exitStatus != ExitStatus.ok { throw ExitCode(outcome.exitStatus) }
    }
}

/// Lines of standard input, read lazily; at a terminal, with the `amigo> ` prompt of
/// ``PromptReader`` (readline: line editing, history, Ctrl-C cancels the line, Ctrl-D ends).
///
/// While an SQL statement goes on over several lines, the prompt is sqlite3's `   ...> `.
struct StandardInputLines: Sequence, IteratorProtocol {
    let prompt: PromptReader? = isatty(0) != 0 ? PromptReader() : nil
    /// Tells whether the next line continues a statement.
    let continuation = StatementContinuation()
    mutating func next() -> String? {
        if let prompt {
            // Ctrl-C at `...>` drops the statement typed so far, as psql drops its query buffer.
            return prompt.readLine(prompt: continuation.isInsideStatement() ? "   ...> " : "amigo> ",
                                   onCancel: { [continuation] in continuation.discardStatement(); return "amigo> " })
        }
        return readLine(strippingNewline: true)
    }
}

/// Whether the text mode runner is reading an SQL statement over several lines, asked by the
/// prompt before each line (the runner is made after the lines it reads).
final class StatementContinuation {
    /// Asks the runner; false until a runner is attached.
    var isInsideStatement: () -> Bool = { false }
    /// Tells the runner to drop the statement being read (Ctrl-C at `...>`).
    var discardStatement: () -> Void = {}
}

extension AmigoShellCommand {
    /// The OPTIONS part of `--help`, for the manual page.
    static func optionsHelp() -> String {
        let help = helpMessage(columns: 78)
        guard let start = help.range(of: "OPTIONS:") else { return help }
        return String(help[start.upperBound...])
    }

    /// Parses the arguments and runs; every error becomes one `amigo-shell: ` line on standard
    /// error and the documented exit status (``ExitStatus``).
    static func runMain() -> Never {
        do {
            // sqlite3's single-dash options (-csv, -header, -cmd …) are amigo-shell's long ones.
            var command = try parseAsRoot(SQLite3Arguments.translate(Array(CommandLine.arguments.dropFirst())))
            try command.run()
            Glibc.exit(ExitStatus.ok)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                let message = fullMessage(for: error)
                if !message.isEmpty { print(message) }
                Glibc.exit(ExitStatus.ok)
            }
            if !(error is ExitCode) {
                // A usage error: the reason, then where to read about usage.
                StandardError.write(message(for: error))
                StandardError.write("usage: \(usageString()); see amigo-shell --help")
            }
            Glibc.exit(code.rawValue)
        }
    }
}

/// Standard error, where every message of this program starts with `amigo-shell: `.
enum StandardError {
    /// Writes `message`, each of its lines prefixed with `amigo-shell: `.
    static func write(_ message: String) {
        let text = TerminalText.safe(message).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "amigo-shell: " + $0 }.joined(separator: "\n") + "\n"
        StandardStreams.writeError(text)
    }
}

AmigoShellCommand.runMain()
