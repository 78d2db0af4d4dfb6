import Amigo
import AmigoShellCore
import AmigoTerminal
import ArgumentParser
import Foundation

/// `amigo-shell [DB] [--read-only] [--create] [--echo] [--bail] [-c COMMAND]...`
struct AmigoShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "amigo-shell",
        abstract: "Explore any SQLite file: browse tables, follow foreign keys and relationships, filter, edit, and watch the SQL.",
        discussion: """
        With no DATABASE, opens a built-in demo database in memory.
        Without a terminal (-c, or standard input not a terminal) commands run in text mode; type help for the list.
        """)

    @Argument(help: "The SQLite file to open (the built-in demo when omitted).")
    var database: String?

    @Flag(name: .long, help: "Open read-only: every edit is refused.")
    var readOnly = false

    @Flag(name: .long, help: "Create the database file if it does not exist.")
    var create = false

    @Flag(name: .long, help: "Print every SQL statement the session runs (text mode: to standard error).")
    var echo = false

    @Option(name: .customShort("c"), help: ArgumentHelp("Run a command and exit; repeat for several.", valueName: "command"))
    var commands: [String] = []

    @Flag(name: .long, help: "Text mode: stop at the first command that fails (exit status 1), as sqlite3 -bail does.")
    var bail = false

    @Option(name: .long, help: ArgumentHelp("Write the demo database to a new file and exit.", valueName: "file"))
    var writeDemo: String?

    func run() throws {
        // A reader that goes away (an export into a FIFO, `| head`) makes a write fail with an
        // error the shell reports, instead of killing it with its edits and the terminal as they were.
        signal(SIGPIPE, SIG_IGN)
        if let writeDemo {
            try DemoDatabase.write(to: writeDemo)
            print("wrote the demo database to \(writeDemo)")
            return
        }
        let support = commands.isEmpty ? TerminalCapabilities.detect() : .plain(reason: "-c")
        let explorer: Explorer
        do {
            // The terminal UI counts big tables up to 10,000 rows (`10000+`) at start and finishes
            // the counts when idle, so that the first screen of any file comes at once.
            explorer = try openExplorer(tableCountLimit: support == .curses ? 10_000 : nil)
        } catch {
            FileHandle.standardError.write(Data(("amigo-shell: " + ErrorText.describe(error) + "\n").utf8))
            throw ExitCode(2)
        }
        if !commands.isEmpty {
            try runText(explorer, lines: commands)
            return
        }
        switch support {
        case .plain(let reason):
            if isatty(0) != 0 || isatty(1) != 0 {
                FileHandle.standardError.write(Data("amigo-shell: \(reason); using text mode (type help)\n".utf8))
            }
            try runText(explorer, lines: StandardInputLines())
        case .curses:
            try TerminalMode(explorer: explorer).run()
        }
    }

    func openExplorer(tableCountLimit: Int?) throws -> Explorer {
        guard let database else {
            let engine = try SQLiteEngine(path: ":memory:")
            try DemoDatabase.populate(engine)
            return try Explorer(amigo: Amigo(reflecting: engine), displayPath: "demo database (in memory)", tableCountLimit: tableCountLimit)
        }
        let amigo = try Amigo(reflecting: database, options: OpenOptions(readOnly: readOnly, create: create))
        return try Explorer(amigo: amigo, displayPath: database + (amigo.engine.isReadOnly ? " (read-only)" : ""),
                            tableCountLimit: tableCountLimit)
    }

    func runText<S: Sequence>(_ explorer: Explorer, lines: S) throws where S.Element == String {
        let runner = TextModeRunner(explorer: explorer, echo: echo,
                                    output: { print($0); fflush(nil) },
                                    // Standard output is flushed first, so that an error follows the output before it.
                                    errors: { fflush(nil); FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        runner.stopsAtFirstError = bail
        // `export csv -` writes to standard output through the same buffer as the results.
        explorer.standardOutputWriter = { print($0, terminator: "") }
        runner.run(lines: lines)
        if fflush(nil) != 0 {
            FileHandle.standardError.write(Data("amigo-shell: cannot write standard output: \(String(cString: strerror(errno)))\n".utf8))
            throw ExitCode(1)
        }
        if explorer.pendingChanges > 0 {
            FileHandle.standardError.write(Data("amigo-shell: \(explorer.pendingChanges) uncommitted change(s) rolled back\n".utf8))
        }
        try? explorer.session.close()
        if runner.failed { throw ExitCode(1) }
    }
}

/// Lines of standard input, read lazily; with a prompt when standard input is a terminal.
struct StandardInputLines: Sequence, IteratorProtocol {
    let interactive = isatty(0) != 0
    mutating func next() -> String? {
        if interactive {
            FileHandle.standardOutput.write(Data("amigo> ".utf8))
        }
        return readLine(strippingNewline: true)
    }
}

AmigoShellCommand.main()
