import Amigo
import Foundation

/// Runs command lines without a terminal UI: for `-c`, for standard input that is not a
/// terminal, for `read FILE`, and when the terminal cannot be used. Results go to `output` in
/// the current ``mode`` (`.output`/`.once` send them to a file instead), errors to `errors`;
/// the run fails (``failed``) if any command failed.
///
/// A command that only changes the view (`open`, `filter`, `order`, `limit`, `follow`, `back`,
/// `get`) prints nothing, so that a script's output is only what it asked for (`show`, `sql`,
/// `export … -`, `count` …); but a run whose last command changed the view prints that view
/// (``finish()``), so `-c 'open Track'` alone still shows rows. In ``OutputMode/table`` a view
/// shows its first ``Explorer/textLimit`` rows; every other mode writes every row, streamed.
package final class TextModeRunner {
    /// The explorer commands act on (another after `.open FILE`).
    public internal(set) var explorer: Explorer
    private let standardOutput: (String) throws -> Void
    let errors: (String) -> Void
    private var echoSubscription: EchoSubscription?
    /// Whether any command failed.
    public private(set) var failed = false
    /// Whether `quit` was run.
    package private(set) var quitRequested = false
    /// The exit status `exit CODE` asked for (sqlite3's `.exit CODE`), unless changes were left uncommitted.
    package internal(set) var requestedExitStatus: Int32?
    /// Whether standard output's reader went away (`| head`): the run stopped there, quietly.
    package internal(set) var outputReaderGone = false
    /// How rows are written (`--mode`, `mode`, `.mode`).
    public var mode: OutputMode
    /// Whether CSV and TSV start with a header line (`--header`/`--no-header`, `.headers on|off`).
    public var header: Bool
    /// Whether the header was chosen (`--header`, `--no-header`, `.headers`): until it is, a
    /// script's sqlite3 `.mode` leaves it off, as sqlite3 does.
    package var headerIsChosen = false
    /// Whether the first failing command ends the run (`--bail`, as `sqlite3 -bail`), so that
    /// later commands never answer from a view the failed one did not change.
    package var stopsAtFirstError = false
    /// Whether view-changing commands print their view at once: for a person typing at the
    /// `amigo>` prompt (a terminal that cannot run the UI), not for scripts.
    package var printsEveryView = false

    /// Where output goes until the next `output` (nil: standard output).
    var redirect: OutputFile?
    /// Where the next command's output goes (`once FILE`).
    var once: OutputFile?
    /// The last command, when it only changed the view, with what it would have printed.
    var deferred: (command: Command, text: String)?
    /// How deep `read` is nested (a file that reads itself stops at ``maxReadDepth``).
    private(set) var readDepth = 0
    /// Where a statement over several lines stands (``isInsideStatement``).
    let statementState = ScriptStatements<AnyIterator<String>>.State()
    static let maxReadDepth = 16

    /// Creates a runner. `output` gets text to write as it is (line breaks included) and throws
    /// when it cannot be written. With `echo`, every statement the session runs is written to
    /// `errors` as it runs (the `echo on|off` command switches it). The runner becomes the
    /// explorer's ``Explorer/standardOutputWriter``, so that `export csv -` writes where results go.
    ///
    /// What people read — errors, notes, echo, and results in the table, line and markdown modes —
    /// has its terminal controls made visible first (``TerminalText/safe(_:)``): names, DDL and
    /// values come from the file. Machine modes (CSV, TSV, JSON) and `export` stay byte-exact.
    package init(explorer: Explorer, echo: Bool, mode: OutputMode = .table, header: Bool = true,
                output: @escaping (String) throws -> Void, errors: @escaping (String) -> Void) {
        self.explorer = explorer
        self.standardOutput = output
        self.errors = { errors(TerminalText.safe($0)) }
        self.mode = mode
        self.modeIsChosen = mode != .table
        self.header = header
        explorer.isEchoOn = echo
        connect(explorer)
    }

    /// Makes `explorer` the one commands act on: its echo written to `errors`, its `export csv -`
    /// where results go, and (SQLite) sqlite3's parameter table bound to its statements — where
    /// a parameter not set (`.parameter set`) is NULL, as in sqlite3.
    func connect(_ explorer: Explorer) {
        echoSubscription?.cancel()
        let sink = UncheckedSendable(self.errors)
        echoSubscription = explorer.amigo.engine.echo.subscribe { event in sink.value(event.formatted) }
        explorer.standardOutputWriter = { [weak self] text in try self?.write(text, raw: true) }
        (explorer.amigo.engine as? SQLiteEngine)?.setParameterTable(parameters)
        self.explorer = explorer
    }

    deinit { echoSubscription?.cancel() }

    /// Writes `text` where output goes now: the `once` file, the `output` file, or standard output.
    /// Text for people (``OutputMode/isForPeople``) has its terminal controls made visible;
    /// `raw` text (an export, a machine mode's rows) is written byte for byte.
    ///
    /// On a terminal (``outputIsTerminal``, no `once` or `output` file) every mode's text is made
    /// safe: nothing from the data acts on the terminal, whatever the mode; a pipe or a file gets
    /// machine modes byte for byte, as sqlite3 writes them.
    func write(_ text: String, raw: Bool = false) throws {
        let exact = raw || !mode.isForPeople
        let toTerminal = outputIsTerminal && once == nil && redirect == nil
        let text = !exact ? TerminalText.safe(text) : toTerminal ? TerminalText.safe(text, keepingLineEnds: true) : text
        if let file = once ?? redirect { try file.write(text) } else { try standardOutput(text) }
    }

    /// What ends a row in list, CSV and ascii modes instead of their own line end (`--newline`,
    /// `.separator COL ROW`).
    package var rowSeparator: String?
    /// The table `.mode insert TABLE` names (nil: sqlite3's `table`).
    package var insertTable: String?
    /// What list mode writes between values (`.separator`); chosen, it stands between CSV, tcl
    /// and ascii values too, until the next `.mode` puts back that mode's own (as in sqlite3).
    public var separator = "|" { didSet { separatorIsChosen = true } }
    /// Whether ``separator`` was set since the mode was chosen.
    var separatorIsChosen = false
    /// How NULL is written in list, column, box and line modes (`.nullvalue`).
    package var nullValue = ""
    /// The least widths of column and box modes' columns (`.width`).
    package var columnWidths: [Int] = []
    /// The mode `expanded` (psql's `\x`) switched away from, to go back to.
    var modeBeforeExpanded: OutputMode?

    /// Whether each command's run time is printed after it (`.timer on`).
    package var timesCommands = false
    /// Whether a mode was chosen (`--mode`, `--csv`, `.mode` …): until one is, a query written
    /// as sqlite3 takes it (no `sql` word) on SQLite is written as sqlite3 writes it, in list mode.
    package var modeIsChosen = false
    /// Whether standard output is a terminal (set by the executable): then no mode writes the
    /// data's control characters raw.
    package var outputIsTerminal = false
    /// Whether each line is written to the output before it runs (sqlite3's `.echo on`).
    package var echoesInput = false
    /// Whether each SQL statement is followed by its change counts (sqlite3's `.changes on`).
    package var countsChanges = false
    /// The options given with the mode (`.mode column --wrap 30 …`); nil: ``ColumnarOptions/defaults(for:)``.
    package var columnarOptions: ColumnarOptions?
    /// Whether each SQL statement's plan is written before it runs (sqlite3's `.eqp on`).
    package var explainsQueryPlans = false
    /// Whether `.open` opens files read-only (`--read-only`).
    package var opensReadOnly = false
    /// Told each explorer `.open` makes (the executable watches it for Ctrl-C and completion).
    package var opened: (Explorer) -> Void = { _ in }
    /// sqlite3's parameter table (`.parameter set NAME VALUE`), bound by name to script statements.
    package var parameters: [String: DatabaseValue] = [:]

    /// Runs one line; returns false when the line asked to quit. An error is reported with
    /// `location` before it (`-c #2`, `line 7`), so that a script's author finds the failing line.
    @discardableResult
    public func run(_ line: String, location: String? = nil) -> Bool {
        if echoesInput, (try? write(line + "\n")) == nil { return false }
        // As sqlite3's `.timer`: statements and commands are timed, dot-commands are not.
        guard timesCommands, !line.drop(while: \.isWhitespace).hasPrefix(".") else { return runTimed(line, location: location) }
        let started = CommandTimer.now()
        defer { try? write(CommandTimer.now().since(started).sqlite3Text + "\n") }
        return runTimed(line, location: location)
    }

    /// ``run(_:location:)`` without the timer.
    private func runTimed(_ line: String, location: String?) -> Bool {
        // Several statements on one line (`BEGIN; DELETE FROM t; COMMIT;`) run one by one, as
        // in sqlite3; none after one that fails.
        if !CommandParser.namesTheSQLCommand(line), line.contains(";") {
            let statements = SQLText.statements(in: line)
            if statements.count > 1, let first = try? CommandParser.parse(statements[0]), case .sql = first {
                for statement in statements {
                    let failedBefore = failed
                    if !runTimed(statement, location: location) { return false }
                    if failed && !failedBefore { return true }
                }
                return true
            }
        }
        // Between commands, failed ones included, the file is left to other programs — but not
        // inside a script's BEGIN, whose savepoints a fresh transaction would drop.
        defer { if !scriptTransaction.isOpen { explorer.releaseIdleLocks() } }
        do {
            // What another program committed since the last command is read again first.
            if !scriptTransaction.isOpen { explorer.refreshIfChangedElsewhere() }
            if let notice = explorer.takeNotice() { errors("note: " + notice) }
            let parsed: Command?
            do { parsed = try CommandParser.parse(line) } catch { explorer.history.recordFailure(line, error); throw error }
            guard let command = parsed else { return true }
            return try explorer.recordingHistory(line, command) { try runParsed(command, line: line, location: location) }
        } catch ShellError.outputClosed {
            // Nobody reads what follows: stop here, as sqlite3 does, and say nothing.
            outputReaderGone = true
            deferred = nil
            return false
        } catch {
            report(error, location: location)
            deferred = nil
            return true
        }
    }

    /// Runs a parsed line: a script's transaction statements as sqlite3 does, the rest as commands.
    private func runParsed(_ command: Command, line: String, location: String?) throws -> Bool {
        lineIsDotCommand = line.drop { $0.isWhitespace }.hasPrefix(".")
        currentLine = line
        // Inside a script's BEGIN, COMMIT and ROLLBACK end it, silently, as in sqlite3.
        if scriptTransaction.isOpen, command == .commit || command == .rollback {
            deferred = nil
            _ = try scriptTransaction.run(command == .commit ? "COMMIT" : "ROLLBACK", on: explorer)
            return true
        }
        if case .sql(let sql) = command, !CommandParser.namesTheSQLCommand(line), try runsAsScriptStatement(sql) {
            deferred = nil
            try writeQueryPlanFirst(of: sql)
            if let note = try runScriptStatement(sql) { errors("note: " + note) }
            try writeChangeCounts()
            return true
        }
        if case .sql(let sql) = command { try writeQueryPlanFirst(of: sql) }
        let goesOn = try perform(command, location: location)
        if case .sql = command { try writeChangeCounts() }
        return goesOn
    }

    func report(_ error: Error, location: String?) {
        failed = true
        let hint = explorer.isConnectionLost ? " (the connection is lost: reconnect connects again)" : ""
        errors((location.map { "\($0): " } ?? "") + "error: " + ErrorText.describe(error) + hint)
    }

    /// Whether the line being run is a dot-command (sqlite3's vocabulary, with sqlite3's defaults).
    private var lineIsDotCommand = false
    /// The line being run.
    private var currentLine = ""

    /// The transaction of the SQL statements the script writes without the `sql` word.
    let scriptTransaction = ScriptTransaction()

    /// Whether a statement written without the `sql` word runs as sqlite3 runs it (anything but
    /// a query, which is written as a result like `sql`'s).
    private func runsAsScriptStatement(_ sql: String) throws -> Bool {
        var kind = StatementKind.of(sql)
        if kind == .query, (try? explorer.amigo.engine.isReadOnlyStatement(sql)) == false {
            kind = StatementKind.of(sql, readsOnly: false)
        }
        if case .transaction = kind { return true }
        if kind == .setting || StatementKind.cannotRunInTransaction(sql) { return true }
        return try explorer.sqlWrites(sql)
    }

    /// Runs a parsed command; false when it asked to quit.
    private func perform(_ command: Command, location: String?) throws -> Bool {
        switch command {
        case .mode(let newMode, let table, let columnar):
            if let newMode {
                mode = newMode
                insertTable = table
                columnarOptions = columnar
                modeIsChosen = true
                // sqlite3's `.mode column` turns the header on (and it stays on); box, table,
                // qbox and markdown name their columns whatever it says; csv, tsv and list leave
                // it off until `.headers on`.
                if lineIsDotCommand && !headerIsChosen {
                    header = newMode == .column
                    headerIsChosen = header
                }
                // and list, csv, tcl and ascii put back their own separators and row ends.
                if [.list, .tabs, .csv, .tcl, .ascii].contains(newMode) {
                    separator = "|"
                    separatorIsChosen = false
                    if lineIsDotCommand { rowSeparator = nil }
                }
            } else {
                try write(mode.rawValue + "\n")
            }
            return true
        case .headers(let on):
            header = on
            headerIsChosen = true
            return true
        case .separator(let text, let row):
            separator = text
            if let row { rowSeparator = row }
            return true
        case .nullValue(let text):
            nullValue = text
            return true
        case .timer(let on):
            timesCommands = on ?? !timesCommands
            return true
        case .echo(let on) where lineIsDotCommand:
            echoesInput = on ?? !echoesInput
            return true
        case .bail(let on):
            stopsAtFirstError = on
            return true
        case .print(let text):
            try write(text + "\n")
            return true
        case .runSaved(let name):
            // Written as the saved command would be, had it been typed.
            let line = try explorer.savedQueries.command(named: name)
            guard let saved = try CommandParser.parse(line) else { return true }
            if case .runSaved = saved { throw ShellError.usage(command: "run", usage: "run NAME (a saved query runs a command, not another saved query)") }
            return try perform(saved, location: location)
        case .width(let widths):
            columnWidths = widths
            return true
        case .exit(let code):
            (requestedExitStatus, quitRequested, deferred) = (code, true, nil)
            return false
        case .countChanges, .databases, .settings, .expanded, .parameter, .eqp, .openFile, .backup:
            try performSettingsCommand(command)
            return true
        case .output(let path):
            redirect?.close()
            redirect = nil
            if let path { redirect = try openFile(path, command: "output") }
            return true
        case .once(let path):
            once?.close()
            once = nil
            if path != "-" { once = try openFile(path, command: "once") }
            return true
        default:
            break
        }
        // Any other command uses the `once` file, if one was named.
        let onceFile = once
        defer {
            if let onceFile {
                onceFile.close()
                if once === onceFile { once = nil }
            }
        }
        switch command {
        case .read(let path):
            return try read(path, location: location)
        case .importFile(let path, let table, let csv, let skip):
            deferred = nil
            try importFile(path, into: table, csv: csv, skip: skip)
        case .tables(nil, let like) where lineIsDotCommand:
            // sqlite3's `.tables`: the names in columns (the shell's `tables` counts rows).
            deferred = nil
            try write(SQLite3Listing.columns(explorer.tables.map(\.name).filter { name in like.map { SQLite3Listing.matches(name, like: $0) } ?? true }))
        case .indexes(let table) where lineIsDotCommand && explorer.amigo.engine is SQLiteEngine:
            deferred = nil   // sqlite3's `.indexes [TABLE]`: SQLite's own indexes too, in columns
            try write(SQLite3Listing.columns(try (explorer.amigo.engine as? SQLiteEngine)?.indexNames(tablesLike: table) ?? []))
        case .schema(let table) where lineIsDotCommand && explorer.isSQLite:
            // sqlite3's `.schema`: the statements as stored (the shell's `schema` explains them).
            deferred = nil
            try SQLiteDump(engine: explorer.amigo.engine).writeSchema(tablesLike: table) { try write($0, raw: true) }
        case .dump(let tables):
            deferred = nil
            guard explorer.isSQLite else { throw ShellError.sqliteOnly(command: "dump") }
            try SQLiteDump(engine: explorer.amigo.engine).write(tables: tables.isEmpty ? nil : tables) { try write($0, raw: true) }
        case .sql(let sql) where explorer.isSQLite && SQLite3QueryPlanText.isExplainQueryPlan(sql) && !CommandParser.namesTheSQLCommand(currentLine):
            deferred = nil   // sqlite3's own rendering of EXPLAIN QUERY PLAN, in every mode
            try writeQueryPlan(of: sql)
        case .sql(let sql) where try !explorer.sqlWrites(sql):
            deferred = nil
            // sqlite3's query, in a script that chose no mode: sqlite3's list mode (psql's
            // aligned table, the default, on PostgreSQL); `sql SELECT …` is the shell's.
            let sqlite3Query = !modeIsChosen && explorer.isSQLite && !CommandParser.namesTheSQLCommand(currentLine)
            let writer = rowWriter(sqlite3Query ? .list : nil)
            // sqlite3 names a result's columns when its first row comes: none, no header line.
            writer.headerWaitsForARow = (sqlite3Query ? .list : mode).hasOptionalHeader
            try explorer.streamSQL(sql, columns: { try writer.begin(columns: $0.map(\.name), forms: $0.map(\.form)) }, row: { try writer.write($0, columns: $0.count) })
            try writer.finish()
        case .show(let rows):
            deferred = nil
            try show(rows: rows)
        case .freq(let column) where mode.writesEveryRow:
            // value, count, percent: a row each, in the output mode (a header names the column).
            deferred = nil
            let profile = try explorer.valueProfile(of: try explorer.frequencyColumn(column))
            // A foreign key's values have their parents' labels beside them; ranges, buckets and
            // dangling keys read as in the table (`2–5`, `(dangling: no genre row)`).
            let labelled = !profile.labels.isEmpty
            let writer = rowWriter()
            try writer.begin(columns: [profile.column] + (labelled ? ["label"] : []) + ["count", "percent"])
            for entry in profile.values {
                let share = profile.rowCount > 0 ? Double(entry.count) * 100 / Double(profile.rowCount) : 0
                let label: [DatabaseValue] = labelled ? [profile.labels[entry.value].map { .text($0) } ?? .null] : []
                try writer.write([FrequencyText.machineValue(entry, in: profile)] + label
                                 + [.integer(Int64(entry.count)), .real((share * 10).rounded() / 10)])
            }
            try writer.finish()
        default:
            let result = try explorer.execute(command)
            if result.quit {
                deferred = nil
                quitRequested = true
                return false
            }
            if command.onlyChangesTheView && onceFile == nil && !printsEveryView {
                deferred = (command, result.output)
            } else {
                deferred = nil
                if command.onlyChangesTheView, mode.writesEveryRow {
                    try printView(after: command)
                } else if !result.output.isEmpty {
                    // A command's text (schema, history, changes …) is for people in every mode.
                    try write(TerminalText.safe(result.output) + "\n")
                }
            }
        }
        return true
    }

    /// `show [N]`: the current view in the current mode.
    private func show(rows: Int?) throws {
        guard explorer.current != nil else { throw ShellError.noView(command: "show") }
        // Rows read before are shown only if they are still current: a file that cannot be
        // read now (locked by another program) is an error, not the rows from before.
        try explorer.refreshIfChangedElsewhereOrFail()
        if mode.writesEveryRow {
            try explorer.writeView(rowWriter(), limit: rows)
        } else {
            try write(try explorer.execute(.show(rows)).output + "\n")
        }
    }

    /// What a view-changing `command` prints in a mode that writes every row: the row `get`
    /// made current, or every row of the view.
    func printView(after command: Command) throws {
        guard let view = explorer.current else { return }
        if case .get = command, let record = try explorer.currentRecord() {
            let writer = rowWriter()
            try writer.begin(columns: view.columns, forms: explorer.valueForms(of: view))
            try writer.write(record.values)
            try writer.finish()
        } else {
            try explorer.writeView(rowWriter())
        }
    }

    /// Opens `path` for `output` or `once`; `-` and `/dev/stdout` are standard output itself.
    private func openFile(_ path: String, command: String) throws -> OutputFile {
        try OutputFile.open(path, databasePath: explorer.databaseFile, attachedFiles: try explorer.attachedFiles(), standardOutput: standardOutput, command: command)
    }

    /// `read FILE`: runs its lines; an error names the file and line (`script.sql line 3`).
    private func read(_ path: String, location: String?) throws -> Bool {
        guard readDepth < Self.maxReadDepth else {
            throw ShellError.scriptFile(path: path, reason: "files read each other more than \(Self.maxReadDepth) deep")
        }
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ShellError.scriptFile(path: path, reason: "cannot be read" + ((error as NSError).localizedFailureReason.map { ": \($0)" } ?? ""))
        }
        readDepth += 1
        defer { readDepth -= 1 }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let prefix = location.map { "\($0): " } ?? ""
        return runLines(lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }, location: { "\(prefix)\(path) line \($0)" },
                        joiningStatements: true)
    }
}
