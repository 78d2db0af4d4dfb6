/// A command of the shell's language, the same at the `:` prompt, with `-c` and on standard input.
public enum Command: Equatable, Sendable {
    case tables
    case open(String)
    case filter(String?)          // nil clears
    case order(column: String?, descending: Bool)  // nil column clears
    case limit(Int)
    case relations
    case follow(String)
    case back
    case show(Int?)               // nil: as the mode shows a view
    case get(String)
    case sql(String)
    case set(column: String, value: String)
    /// Adds a row to the current table (columns not named get their defaults or NULL).
    case insert([ColumnAssignment])
    /// Deletes the current row, or (`all`) every row of the current view; `expected` is the count
    /// typed after `delete all` to confirm it (nil: not given).
    case delete(all: Bool, expected: Int?)
    /// Links the current row to the row with `key` through a many-to-many relationship.
    case link(relationship: String, key: String, payload: [ColumnAssignment])
    /// Unlinks the current row from the row with `key` of a many-to-many relationship.
    case unlink(relationship: String, key: String)
    case commit
    case rollback
    case echo(Bool?)              // nil toggles
    case export(format: ExportFormat, path: String, force: Bool = false)
    case schema(String?)
    case count
    case refresh
    case stats(String)
    case help(String?)
    case quit
    /// Text mode: how rows are written (nil prints the current mode).
    case mode(OutputMode?)
    /// Text mode: whether CSV and TSV start with a header line.
    case headers(Bool)
    /// Text mode: where what commands print goes from now on (nil: standard output).
    case output(String?)
    /// Text mode: where the next command's output goes.
    case once(String)
    /// Text mode: runs the commands of a file.
    case read(String)

    /// Export file formats.
    public enum ExportFormat: String, Sendable {
        case csv, json

        /// The output mode that writes this format.
        public var mode: OutputMode { self == .csv ? .csv : .json }
    }

    /// The command's name, as help lists it.
    public var name: String {
        switch self {
        case .mode: return "mode"
        case .headers: return "headers"
        case .output: return "output"
        case .once: return "once"
        case .read: return "read"
        default: return String(String(describing: self).prefix { $0.isLetter })
        }
    }

    /// Whether the command writes to the database (refused with `--read-only`). `sql` writes
    /// only for a statement that writes, which SQLite decides.
    public var isWrite: Bool {
        switch self {
        case .set, .insert, .delete, .link, .unlink: return true
        default: return false
        }
    }

    /// Whether the command only changes what is current (the view, its filter or order, the
    /// row, the rows shown): text mode prints nothing for it, unless it is the run's last.
    public var onlyChangesTheView: Bool {
        switch self {
        case .open, .filter, .order, .limit, .follow, .back, .get: return true
        default: return false
        }
    }
}

/// One line of the help: a command's form and what it does.
public struct CommandHelp: Sendable {
    /// Name and arguments, e.g. `filter EXPR`.
    public let usage: String
    /// What it does.
    public let summary: String
}

