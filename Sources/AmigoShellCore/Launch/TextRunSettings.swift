/// How text mode writes what it runs, from the command line's flags: the output mode, the
/// header, sqlite3's separator and NULL text, `--bail` and `--echo`.
///
/// SQL after the file name is sqlite3's form (`amigo-shell db.sqlite 'SELECT 1'`): it is written
/// in sqlite3's default mode (list, no header) unless a mode is chosen.
package struct TextRunSettings: Equatable, Sendable {
    /// The mode rows are written in.
    public var mode: OutputMode
    /// Whether CSV, TSV, list and column output start with a header line.
    public var header: Bool
    /// Whether the header was chosen on the command line (a script's `.mode` then keeps it).
    package var headerIsChosen: Bool
    /// Whether the mode was chosen on the command line (or is sqlite3's, for SQL after the file).
    package var modeIsChosen: Bool
    /// What list mode writes between values, when given (`--separator`).
    public var separator: String?
    /// How NULL is written, when given (`--nullvalue`).
    package var nullValue: String?
    /// What ends a row in list and CSV modes, when given (`--newline`, sqlite3's `-newline`;
    /// sqlite3's `-csv` ends rows with a line feed where `.mode csv` ends them with CRLF).
    package var newline: String?
    /// Whether the run stops at the first command that fails (`--bail`).
    package var stopsAtFirstError: Bool
    /// Whether every statement is echoed to standard error (`--echo`).
    package var echo: Bool
    /// Whether a database opened later (`.open`) is opened read-only too (`--read-only`).
    package var readOnly = false

    /// The settings the flags ask for. `modeName`, `csv` and `json` are `--mode`, `--csv` and
    /// `--json` (at most one of them); `header` is `--header`/`--no-header` when given;
    /// `sqlite3Form` is whether SQL statements follow the file name.
    ///
    /// - Throws: ``LaunchError/conflictingOutputModes(given:)`` or ``LaunchError/unknownOutputMode(_:)``.
    package init(modeName: String? = nil, csv: Bool = false, json: Bool = false, header: Bool? = nil,
                sqlite3Form: Bool = false, separator: String? = nil, nullValue: String? = nil,
                newline: String? = nil, bail: Bool = false, echo: Bool = false) throws {
        let given = [modeName.map { _ in "--mode" }, csv ? "--csv" : nil, json ? "--json" : nil].compactMap { $0 }
        if given.count > 1 { throw LaunchError.conflictingOutputModes(given: given) }
        let named = try modeName.map { name in
            guard let mode = OutputMode(name: name) else { throw LaunchError.unknownOutputMode(name) }
            return mode
        }
        let chosen: OutputMode? = csv ? .csv : json ? .json : named
        let sqlite3Defaults = sqlite3Form && chosen == nil
        self.mode = chosen ?? (sqlite3Form ? .list : .table)
        self.header = header ?? !sqlite3Defaults
        self.headerIsChosen = header != nil
        self.modeIsChosen = chosen != nil || sqlite3Form
        self.separator = separator
        self.nullValue = nullValue
        self.newline = newline
        self.stopsAtFirstError = bail
        self.echo = echo
    }

    /// A runner over `explorer` with these settings, writing results with `output` and
    /// messages with `errors`.
    package func makeRunner(explorer: Explorer, output: @escaping (String) throws -> Void,
                           errors: @escaping (String) -> Void) -> TextModeRunner {
        let runner = TextModeRunner(explorer: explorer, echo: echo, mode: mode, header: header, output: output, errors: errors)
        runner.stopsAtFirstError = stopsAtFirstError
        if let separator { runner.separator = separator }
        if let nullValue { runner.nullValue = nullValue }
        runner.rowSeparator = newline
        runner.headerIsChosen = headerIsChosen
        runner.modeIsChosen = modeIsChosen
        runner.opensReadOnly = readOnly
        return runner
    }
}
