import Amigo

extension LaunchPlan {
    /// Opens a PostgreSQL engine for a connection target (a URL or keyword string), read-only
    /// or not. The executable supplies it (the core does not link the PostgreSQL engine).
    public typealias PostgresOpener = (_ connection: String, _ readOnly: Bool) throws -> any Engine

    /// What the title bar and `\conninfo`-like output call the database of this plan.
    static let demoDisplayPath = "demo database (in memory)"

    /// Opens the plan's database and an explorer over it: the demo in memory, a PostgreSQL
    /// database through `postgres`, or a SQLite file (`progress` told how far reading a big
    /// schema has come).
    ///
    /// - Throws: ``LaunchError/createUnsupportedOnPostgres(target:)`` for `--create` on a server;
    ///   what opening or reflecting throws otherwise.
    ///
    /// On a server, `waiting` is asked every 50 ms while a statement of the opening is awaited
    /// (a table another session has locked holds reading it up): the caller says so.
    public func openExplorer(postgres: PostgresOpener,
                             progress: ((ReflectionProgress) -> Bool)? = nil, waiting: (() -> Void)? = nil) throws -> Explorer {
        switch target {
        case .demo:
            let engine = try SQLiteEngine(path: ":memory:")
            try DemoDatabase.populate(engine)
            return try Explorer(amigo: AmigoDatabase(reflecting: engine, reflection: reflection), displayPath: Self.demoDisplayPath,
                                tableCountLimit: tableCountLimit, reflection: reflection)
        case .postgres(let connection):
            if create { throw LaunchError.createUnsupportedOnPostgres(target: connection) }
            let engine = try postgres(connection, readOnly)
            if let waiting { engine.setInterruptCheck { waiting(); return false } }
            defer { if waiting != nil { engine.setInterruptCheck(nil) } }
            let amigo = try AmigoDatabase(reflecting: engine, reflection: reflection)
            return try Explorer(amigo: amigo, displayPath: engine.path + (readOnly ? " (read-only)" : ""),
                                tableCountLimit: tableCountLimit, reflection: reflection)
        case .sqliteFile(let path):
            let amigo = try AmigoDatabase(reflecting: path, options: OpenOptions(readOnly: readOnly, create: create),
                                          reflection: reflection, progress: progress)
            return try Explorer(amigo: amigo, displayPath: path + (amigo.engine.isReadOnly ? " (read-only)" : ""),
                                tableCountLimit: tableCountLimit, reflection: reflection)
        }
    }

    /// The lines text mode runs for ``ShellInterface/commands``: the `--cmd` ones, then the
    /// commands; the `n`th is located as `-c #n` in messages.
    public var commandLines: [String] { firstCommands + commands }

    /// Where the `n`th line of a ``commandLines`` run is, for messages.
    public static func commandLocation(_ n: Int) -> String { "-c #\(n)" }

    /// Where the `n`th line of standard input is, for messages.
    public static func inputLocation(_ n: Int) -> String { "line \(n)" }
}
