/// Why amigo-shell does not start as its arguments ask: said on standard error, with
/// ``exitStatus`` as the program's exit status.
package enum LaunchError: Error, Equatable, CustomStringConvertible {
    /// `--create` for a server's database (named by `target`), which is created with `createdb`.
    case createUnsupportedOnPostgres(target: String)
    /// More than one of `--mode`, `--csv` and `--json` (`given` names them).
    case conflictingOutputModes(given: [String])
    /// `--mode` with a name that is not an output mode.
    case unknownOutputMode(String)
    /// `--import-into` when DATABASE (`given`) is not a data file (CSV, TSV, JSON) to import.
    case importIntoWithoutDataFile(given: String?)
    /// More than one database on the command line when the first (`target`) is a server's:
    /// only SQLite files are attached to one another.
    case attachToServer(target: String, files: [String])
    /// A data file (CSV, TSV, JSON) after the first database: only SQLite files are attached.
    case attachDataFile(path: String)
    /// `--wal` for a database that is not a SQLite file the shell can write (`path`).
    case walNeedsAWritableFile(path: String)

    public var description: String {
        switch self {
        case .createUnsupportedOnPostgres:
            return "--create is not supported on PostgreSQL: create the database with createdb"
        case .conflictingOutputModes:
            return "give one of --mode, --csv and --json"
        case .unknownOutputMode(let name):
            return "--mode: '\(name)' is not one of \(OutputMode.choices)"
        case .attachToServer(_, let files):
            return "PostgreSQL has no attached database files: open \(files.joined(separator: ", ")) in its own amigo-shell"
        case .attachDataFile(let path):
            return "only SQLite files are opened beside the first database, not \(path) (open it on its own, or with --import-into)"
        case .walNeedsAWritableFile(let path):
            return "--wal changes the file's journal mode: \(path) is not a SQLite file open for writing (leave out --wal or --read-only)"
        case .importIntoWithoutDataFile(let given):
            return "--import-into needs a .csv, .tsv, .json, .jsonl or .ndjson file to import"
                + (given.map { ", not \($0)" } ?? "")
        }
    }

    /// The documented exit status: a usage error for the flags, cannot-open for the database.
    package var exitStatus: Int32 {
        switch self {
        case .createUnsupportedOnPostgres, .walNeedsAWritableFile: return ExitStatus.cannotOpen
        case .conflictingOutputModes, .unknownOutputMode, .importIntoWithoutDataFile, .attachToServer, .attachDataFile:
            return ExitStatus.usage
        }
    }
}
