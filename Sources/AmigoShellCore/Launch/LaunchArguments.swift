import Amigo

/// What amigo-shell's command line said, as plain values (the argument parser fills it in):
/// the input of ``LaunchPlan``.
package struct LaunchArguments: Sendable {
    /// The DATABASE argument: a SQLite path, a PostgreSQL URL or keyword string; nil when omitted.
    public var database: String?
    /// The `-c` commands, in order.
    public var commands: [String] = []
    /// SQL statements after the file name (sqlite3's form), run after the `-c` ones.
    public var statements: [String] = []
    /// The `--cmd` commands, run first, before going on as without them.
    package var firstCommands: [String] = []
    /// `--read-only`.
    public var readOnly = false
    /// `--create`.
    public var create = false
    /// `--no-infer`: only declared foreign keys link tables.
    package var noInfer = false
    /// `--wal` (true: put the SQLite file in write-ahead-log mode for good), `--no-wal` (false:
    /// keep its journal mode), or neither (nil: ``JournalModeChoice/resolve(flag:interface:target:readOnly:attachments:)`` decides).
    package var wal: Bool?
    /// `--mode`, when given.
    package var modeName: String?
    /// `--csv`.
    public var csv = false
    /// `--json`.
    package var json = false
    /// `--header` (true), `--no-header` (false), or neither (nil).
    public var header: Bool?
    /// `--separator`, when given.
    public var separator: String?
    /// `--nullvalue`, when given.
    package var nullValue: String?
    /// `--newline`, when given.
    package var newline: String?
    /// `--bail`.
    package var bail = false
    /// `--echo`.
    package var echo = false
    /// `--import-into FILE`: the SQLite file a data file's table is written into (and which is
    /// then opened); nil to keep the table in memory.
    package var importInto: String?

    /// Arguments naming `database` (nil: none given), everything else as when omitted.
    package init(database: String? = nil) {
        self.database = database
    }

    /// Checks that `--import-into` comes with a data file to import.
    ///
    /// - Throws: ``LaunchError/importIntoWithoutDataFile(given:)`` otherwise.
    package func checkImportInto() throws {
        guard importInto != nil else { return }
        guard let database, DataFile(path: database) != nil, !DatabaseTarget.namesPostgres(database) else {
            throw LaunchError.importIntoWithoutDataFile(given: database)
        }
    }

    /// The text-mode settings these flags ask for.
    ///
    /// - Throws: ``LaunchError`` when the output-mode flags conflict or name no mode.
    package func textRunSettings() throws -> TextRunSettings {
        try TextRunSettings(modeName: modeName, csv: csv, json: json, header: header, sqlite3Form: !statements.isEmpty,
                            separator: separator, nullValue: nullValue, newline: newline, bail: bail, echo: echo)
    }
}
