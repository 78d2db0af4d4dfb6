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
        With no DATABASE, opens the PostgreSQL database PGDATABASE or PGSERVICE names when either is set (as psql), else a built-in demo database in memory.
        A postgres:// or postgresql:// URL (or a libpq keyword string such as 'host=/run/postgresql dbname=shop') opens a PostgreSQL database; give the password with PGPASSWORD or ~/.pgpass.
        Without a terminal (-c, or standard input not a terminal) commands run in text mode; type help for the list.
        NO_COLOR (set and not empty) turns colours off.

        Exit status: \(ExitStatus.documentation)
        """,
        version: AmigoVersion.current)

    @Argument(help: "The SQLite file or PostgreSQL URL to open (when omitted: PGDATABASE or PGSERVICE if set, else the built-in demo).", completion: .file())
    var database: String?

    @Argument(help: ArgumentHelp("SQL statements or commands to run after the -c ones, then exit, as sqlite3 takes them.", valueName: "sql"))
    var statements: [String] = []

    @Option(name: .customLong("cmd"), help: ArgumentHelp("Run a command first, then go on as without it (sqlite3's -cmd); repeat for several.", valueName: "command"))
    var firstCommands: [String] = []

    @Option(name: .long, help: ArgumentHelp("Text mode: what list mode writes between values (sqlite3's -separator; default |).", valueName: "text"))
    var separator: String?

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

    @Option(name: .long, help: ArgumentHelp("Write the demo database to a new file (or an empty PostgreSQL database) and exit.", valueName: "file"))
    var writeDemo: String?

    @Flag(name: .long, help: ArgumentHelp("Print the manual page (roff) and exit.", visibility: .hidden))
    var generateManual = false

    func validate() throws {
        if [mode != nil, csv, json].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --mode, --csv and --json")
        }
        if let mode, OutputMode(name: mode) == nil {
            throw ValidationError("--mode: '\(mode)' is not one of \(OutputMode.choices)")
        }
    }

    /// The output mode the flags ask for; SQL after the file name is sqlite3's form, written in
    /// sqlite3's default mode (list, no header) unless a mode is given.
    var outputMode: OutputMode {
        if csv { return .csv }
        if json { return .json }
        return mode.flatMap(OutputMode.init(name:)) ?? (statements.isEmpty ? .table : .list)
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
            do {
                if PostgresTarget.names(writeDemo) {
                    let engine = try PostgresEngine(writeDemo, passwordPrompt: isatty(0) != 0 ? { PostgresTarget.readPassword() } : nil)
                    try DemoDatabase.write(into: engine)
                    print("wrote the demo database to \(engine.path)")
                } else {
                    try DemoDatabase.write(to: writeDemo)
                    print("wrote the demo database to \(writeDemo)")
                }
            } catch {
                StandardError.write(ErrorText.describe(error))
                throw ExitCode(ExitStatus.cannotOpen)
            }
            return
        }
        let commands = self.commands + statements
        let support = commands.isEmpty ? TerminalCapabilities.detect() : .plain(reason: "-c")
        let explorer: Explorer
        do {
            // The terminal UI counts big tables up to 10,000 rows (`10000+`) at start and finishes
            // the counts when idle, so that the first screen of any file comes at once. On a
            // server, text mode's counts stop there too: an exact count of a big table is a scan.
            let bounded = support == .curses || database.map(PostgresTarget.names) == true
            explorer = try openExplorer(tableCountLimit: bounded ? 10_000 : nil)
        } catch {
            StandardError.write(ErrorText.describe(error))
            throw ExitCode(ExitStatus.cannotOpen)
        }
        if !commands.isEmpty {
            // Every -c is one command (a statement in it may span lines of its own).
            try runText(explorer, lines: firstCommands + commands, location: { "-c #\($0)" }, joiningStatements: false)
            return
        }
        switch support {
        case .plain(let reason):
            if isatty(0) != 0 || isatty(1) != 0 {
                StandardError.write("\(reason); using text mode (type help)")
            }
            // A person typing at the prompt sees each view as it changes; a script only what it asks for.
            let lines = StandardInputLines()
            if lines.prompt != nil {
                // Ctrl-C while a command runs stops its query (a write's savepoint is undone), not the shell.
                explorer.amigo.engine.setInterruptCheck { PromptReader.takeInterrupt() }
                // Tab completes commands, names and SQL as at the UI's `:` prompt.
                PromptReader.completionProvider = { request in
                    Completion.candidates(line: request.line, wordStart: request.wordStart, word: request.word, kind: .command, explorer: explorer)
                }
            }
            try runText(explorer, lines: [AnySequence(firstCommands), AnySequence(lines)].joined(), location: { "line \($0)" }, interactive: isatty(0) != 0,
                        continuation: lines.continuation)
        case .curses:
            for command in firstCommands {
                do { _ = try explorer.run(command) } catch { StandardError.write("--cmd: " + ErrorText.describe(error)) }
            }
            try TerminalMode(explorer: explorer).run()
        }
    }

    /// How the file is reflected: `--no-infer` keeps to declared foreign keys.
    var reflection: ReflectionOptions { ReflectionOptions(inferRelationships: !noInfer) }

    func openExplorer(tableCountLimit: Int?) throws -> Explorer {
        // No DATABASE: PGDATABASE or PGSERVICE name a server's database, as for psql; else the demo.
        guard let database = database ?? PostgresTarget.fromEnvironment(ProcessInfo.processInfo.environment) else {
            let engine = try SQLiteEngine(path: ":memory:")
            try DemoDatabase.populate(engine)
            return try Explorer(amigo: AmigoDatabase(reflecting: engine, reflection: reflection), displayPath: "demo database (in memory)",
                                tableCountLimit: tableCountLimit, reflection: reflection)
        }
        if PostgresTarget.names(database) {
            if create { throw PostgresTarget.Refusal.createUnsupported }
            // A server that wants a password none was given for: asked at the terminal, as psql does.
            let prompt: (() -> String?)? = isatty(0) != 0 ? { PostgresTarget.readPassword() } : nil
            let engine = try PostgresEngine(database, readOnly: readOnly, passwordPrompt: prompt)
            // A failed statement (a mistyped sql command) must not abort the session's transaction.
            engine.recoversFromFailedStatements = true
            let amigo = try AmigoDatabase(reflecting: engine, reflection: reflection)
            return try Explorer(amigo: amigo, displayPath: engine.path + (readOnly ? " (read-only)" : ""),
                                tableCountLimit: tableCountLimit, reflection: reflection)
        }
        // A schema of thousands of tables takes a while: say how far reading has come.
        let progress = ReflectionProgressLine()
        defer { progress.finish() }
        let amigo = try AmigoDatabase(reflecting: database, options: OpenOptions(readOnly: readOnly, create: create), reflection: reflection,
                                      progress: progress.report)
        return try Explorer(amigo: amigo, displayPath: database + (amigo.engine.isReadOnly ? " (read-only)" : ""),
                            tableCountLimit: tableCountLimit, reflection: reflection)
    }

    /// Runs `lines` in text mode; `continuation`, when given, learns from the runner whether an
    /// SQL statement is being read over several lines (the prompt then asks for the rest).
    func runText<S: Sequence>(_ explorer: Explorer, lines: S, location: @escaping (Int) -> String, interactive: Bool = false,
                              joiningStatements: Bool = true, continuation: StatementContinuation? = nil) throws
    where S.Element == String {
        // Results and `export csv -` are written to standard output unbuffered, in the pieces the
        // runner gives (a command's text, 64 KiB of rows), so that an error on standard error or
        // the next prompt comes after the output before it.
        let sqlite3Form = !statements.isEmpty && mode == nil && !csv && !json
        let runner = TextModeRunner(explorer: explorer, echo: echo, mode: outputMode, header: header ?? !sqlite3Form,
                                    output: StandardStreams.writeOutput,
                                    errors: { fflush(nil); StandardError.write($0) })
        runner.stopsAtFirstError = bail
        if let separator { runner.separator = separator }
        if let nullvalue { runner.nullValue = nullvalue }
        runner.headerIsChosen = header != nil
        runner.printsEveryView = interactive
        continuation?.isInsideStatement = { [unowned runner] in runner.isInsideStatement }
        runner.run(lines: lines, location: location, joiningStatements: joiningStatements)
        if fflush(nil) != 0 && errno != EPIPE {
            StandardError.write("cannot write standard output: \(String(cString: strerror(errno)))")
            throw ExitCode(ExitStatus.commandFailed)
        }
        try? explorer.session.close()
        if runner.failed { throw ExitCode(ExitStatus.commandFailed) }
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
        if let prompt { return prompt.readLine(prompt: continuation.isInsideStatement() ? "   ...> " : "amigo> ") }
        return readLine(strippingNewline: true)
    }
}

/// Whether the text mode runner is reading an SQL statement over several lines, asked by the
/// prompt before each line (the runner is made after the lines it reads).
final class StatementContinuation {
    /// Asks the runner; false until a runner is attached.
    var isInsideStatement: () -> Bool = { false }
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

/// The exit statuses amigo-shell documents (in `--help`, the manual page and the README).
enum ExitStatus {
    /// Everything ran.
    static let ok: Int32 = 0
    /// A command failed (text mode), or standard output could not be written.
    static let commandFailed: Int32 = 1
    /// The database could not be opened (missing, not SQLite, locked, no permission).
    static let cannotOpen: Int32 = 2
    /// The arguments were wrong (EX_USAGE).
    static let usage: Int32 = ExitCode.validationFailure.rawValue

    static let documentation = "0 ok; 1 a command failed; 2 the database cannot be opened; \(usage) usage error."
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