/// Parses command lines into ``Command``s.
public enum CommandParser {
    /// Every command with its usage, in the order help lists them. Completion uses the names.
    public static let help: [CommandHelp] = [
        CommandHelp(usage: "tables", summary: "list tables and views with row counts"),
        CommandHelp(usage: "open TABLE", summary: "browse a table or view"),
        CommandHelp(usage: "filter EXPR", summary: "keep rows matching a filter, e.g. Milliseconds > 300000 AND Composer CONTAINS[c] 'page' (no EXPR clears)"),
        CommandHelp(usage: "order COLUMN [desc]", summary: "sort by a column, a related value (artist.Name) or a count (albums.@count); no COLUMN: key order"),
        CommandHelp(usage: "limit N", summary: "rows show prints of a view in table mode (default 20)"),
        CommandHelp(usage: "relations", summary: "the current row's relationships, with kind and count"),
        CommandHelp(usage: "follow NAME", summary: "open the rows a relationship of the current row leads to"),
        CommandHelp(usage: "back", summary: "return to the previous view (its filter, order and row)"),
        CommandHelp(usage: "show [N]", summary: "print the current view (text mode: in table mode its first N rows, default limit; other modes every row, or N) or the current row"),
        CommandHelp(usage: "get ID", summary: "make the row with this primary key current (composite: get 1,2)"),
        CommandHelp(usage: "sql SELECT …", summary: "run an SQL statement: a query shows its result (text mode writes every row; a line starting SELECT, WITH, PRAGMA, EXPLAIN or VALUES is sql too; in a script, a statement goes on over the next lines until one ends it with ;); INSERT, UPDATE, DELETE and DDL run inside the session (the UI asks first), a new table is browsable at once; BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE, ATTACH, DETACH and writing PRAGMAs are refused"),
        CommandHelp(usage: "set COLUMN = VALUE", summary: "change a column of the current row (NULL for null, 'quoted text' with '' or \\' for a quote) inside the session"),
        CommandHelp(usage: "insert COL=VALUE, …", summary: "add a row to the current table inside the session (values as for set; columns left out get their default or NULL); the new row becomes current"),
        CommandHelp(usage: "delete [all [N]]", summary: "delete the current row, or every row of the view (N: the count, to confirm it), saying first what ON DELETE CASCADE removes, SET NULL changes, or a restricting foreign key refuses"),
        CommandHelp(usage: "link REL KEY …", summary: "link the current row to the row with KEY through a many-to-many relationship; after KEY, COLUMN=VALUE, … for the junction's other columns (those NOT NULL without a default are required; the UI asks for them in a form)"),
        CommandHelp(usage: "unlink REL KEY", summary: "remove the link between the current row and the row with KEY of a many-to-many relationship (both rows stay)"),
        CommandHelp(usage: "commit", summary: "make the session's changes permanent"),
        CommandHelp(usage: "rollback", summary: "undo the session's uncommitted changes"),
        CommandHelp(usage: "echo on|off", summary: "show the SQL the session runs"),
        CommandHelp(usage: "export csv|json FILE", summary: "write every row of the current view to FILE (- for standard output; never the open database or its journals; --force to overwrite another SQLite file)"),
        CommandHelp(usage: "schema [TABLE]", summary: "the DDL, keys, indexes and relationships (no TABLE: every table, then every relationship)"),
        CommandHelp(usage: "count", summary: "the current view's row count"),
        CommandHelp(usage: "refresh", summary: "read the counts and the current view again (after another program changed the file)"),
        CommandHelp(usage: "stats COLUMN", summary: "rows, non-null, distinct, nulls, min, max, sum and avg of a column (or path) of the view"),
        CommandHelp(usage: "mode [MODE]", summary: "text mode: write rows as csv, tsv, json, jsonl, table (default), line or markdown (no MODE: say which; also .mode)"),
        CommandHelp(usage: "headers on|off", summary: "text mode: the header line of csv and tsv (default on; also .headers)"),
        CommandHelp(usage: "output [FILE]", summary: "text mode: what commands print goes to FILE until the next output (none or -: standard output; also .output)"),
        CommandHelp(usage: "once FILE", summary: "text mode: the next command's output goes to FILE (also .once)"),
        CommandHelp(usage: "read FILE", summary: "text mode: run the commands of FILE, one a line, an SQL statement until a line ends it with ; (also .read)"),
        CommandHelp(usage: "help [COMMAND]", summary: "this list (also .help)"),
        CommandHelp(usage: "quit", summary: "leave (asks first when changes are uncommitted; also .quit, .exit, \\q)"),
    ]

    /// The sqlite3 dot-commands accepted (`.tables` …), without their dot.
    static let dotCommands: Set<String> = ["tables", "schema", "mode", "headers", "once", "output", "read", "help", "quit"]

    /// Command names, for completion.
    public static var names: [String] { help.map { String($0.usage.split(separator: " ")[0]) } }

