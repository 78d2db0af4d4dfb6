import Amigo

/// What amigo-shell's command line said, as plain values (the argument parser fills it in):
/// the input of ``LaunchPlan``.
public struct LaunchArguments: Sendable {
    /// The DATABASE argument: a SQLite path, a PostgreSQL URL or keyword string; nil when omitted.
    public var database: String?
    /// The `-c` commands, in order.
    public var commands: [String] = []
    /// SQL statements after the file name (sqlite3's form), run after the `-c` ones.
    public var statements: [String] = []
    /// The `--cmd` commands, run first, before going on as without them.
    public var firstCommands: [String] = []
    /// `--read-only`.
    public var readOnly = false
    /// `--create`.
    public var create = false
    /// `--no-infer`: only declared foreign keys link tables.
    public var noInfer = false
    /// `--mode`, when given.
    public var modeName: String?
    /// `--csv`.
    public var csv = false
    /// `--json`.
    public var json = false
    /// `--header` (true), `--no-header` (false), or neither (nil).
    public var header: Bool?
    /// `--separator`, when given.
    public var separator: String?
    /// `--nullvalue`, when given.
    public var nullValue: String?
    /// `--bail`.
    public var bail = false
    /// `--echo`.
    public var echo = false
    /// `--import-into FILE`: the SQLite file a data file's table is written into (and which is
    /// then opened); nil to keep the table in memory.
    public var importInto: String?

    /// Arguments naming `database` (nil: none given), everything else as when omitted.
    public init(database: String? = nil) {
        self.database = database
    }

    /// Checks that `--import-into` comes with a data file to import.
    ///
    /// - Throws: ``LaunchError/importIntoWithoutDataFile(given:)`` otherwise.
    public func checkImportInto() throws {
        guard importInto != nil else { return }
        guard let database, DataFile(path: database) != nil, !DatabaseTarget.namesPostgres(database) else {
            throw LaunchError.importIntoWithoutDataFile(given: database)
        }
    }

    /// The text-mode settings these flags ask for.
    ///
    /// - Throws: ``LaunchError`` when the output-mode flags conflict or name no mode.
    public func textRunSettings() throws -> TextRunSettings {
        try TextRunSettings(modeName: modeName, csv: csv, json: json, header: header, sqlite3Form: !statements.isEmpty,
                            separator: separator, nullValue: nullValue, bail: bail, echo: echo)
    }
}
