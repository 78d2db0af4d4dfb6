import Amigo
import Foundation

/// A script's lines grouped into what the text mode runs, as sqlite3 reads its input: a shell
/// command is one line; an SQL statement — a line starting with `sql` or with a word that starts
/// a statement (`SELECT`, `CREATE`, `INSERT INTO` …; ``startsStatement(_:)``) — goes on over the next lines until
/// one ends it with `;` outside quotes and comments (``SQLText/isComplete(_:)``). At the end of
/// the input, a statement not ended yet runs as it is.
///
/// Lines are read only as they are needed, so that a person typing sees each result at once;
/// ``State/isInsideStatement`` tells a prompt to ask for the rest (`   ...> `).
struct ScriptStatements<Lines: IteratorProtocol>: Sequence, IteratorProtocol where Lines.Element == String {
    /// One thing to run: its text (the lines of a statement joined with line breaks) and the
    /// 1-based number of the line it starts on.
    struct Unit: Equatable {
        /// The command or statement.
        let text: String
        /// The line it starts on (1-based).
        let line: Int
    }

    /// Whether a statement is being read (shared with a prompt, which cannot see the iterator).
    final class State {
        /// The line the statement being read started on; nil between commands.
        var statementStart: Int?
        /// Whether a statement is being read.
        var isInsideStatement: Bool { statementStart != nil }
        /// Set by a prompt whose user cancelled the statement being read (Ctrl-C at `...>`, as
        /// psql drops its query buffer): the lines read so far are dropped, and the next line
        /// starts afresh.
        var discardRequested = false
    }

    private var lines: Lines
    private var lineNumber = 0
    /// Where the reading stands.
    let state: State

    /// Groups `lines`; `state` is updated as statements start and end.
    init(_ lines: Lines, state: State = State()) {
        self.lines = lines
        self.state = state
    }

    /// Whether `line` starts an SQL statement (after an optional `:` and blanks): `sql …`, a
    /// statement as sqlite3 reads it (``CommandParser/isSQLStatement(word:rest:)``), or a block
    /// comment, which may run over lines before the statement it stands before.
    static func startsStatement(_ line: String) -> Bool {
        var text = Substring(line).drop { $0 == " " || $0 == "\t" }
        if text.first == ":" { text = text.dropFirst().drop { $0 == " " || $0 == "\t" } }
        if text.hasPrefix("/*") {
            // A comment closed on this line: what follows it decides (nothing: a blank line).
            guard text.contains("*/") else { return true }
            let rest = SQLText.droppingLeadingComments(String(text))
            return !rest.isEmpty && startsStatement(String(rest))
        }
        let word = text.prefix { !$0.isWhitespace && $0 != ";" && $0 != "(" }.lowercased()
        let rest = text.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        return word == "sql" || CommandParser.isSQLStatement(word: word, rest: rest)
    }

    mutating func next() -> Unit? {
        guard let first = lines.next() else { return nil }
        lineNumber += 1
        return unit(startingWith: first)
    }

    /// The command or statement that starts with `first` (the line just read).
    private mutating func unit(startingWith first: String) -> Unit? {
        state.discardRequested = false
        let start = lineNumber
        guard ScriptStatements.startsStatement(first), !SQLText.isComplete(first) else { return Unit(text: first, line: start) }
        state.statementStart = start
        defer { state.statementStart = nil }
        var text = first
        // Each line is scanned once (``StatementEndScanner``); SQLite, which reads the whole text
        // again each time, is asked only about a trigger's lines that end with `;`.
        var scanner = StatementEndScanner()
        scanner.read(first)
        while let line = lines.next() {
            lineNumber += 1
            // The statement was cancelled at its prompt: this line starts afresh.
            if state.discardRequested { return unit(startingWith: line) }
            text += "\n" + line
            scanner.read(line)
            guard scanner.endsWithSemicolon else { continue }
            if !scanner.mentionsTrigger || SQLText.isComplete(text) { break }
        }
        return Unit(text: text, line: start)
    }
}
