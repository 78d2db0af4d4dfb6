import Amigo

/// Everything amigo-shell decides before it opens anything: what database, how (read-only,
/// created), which interface, what text mode writes, and how far tables are counted at start.
///
/// Resolved from the command line (``LaunchArguments``), the environment and what the terminal
/// can do, so that each decision is tested without a terminal or a process; the executable only
/// builds a plan and carries it out (``openExplorer(postgres:progress:)``).
package struct LaunchPlan: Sendable {
    /// How far tables are counted when counts are bounded (`10000+` beyond; finished when idle).
    package static let boundedTableCount = 10_000

    /// What to open.
    public var target: DatabaseTarget
    /// Open read-only: every edit is refused.
    public var readOnly: Bool
    /// Create a SQLite file that does not exist.
    public var create: Bool
    /// The SQLite file a data file's table is written into (created when missing) and which is
    /// then opened; nil to keep the table in a database in memory.
    package var importInto: String?
    /// SQLite files named after the first database on the command line (`amigo-shell a.sqlite
    /// b.sqlite`), attached to it in order, each under its file name's stem (``AttachName``),
    /// writable when the first is (read-only with `--read-only`).
    package var attachments: [String]
    /// How the schema is reflected (`--no-infer` keeps to declared foreign keys).
    public var reflection: ReflectionOptions
    /// What is done with the SQLite file's journal mode (``WALSwitch``).
    package var journalMode = JournalModeChoice.keep
    /// Text mode or the full-screen UI.
    package var interface: ShellInterface
    /// The `--cmd` commands, run before anything else.
    package var firstCommands: [String]
    /// The `-c` commands and the SQL after the file name, in that order; each is one command.
    public var commands: [String]
    /// How text mode writes.
    public var text: TextRunSettings
    /// Where the start-up count of each table stops, or nil to count exactly.
    ///
    /// The full-screen UI counts big tables up to ``boundedTableCount`` rows at start and finishes
    /// the counts when idle, so that the first screen of any file comes at once. On a server,
    /// text mode's counts stop there too: an exact count of a big table is a scan.
    public var tableCountLimit: Int?

    /// The plan for `arguments`: the target resolved with `environment` and `fileExists` (see
    /// ``DatabaseTarget/resolve(argument:environment:fileExists:)``), the words after it that
    /// name existing files taken as SQLite files to attach, and the terminal probed with
    /// `terminal` only when no commands were given.
    ///
    /// - Throws: ``LaunchError`` when the output-mode flags conflict or name no mode,
    ///   `--import-into` is given without a data file, or a file to attach is a data file or
    ///   follows a PostgreSQL database.
    package init(arguments: LaunchArguments, environment: [String: String],
                fileExists: (String) -> Bool, terminal: () -> TerminalAvailability) throws {
        target = DatabaseTarget.resolve(argument: arguments.database, environment: environment, fileExists: fileExists)
        readOnly = arguments.readOnly
        create = arguments.create
        importInto = arguments.importInto
        if importInto != nil && !target.isDataFile { throw LaunchError.importIntoWithoutDataFile(given: arguments.database) }
        reflection = ReflectionOptions(inferRelationships: !arguments.noInfer)
        firstCommands = arguments.firstCommands
        // The words after the first database that name existing files are more databases (a
        // statement is never a file's name); the SQL statements follow them.
        let files = arguments.statements.prefix { fileExists($0) }
        attachments = Array(files)
        if let dataFile = attachments.first(where: { DataFile(path: $0) != nil }) { throw LaunchError.attachDataFile(path: dataFile) }
        if case .postgres(let connection) = target, !attachments.isEmpty {
            throw LaunchError.attachToServer(target: connection, files: attachments)
        }
        var rest = arguments
        rest.statements = Array(arguments.statements.dropFirst(files.count))
        commands = arguments.commands + rest.statements
        text = try rest.textRunSettings()
        text.readOnly = readOnly
        interface = ShellInterface.choose(hasCommands: !commands.isEmpty, terminal: terminal)
        // A script on standard input with no database is sqlite3's: an empty database in memory.
        if target == .demo, case .standardInput = interface { target = .emptyInMemory }
        tableCountLimit = interface == .fullScreen || target.isServer ? Self.boundedTableCount : nil
        journalMode = JournalModeChoice.resolve(flag: arguments.wal, interface: interface, target: target, readOnly: readOnly,
                                                attachments: attachments)
    }
}
