import Amigo

extension LaunchPlan {
    /// Opens a PostgreSQL engine for a connection target (a URL or keyword string), read-only
    /// or not. The executable supplies it (the core does not link the PostgreSQL engine).
    package typealias PostgresOpener = (_ connection: String, _ readOnly: Bool) throws -> any Engine

    /// What the title bar and `\conninfo`-like output call the database of this plan.
    static let demoDisplayPath = "demo database (in memory)"
    /// How an empty database in memory is named (``DatabaseTarget/emptyInMemory``).
    static let memoryDisplayPath = "database in memory"

    /// Opens the plan's database and an explorer over it: the demo in memory, a PostgreSQL
    /// database through `postgres`, a SQLite file (`progress` told how far reading a big
    /// schema has come), or a data file made a table (``openDataFile(_:)``; `notes` told what
    /// its reader should know, one line each) with that table open; then the ``attachments``
    /// are attached to it. A SQLite file's journal mode is then treated as ``journalMode`` says:
    /// `notes` told of a change, and `walLease` given the lease that puts a mode switched while
    /// open back (to be ended at exit, after ``Explorer/settleBeforeExit()``).
    ///
    /// - Throws: ``LaunchError/createUnsupportedOnPostgres(target:)`` for `--create` on a server;
    ///   a ``DataFileError`` for a data file that cannot be imported; what opening or reflecting
    ///   throws otherwise.
    ///
    /// On a server, `waiting` is asked every 50 ms while a statement of the opening is awaited
    /// (a table another session has locked holds reading it up): the caller says so.
    package func openExplorer(postgres: PostgresOpener,
                             progress: ((ReflectionProgress) -> Bool)? = nil,
                             notes: (String) -> Void = { _ in }, waiting: (() -> Void)? = nil,
                             walLease: (JournalModeLease) -> Void = { _ in }) throws -> Explorer {
        let switchesToWAL = journalMode == .walForGood
        switch target {
        case .demo where switchesToWAL, .emptyInMemory where switchesToWAL:
            throw LaunchError.walNeedsAWritableFile(path: target == .demo ? Self.demoDisplayPath : Self.memoryDisplayPath)
        case .postgres(let connection) where switchesToWAL:
            throw LaunchError.walNeedsAWritableFile(path: connection)
        case .dataFile(let file) where switchesToWAL:
            throw LaunchError.walNeedsAWritableFile(path: file.path)
        case .emptyInMemory:
            return try Explorer(amigo: AmigoDatabase(reflecting: SQLiteEngine(path: ":memory:"), reflection: reflection),
                                displayPath: Self.memoryDisplayPath, tableCountLimit: tableCountLimit, reflection: reflection)
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
            var lease: JournalModeLease?
            switch journalMode {
            case .walForGood:
                if let note = try WALSwitch.apply(to: amigo.engine, path: path) { notes(note) }
            case .walWhileOpen:
                let (note, switched) = WALSwitch.switchWhileOpen(amigo.engine, path: path)
                note.map(notes)
                lease = switched
            case .keep:
                break
            }
            do {
                let explorer = try Explorer(amigo: amigo, displayPath: path + (amigo.engine.isReadOnly ? " (read-only)" : ""),
                                            tableCountLimit: tableCountLimit, reflection: reflection)
                // More files on the command line are opened as the first is: writable unless it is
                // read-only (`--read-only`, a read-only file).
                for file in attachments { _ = try explorer.attachFile(file, writable: !amigo.engine.isReadOnly) }
                lease.map(walLease)
                return explorer
            } catch {
                // Nothing will be opened: the file gets its own mode back at once.
                _ = lease?.end()
                throw error
            }
        case .dataFile(let file):
            let (amigo, displayPath, result) = try openDataFile(file)
            result.notes.forEach(notes)
            let explorer = try Explorer(amigo: amigo, displayPath: displayPath, tableCountLimit: tableCountLimit, reflection: reflection)
            for file in attachments { _ = try explorer.attachFile(file, writable: !readOnly) }
            // The file's table is what was asked for: it is the first screen (and `count` counts it).
            try explorer.open(result.table)
            return explorer
        }
    }

    /// The database a data file's table is made in, with the path the title shows and what the
    /// import made: a new database in memory, or the `--import-into` SQLite file (created when
    /// missing), written and then opened as any file is.
    ///
    /// - Throws: a ``DataFileError`` (the file unreadable, not rows, or its table already in the
    ///   `--import-into` file); what opening the SQLite file throws.
    func openDataFile(_ file: DataFile) throws -> (AmigoDatabase, displayPath: String, result: TypedImport.Result) {
        guard let importInto else {
            let engine = try SQLiteEngine(path: ":memory:")
            let result = try TypedImport.importFile(file, into: engine)
            return (try AmigoDatabase(reflecting: engine, reflection: reflection), file.path + " (in memory)", result)
        }
        // The writing connection is closed (released) before the file is opened for browsing.
        let result = try TypedImport.importFile(file, into: SQLiteEngine(path: importInto, options: OpenOptions(create: true)))
        let amigo = try AmigoDatabase(reflecting: importInto, options: OpenOptions(readOnly: readOnly), reflection: reflection)
        return (amigo, importInto + (amigo.engine.isReadOnly ? " (read-only)" : ""), result)
    }

    /// The lines text mode runs for ``ShellInterface/commands``: the `--cmd` ones, then the
    /// commands; the `n`th is located as `-c #n` in messages.
    package var commandLines: [String] { firstCommands + commands }

    /// Where the `n`th line of a ``commandLines`` run is, for messages.
    package static func commandLocation(_ n: Int) -> String { "-c #\(n)" }

    /// Where the `n`th line of standard input is, for messages.
    package static func inputLocation(_ n: Int) -> String { "line \(n)" }
}
