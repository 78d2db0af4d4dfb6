import Foundation

/// Tells a psql `SET`/`SHOW` statement from the shell's own `set COLUMN = VALUE` and `show [N]`,
/// which share their first word: a line that reads as SQL goes to the server as SQL (`sql`).
///
/// A line is SQL when it ended with `;` (psql's statements do; the shell's commands never need
/// one), or by its shape: `SET name TO value`, `SET SESSION …`, `SET LOCAL …`, `SET TIME ZONE …`,
/// `SHOW name` where the name reads as a setting's (with `_` or `.`: `search_path`,
/// `server_version`; or `ALL`, `TimeZone`, `DateStyle`). Everything else is the shell's command
/// (`show many` is a usage error, as before).
///
///     ServerSettingStatement.isSQL(word: "set", rest: "search_path TO audit, public")  // true
///     ServerSettingStatement.isSQL(word: "set", rest: "Name = 'Bob'")                  // false
///     ServerSettingStatement.isSQL(word: "show", rest: "timezone")                     // true
///     ServerSettingStatement.isSQL(word: "show", rest: "5")                            // false
enum ServerSettingStatement {
    /// Settings psql users show by a name without `_` or `.`.
    private static let plainSettingNames: Set<String> = ["ALL", "TIMEZONE", "DATESTYLE", "INTERVALSTYLE", "ROLE"]

    /// Whether `word` (lowercased) followed by `rest` is an SQL `SET` or `SHOW` statement;
    /// `endsWithSemicolon`: the line ended with `;` (dropped before `rest`).
    static func isSQL(word: String, rest: String, endsWithSemicolon: Bool) -> Bool {
        guard word == "set" || word == "show" else { return false }
        let body = rest.trimmingCharacters(in: .whitespaces)
        guard !body.isEmpty else { return false }
        if endsWithSemicolon { return true }
        let words = body.split(whereSeparator: \.isWhitespace).map { $0.uppercased() }
        switch word {
        case "show":
            guard words.count == 1, isSettingName(words[0]) else { return false }
            return plainSettingNames.contains(words[0]) || words[0].contains("_") || words[0].contains(".")
        case "set":
            if ["SESSION", "LOCAL"].contains(words[0]) { return words.count > 1 && !words[1].hasPrefix("=") }
            if words.count > 2, words[0] == "TIME", words[1] == "ZONE" { return true }
            return words.count > 2 && words[1] == "TO" && isSettingName(words[0])
        default:
            return false
        }
    }

    /// Whether `name` can name a server setting: letters, digits, `_` and `.` (`search_path`,
    /// `plpgsql.variable_conflict`), starting with a letter.
    private static func isSettingName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "." }
    }
}