    /// Parses one line. Leading `:` is allowed, and trailing `;`s are dropped (as sqlite3 ends
    /// statements); blank lines and comments (`#`, `--`) are nil. sqlite3's dot-commands
    /// (`.tables`, `.schema`, `.mode`, `.headers`, `.once`, `.output`, `.read`, `.help`,
    /// `.quit`, `.exit`, and `\q`) are the commands they name. Throws ``ShellError`` for unknown
    /// commands and bad arguments.
    public static func parse(_ line: String) throws -> Command? {
        // A statement read over several lines (``ScriptStatements``) has line breaks inside.
        var text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix(":") { text.removeFirst() }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty || text.hasPrefix("#") || text.hasPrefix("--") { return nil }
        while text.hasSuffix(";") { text = String(text.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines) }
        if text.isEmpty { return nil }
        let word: String
        let rest: String
        if let space = text.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            word = String(text[..<space]).lowercased()
            rest = text[space...].trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            word = text.lowercased()
            rest = ""
        }
        func needs(_ usage: String) throws -> String {
            if rest.isEmpty { throw ShellError.usage(command: word, usage: usage) }
            return rest
        }
        /// For commands that take nothing: extra words are a mistake worth saying, not ignoring.
        func bare(_ command: Command, _ usage: String) throws -> Command {
            if !rest.isEmpty { throw ShellError.usage(command: word, usage: "\(usage) (it takes nothing after it)") }
            return command
        }
        switch word {
        case "tables", "ls", ".tables": return try bare(.tables, "tables")
        case "open", "o": return .open(unquote(try needs("open TABLE")))
        case "filter", "f", "where": return .filter(rest.isEmpty ? nil : rest)
        case "order", "sort":
            if rest.isEmpty { return .order(column: nil, descending: false) }
            var parts = splitWords(rest)
            var descending = false
            if let last = parts.last?.lowercased(), parts.count > 1, last == "desc" || last == "asc" {
                descending = last == "desc"
                parts.removeLast()
            }
            return .order(column: unquote(parts.joined(separator: " ")), descending: descending)
        case "limit":
            guard let n = Int(try needs("limit N")), n > 0 else { throw ShellError.usage(command: word, usage: "limit N (a positive number)") }
            return .limit(n)
        case "relations", "rel", "r": return try bare(.relations, "relations")
        case "follow", "fo": return .follow(unquote(try needs("follow NAME")))
        case "back", "b": return try bare(.back, "back")
        case "show":
            if rest.isEmpty { return .show(nil) }
            guard let n = Int(rest), n >= 0 else { throw ShellError.usage(command: word, usage: "show [N] (a number of rows)") }
            return .show(n)
        case "get", "g": return .get(try needs("get ID"))
        case "sql", "select", "with", "pragma", "explain", "values":
            return .sql(word == "sql" ? try needs("sql SELECT …") : text)
        case "set":
            let body = try needs("set COLUMN = VALUE")
            guard let eq = body.firstIndex(of: "=") else { throw ShellError.usage(command: word, usage: "set COLUMN = VALUE") }
            let column = unquote(body[..<eq].trimmingCharacters(in: .whitespaces))
            let value = body[body.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            guard !column.isEmpty else { throw ShellError.usage(command: word, usage: "set COLUMN = VALUE") }
            return .set(column: column, value: value)
        case "insert", "add":
            return .insert(try ColumnAssignment.parseList(rest, command: word, usage: "insert COLUMN=VALUE, …"))
        case "delete", "del":
            let parts = splitWords(rest)
            if parts.isEmpty { return .delete(all: false, expected: nil) }
            guard parts[0].lowercased() == "all", parts.count <= 2 else {
                throw ShellError.usage(command: word, usage: "delete [all [N]] (the current row, or every row of the view)")
            }
            if parts.count == 2 {
                guard let n = Int(parts[1]), n >= 0 else { throw ShellError.usage(command: word, usage: "delete all [N] (N: the view's row count)") }
                return .delete(all: true, expected: n)
            }
            return .delete(all: true, expected: nil)
        case "link", "unlink":
            let usage = word == "link" ? "link REL KEY [COLUMN=VALUE, …]" : "unlink REL KEY"
            let words = splitWords(rest)
            guard words.count >= 2 else { throw ShellError.usage(command: word, usage: usage) }
            let relationship = unquote(words[0])
            let key = words[1]
            if word == "unlink" {
                guard words.count == 2 else { throw ShellError.usage(command: word, usage: usage + " (it takes nothing after KEY)") }
                return .unlink(relationship: relationship, key: key)
            }
            // The payload is what follows the key, as typed.
            var remainder = Substring(rest)
            for part in words.prefix(2) {
                guard let range = remainder.range(of: part) else { break }
                remainder = remainder[range.upperBound...]
            }
            let payload = try ColumnAssignment.parseList(String(remainder).trimmingCharacters(in: .whitespaces), command: word, usage: usage)
            return .link(relationship: relationship, key: key, payload: payload)
        case "commit": return try bare(.commit, "commit")
        case "rollback": return try bare(.rollback, "rollback")
        case "echo":
            switch rest.lowercased() {
            case "": return .echo(nil)
            case "on", "1", "true": return .echo(true)
            case "off", "0", "false": return .echo(false)
            default: throw ShellError.usage(command: word, usage: "echo on|off")
            }
        case "export":
            var parts = splitWords(rest)
            let force = parts.contains("--force")
            parts.removeAll { $0 == "--force" }
            guard parts.count >= 2, let format = Command.ExportFormat(rawValue: parts[0].lowercased()) else {
                throw ShellError.usage(command: word, usage: "export csv|json FILE [--force]")
            }
            return .export(format: format, path: FilePaths.expandingTilde(unquote(parts.dropFirst().joined(separator: " "))), force: force)
        case "schema", ".schema": return .schema(rest.isEmpty ? nil : unquote(rest))
        case "count": return try bare(.count, "count")
        case "refresh", "reload": return try bare(.refresh, "refresh")
        case "stats": return .stats(unquote(try needs("stats COLUMN")))
        case "help", "?", "h", ".help": return .help(rest.isEmpty ? nil : rest)
        case "quit", "exit", "q", ".quit", ".exit", "\\q": return try bare(.quit, "quit")
        case "mode", ".mode":
            if rest.isEmpty { return .mode(nil) }
            guard let mode = OutputMode(name: unquote(rest)) else {
                throw ShellError.usage(command: word, usage: "mode \(OutputMode.choices)")
            }
            return .mode(mode)
        case "headers", "header", ".headers", ".header":
            switch rest.lowercased() {
            case "on", "1", "yes", "true": return .headers(true)
            case "off", "0", "no", "false": return .headers(false)
            default: throw ShellError.usage(command: word, usage: "headers on|off")
            }
        case "output", ".output":
            let path = unquote(rest)
            return .output(path.isEmpty || path == "-" || path == "stdout" ? nil : FilePaths.expandingTilde(path))
        case "once", ".once": return .once(FilePaths.expandingTilde(unquote(try needs("once FILE"))))
        case "read", ".read": return .read(FilePaths.expandingTilde(unquote(try needs("read FILE"))))
        default:
            if word.hasPrefix(".") {
                // Only a dot-command this shell has is worth suggesting (`.open` is not `open`).
                let dotted = suggestion(for: String(word.dropFirst())).flatMap { dotCommands.contains($0) ? $0 : nil }
                throw ShellError.unknownCommand(word, suggestion: dotted.map { "." + $0 })
            }
            throw ShellError.unknownCommand(word, suggestion: suggestion(for: word))
        }
    }

