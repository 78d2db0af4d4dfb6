/// One command of the language, declared once in ``CommandParser/commands``: its name and
/// aliases (sqlite3's dot-commands among them), how help writes it, what it does, and how the
/// rest of its line becomes a ``Command``.
package struct CommandSpec: Sendable {
    /// The name help lists and completion offers (`open`).
    public let name: String
    /// Other words for it (`o`; `.tables` for `tables`).
    package let aliases: [String]
    /// Name and arguments, as help writes them (`open TABLE`).
    public let usage: String
    /// What it does.
    package let summary: String
    /// Parses the line typed (its word and the rest).
    let parse: @Sendable (CommandInput) throws -> Command

    /// A command called `name` (or any of `aliases`) whose line `parse` reads.
    init(_ name: String, aliases: [String], usage: String, summary: String, parse: @escaping @Sendable (CommandInput) throws -> Command) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.parse = parse
    }

    /// The help line.
    package var help: CommandHelp { CommandHelp(usage: usage, summary: summary) }
}

/// A command line as a ``CommandSpec``'s parser reads it.
struct CommandInput {
    /// The command word as typed, lowercased (`o` for `open`).
    let word: String
    /// What follows the word, trimmed.
    let rest: String
    /// The whole line (for `SELECT …`, which is its own argument).
    let line: String
    /// Whether the line ended with `;`, as an SQL statement does in sqlite3 (a command needs none).
    var endsWithSemicolon = false

    /// ``rest``, or a usage error when nothing follows the word.
    func needs(_ usage: String) throws -> String {
        if rest.isEmpty { throw ShellError.usage(command: word, usage: usage) }
        return rest
    }

    /// The switch the rest of the line gives (``switchWord(_:)``), or a usage error.
    func onOff(_ usage: String) throws -> Bool {
        guard let on = Self.switchWord(rest) else { throw ShellError.usage(command: word, usage: usage) }
        return on
    }

    /// ``onOff(_:)``, or nil for nothing (the command then switches).
    func onOffOrNothing(_ usage: String) throws -> Bool? {
        rest.isEmpty ? nil : try onOff(usage)
    }

    /// `on`, `1`, `yes`, `true` (true) or `off`, `0`, `no`, `false` (false), in any case; nil otherwise.
    static func switchWord(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "1", "yes", "true": return true
        case "off", "0", "no", "false": return false
        default: return nil
        }
    }

    /// `command` for a command that takes nothing: words after it are a mistake worth saying, not ignoring.
    func bare(_ command: Command, _ usage: String) throws -> Command {
        if !rest.isEmpty { throw ShellError.usage(command: word, usage: "\(usage) (it takes nothing after it)") }
        return command
    }
}
