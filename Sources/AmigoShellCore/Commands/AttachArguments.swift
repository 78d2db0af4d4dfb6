/// Reads `attach`'s arguments: `FILE [AS NAME] [rw]`, as sqlite3's `ATTACH [DATABASE] 'FILE'
/// AS NAME` too. The file is attached read-only unless `rw` (or `--write`) is given; `ro` (or
/// `--read-only`) says read-only explicitly. The flag may come anywhere after the file.
///
///     attach archive.sqlite                 // read-only, as archive
///     attach 'my file.db' AS old rw         // writable, as old
///     attach --write archive.sqlite         // writable
///
/// sqlite3's statement keeps sqlite3's meaning, so that a script runs unchanged: `ATTACH
/// [DATABASE] 'FILE' AS NAME;` — the SQL shape: the file an SQL string (quoted), `DATABASE` or a
/// closing `;`, an `AS NAME` and neither flag — attaches the file writable, and creates it when it
/// is missing. `attach archive.db AS a;` (no quotes) stays the shell's: read-only, never created.
enum AttachArguments {
    /// The words that make the file writable.
    static let writeFlags: Set<String> = ["rw", "--write", "-w"]
    /// The words that say read-only (the default).
    static let readOnlyFlags: Set<String> = ["ro", "--read-only", "--readonly"]

    /// The command for `text` (what follows `attach`).
    ///
    /// - Throws: ``ShellError/usage(command:usage:)`` for anything but a file, an optional
    ///   `AS NAME` and optional flags.
    static func parse(_ text: String, command: String, endsWithSemicolon: Bool = false) throws -> Command {
        var words = CommandParser.splitWords(text)
        var sqlShape = endsWithSemicolon
        if words.count > 1, words[0].lowercased() == "database" { words.removeFirst(); sqlShape = true }
        var writable = false
        var flagged = false
        var rest: [String] = []
        for word in words {
            if writeFlags.contains(word.lowercased()) { writable = true; flagged = true } else if readOnlyFlags.contains(word.lowercased()) { writable = false; flagged = true } else { rest.append(word) }
        }
        if sqlShape, !flagged, rest.count == 3, rest[1].lowercased() == "as", rest[0].first == "'" || rest[0].first == "\"" {
            return .attach(path: CommandParser.unquote(rest[0]), name: CommandParser.unquote(rest[2]), writable: true, creating: true)
        }
        let usage = ShellError.usage(command: command, usage: "attach FILE [AS NAME] [rw] (quote a file name with spaces)")
        switch rest.count {
        case 1: return .attach(path: CommandParser.unquote(rest[0]), name: nil, writable: writable)
        case 3 where rest[1].lowercased() == "as":
            return .attach(path: CommandParser.unquote(rest[0]), name: CommandParser.unquote(rest[2]), writable: writable)
        default: throw usage
        }
    }

    /// `path` as `attach` reads it back: as it is when it has no blank or quote, else in single
    /// quotes (a quote in it doubled).
    static func quoted(_ path: String) -> String {
        let plain = !path.isEmpty && !path.contains { CommandParser.startsWithBlank($0) || "'\"`[".contains($0) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
