// TextModeRunner: sqlite3's `.backup` and `.save`.

import Amigo

extension TextModeRunner {
    /// `backup [DB] FILE`: the database (or the attached `schema`) copied into `path` by SQLite's
    /// backup API, replacing an SQLite file there as sqlite3 does — but never the open database,
    /// a file attached to it or the files SQLite keeps beside them, however `path` is spelled.
    func backup(to path: String, schema: String?) throws {
        guard let sqlite = explorer.amigo.engine as? SQLiteEngine else { throw ShellError.sqliteOnly(command: "backup") }
        let guardian = ExportGuard(databasePath: explorer.databaseFile, attachedFiles: try explorer.attachedFiles())
        try guardian.check(path, force: true)
        if let destination = FileReplacement.followingLinks(path), destination != path {
            do { try guardian.check(destination, force: true) } catch ShellError.cannotWrite(_, let reason) {
                throw ShellError.cannotWrite(path: path, reason: reason)
            }
        }
        try sqlite.backup(to: path, schema: schema ?? "main")
    }
}
