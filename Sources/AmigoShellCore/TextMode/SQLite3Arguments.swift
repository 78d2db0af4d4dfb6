/// sqlite3's single-dash options, turned into amigo-shell's before the arguments are parsed, so
/// that a command line written for sqlite3 runs here: `amigo-shell -csv -header db.sqlite 'SELECT …'`.
///
/// | sqlite3 | amigo-shell |
/// |---|---|
/// | `-csv` `-line` `-list` `-box` `-column` `-markdown` `-html` `-ascii` `-quote` `-tabs` | `--mode MODE` |
/// | `-json` | `--mode json-sqlite3` (sqlite3's JSON; amigo-shell's own `json` is spaced) |
/// | `-table` | `--mode ascii-table` (sqlite3's table of `+`, `-` and `|`; amigo-shell's own `table` is another) |
/// | `-header` `-noheader` (`-headers`, `-noheaders`) | `--header` `--no-header` |
/// | `-bail` `-readonly` `-echo` `-version` `-help` | `--bail` `--read-only` `--echo` `--version` `--help` |
/// | `-init FILE` | `--cmd ".read 'FILE'"` (its commands first) |
/// | `-cmd COMMAND` | `--cmd COMMAND` (runs before the rest) |
/// | `-separator TEXT` `-nullvalue TEXT` `-newline TEXT` | `--separator TEXT` `--nullvalue TEXT` `--newline TEXT` |
/// | `-csv` | `--mode csv --newline LF` (sqlite3's `-csv` ends rows with a line feed, `.mode csv` with CRLF) |
/// | `-batch` `-interactive` | nothing (amigo-shell decides by the terminal) |
///
/// sqlite3 writes no header line in any mode unless `-header` is given, so a mode option of
/// sqlite3's brings `--no-header` with it unless a header option is there too.
/// Anything else is left as it is (amigo-shell's own options, `-c`, names and SQL).
package enum SQLite3Arguments {
    /// Options that take no value, and what they become.
    static let flags: [String: [String]] = [
        "csv": ["--mode", "csv", "--newline", "\n"], "json": ["--mode", "json-sqlite3"], "line": ["--mode", "line"], "list": ["--mode", "list"],
        "box": ["--mode", "box"], "column": ["--mode", "column"], "markdown": ["--mode", "markdown"],
        "table": ["--mode", "ascii-table"], "html": ["--mode", "html"], "ascii": ["--mode", "ascii"],
        "quote": ["--mode", "quote"], "tabs": ["--mode", "tabs"],
        "header": ["--header"], "headers": ["--header"], "noheader": ["--no-header"], "noheaders": ["--no-header"],
        "bail": ["--bail"], "readonly": ["--read-only"], "echo": ["--echo"], "version": ["--version"], "help": ["--help"],
        "batch": [], "interactive": [],
    ]
    /// Options that take a value, and the long option they become.
    static let options: [String: String] = ["cmd": "--cmd", "separator": "--separator", "nullvalue": "--nullvalue", "newline": "--newline"]

    /// `arguments` (without the program name) with sqlite3's options translated. A header chosen
    /// anywhere wins over `-column`'s default.
    package static func translate(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        let choosesHeader = arguments.contains { ["-header", "-headers", "-noheader", "-noheaders"].contains($0) }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2 else {
                result.append(argument)
                continue
            }
            let name = String(argument.dropFirst()).lowercased()
            if let replacement = flags[name] {
                result += replacement
                // sqlite3 writes no header line in any mode until -header.
                if replacement.first == "--mode" && !choosesHeader && !result.contains("--no-header") { result.append("--no-header") }
            } else if name == "init", index < arguments.count {
                // `-init FILE`: the file's commands before anything else, as `.read FILE` would run them.
                result += ["--cmd", ".read '" + arguments[index].replacingOccurrences(of: "'", with: "''") + "'"]
                index += 1
            } else if let option = options[name], index < arguments.count {
                result += [option, arguments[index]]
                index += 1
            } else {
                result.append(argument)
            }
        }
        return result
    }
}
