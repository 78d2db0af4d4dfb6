import Foundation

/// The `amigo-shell(1)` manual page in roff, built from the same tables the help screen and the
/// `help` command read (``KeyMap/bindings``, ``CommandParser/help``, the filter reference), so the
/// manual never says something the program does not.
package struct ManualPage {
    /// The program's version, for the page footer.
    package let version: String
    /// The usage line (`amigo-shell [<database>] [--read-only] …`).
    package let synopsis: String
    /// The OPTIONS part of `--help`, as the argument parser formats it.
    public let options: String

    /// Creates the page from the parts the argument parser knows.
    package init(version: String, synopsis: String, options: String) {
        self.version = version
        self.synopsis = synopsis
        self.options = options
    }

    /// The page, ready for `man -l -`.
    package var roff: String {
        var page: [String] = [
            #".TH AMIGO\-SHELL 1 "" "amigo\-shell \#(Self.escape(version))" "User Commands""#,
            ".SH NAME",
            #"amigo\-shell \- explore any SQLite file: tables, relationships, filters, edits and the SQL they run"#,
            ".SH SYNOPSIS",
            ".B " + Self.escape(synopsis),
            ".SH DESCRIPTION",
            Self.escape("amigo-shell reflects the schema of an SQLite file into ORM models and lets you browse tables, follow foreign keys, one-to-many and many-to-many relationships with the keyboard, filter in the Amigo filter language, edit inside the session's transaction, and watch the SQL it runs. With no DATABASE it opens a built-in demo database in memory."),
            ".PP",
            Self.escape("With a terminal it starts a full-screen interface. With -c, or when standard input or output is not a terminal, it runs commands in text mode: one command a line (an SQL statement, as in sqlite3, until a line ends it with ;), results on standard output, messages on standard error."),
            ".SH OPTIONS",
            ".nf",
        ]
        page += options.split(separator: "\n", omittingEmptySubsequences: false).map { Self.escape(String($0)) }
        page += [".fi", ".SH KEYS", "In the full-screen interface:", ".PD 0"]
        for binding in KeyMap.bindings {
            page += [".TP", ".B " + Self.escape(binding.label), Self.escape(binding.summary)]
        }
        page += [".PD", ".SH COMMANDS", Self.escape("At the : prompt, with -c, or one a line on standard input:"), ".PD 0"]
        for command in CommandParser.help {
            page += [".TP", ".B " + Self.escape(command.usage), Self.escape(command.summary)]
        }
        page += [".PD", ".SH FILTER LANGUAGE", ".nf"]
        page += HelpText.filterLanguage.map(Self.escape)
        page += [
            ".fi",
            ".SH EXIT STATUS",
            Self.escape("0 everything ran; 1 a command failed (text mode) or output could not be written; 2 the database cannot be opened; 64 a usage error."),
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR", Self.escape("when set and not empty, the interface uses no colour (no-color.org)."),
            ".TP", ".B TERM", Self.escape("a terminal that cannot address the cursor (TERM=dumb) gets text mode."),
            ".SH SEE ALSO",
            #".BR sqlite3 (1)"#,
        ]
        return page.joined(separator: "\n") + "\n"
    }

    /// `text` as roff: backslashes escaped, hyphens kept literal, a leading `.` or `'` neutralised.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