    /// The command `word` was probably meant to be: the nearest name by edit distance (a
    /// transposed pair counts as one edit, so `fliter` → `filter`), within 1 edit for words of up
    /// to 3 letters and 2 edits for longer ones; otherwise the first name sharing its first two
    /// letters (`tab` → `tables`). Nil when nothing is close.
    static func suggestion(for word: String) -> String? {
        guard !word.isEmpty else { return nil }
        let limit = word.count <= 3 ? 1 : 2
        let nearest = names.map { (name: $0, distance: editDistance(word, $0)) }.min { $0.distance < $1.distance }
        if let nearest, nearest.distance <= limit { return nearest.name }
        return names.first { $0.hasPrefix(word.prefix(2)) }
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// transpositions of adjacent characters each cost 1.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// Removes one pair of surrounding quotes ("…", '…', `…`, […]); inside them, a doubled
    /// quote stands for one, as in SQL (`"a""b"` → `a"b`).
    static func unquote(_ s: String) -> String {
        let t = s.trimmingCharacters(in: .whitespaces)
        guard t.count >= 2, let f = t.first, let l = t.last else { return t }
        if (f == "\"" && l == "\"") || (f == "'" && l == "'") || (f == "`" && l == "`") {
            let quote = String(f)
            return String(t.dropFirst().dropLast()).replacingOccurrences(of: quote + quote, with: quote)
        }
        if f == "[" && l == "]" { return String(t.dropFirst().dropLast()) }
        return t
    }

    /// Splits on spaces, keeping quoted parts together.
    static func splitWords(_ s: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for ch in s {
            if let q = quote {
                current.append(ch)
                if ch == q || (q == "[" && ch == "]") { quote = nil }
            } else if ch == "\"" || ch == "'" || ch == "`" || ch == "[" {
                quote = ch
                current.append(ch)
            } else if ch == " " || ch == "\t" {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
