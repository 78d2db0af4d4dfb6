import Amigo

/// A command of the shell's language, the same at the `:` prompt, with `-c` and on standard input.
package enum Command: Equatable, Sendable {
    /// Lists tables and views (`only`: just the tables, as psql's `\dt`, or just the views, `\dv`).
    case tables(only: TableListKind? = nil, like: String? = nil)
    /// The database's schemas (psql's `\dn`).
    case schemas
    /// What the shell is connected to (psql's `\conninfo`).
    case conninfo
    /// Attaches the SQLite file at `path` under `name` (its file name's stem when nil),
    /// read-only unless `writable` (`attach FILE [AS NAME] rw`).
    case attach(path: String, name: String?, writable: Bool, creating: Bool = false)
    /// Detaches the file attached as the name.
    case detach(String)
    /// Text mode: rows written one column a line (line mode) or back to the mode before (psql's
    /// `\x`); nil switches.
    case expanded(Bool?)
    case open(String)
    case filter(String?)          // nil clears
    case order(column: String?, descending: Bool, then: [SortKey] = [])  // nil column clears; `then`: further keys
    case limit(Int)
    /// Hides a column of the current table in the grid and in `show` (nil: the current column).
    case hide(String?)
    /// Shows a hidden column again (nil: every hidden column).
    case unhide(String?)
    /// Pins a column at the left of the grid, or unpins it (nil: the current column).
    case pin(String?)
    /// Sets a column's width in the grid (nil width: as wide as its values ask).
    case columnWidth(String, Int?)
    /// Shows a key of a JSON column as a column of its own (`column json(body).address.city`).
    case jsonColumn(String)
    case relations
    case follow(String)
    case back
    case show(Int?)               // nil: as the mode shows a view
    case get(String)
    case sql(String)
    case set(column: String, value: String)
    /// Sets a column on every row of the current view (`set all COLUMN = VALUE`).
    case setAll(column: String, value: String)
    /// Lists the uncommitted writes.
    case changes
    /// Undoes the last uncommitted write.
    case undo
    /// The plan of the current view's statement.
    case explain
    /// The commands run this session.
    case history
    /// Saves a command (nil: the last one that ran) under a name, for this database.
    case save(name: String, command: String?)
    /// Runs the command saved under a name.
    case runSaved(String)
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
    /// Writes the current view's rows (csv, json), the current row nested to `depth` (json with
    /// `--depth N`), or the schema graph (mermaid, dot) to `path` (`-`: standard output).
    case export(format: ExportFormat, path: String, force: Bool = false, depth: Int? = nil)
    /// The map of the whole file: each table with its row count and relationships.
    case map
    /// How the current table is related to `table`: the chains of relationships, each a filter
    /// path with its SQL; with `key`, the rows linking the current row to that row of `table`.
    case path(table: String, key: String?)
    /// The current row as a page: its columns, its to-one chains, the first rows of each to-many.
    case page
    case schema(String?)
    case count
    case refresh
    /// Connects to the server again after the connection was lost.
    case reconnect
    case stats(String)
    /// The value frequencies of a column or to-one path of the view (nil: its first text column).
    case freq(String?)
    case help(String?)
    case quit
    /// Leaves with an exit status (sqlite3's `.exit CODE`); in the terminal UI, `quit`.
    case exit(Int32)
    /// Text mode: how rows are written (nil prints the current mode); `table` is the name
    /// `.mode insert TABLE` writes into; `columnar` the options after a columnar mode (`--wrap N` …).
    case mode(OutputMode?, table: String? = nil, columnar: ColumnarOptions? = nil)
    /// Text mode: whether CSV and TSV start with a header line.
    case headers(Bool)
    /// Text mode: where what commands print goes from now on (nil: standard output).
    case output(String?)
    /// Text mode: where the next command's output goes.
    case once(String)
    /// Text mode: runs the commands of a file.
    case read(String)
    /// Text mode: the database as SQL text that sqlite3 loads into the same database (all
    /// tables, or those named).
    case dump([String])
    /// Text mode: the rows of a CSV (or the list mode's separator) file into a table, made
    /// when missing with the first row naming its columns (sqlite3's `.import`); `skip` rows
    /// are left out first.
    case importFile(path: String, table: String, csv: Bool, skip: Int)
    /// The names of the indexes (of one table, or of all).
    case indexes(String?)
    /// Text mode: the text between values in list mode (sqlite3's `.separator`).
    case separator(String, row: String? = nil)
    /// Text mode: how NULL is written in list, column, box and line modes (sqlite3's `.nullvalue`).
    case nullValue(String)
    /// Text mode: whether each command's time is printed after it (sqlite3's `.timer`, psql's
    /// `\timing`); nil switches.
    case timer(Bool?)
    /// Text mode: the least width of each column in column and box modes (sqlite3's `.width`;
    /// a negative width right-aligns).
    case width([Int])
    /// Text mode: writes a line of text (sqlite3's `.print`).
    case print(String)
    /// Text mode: whether the first failing command ends the run (sqlite3's `.bail`, `-bail`).
    case bail(Bool)
    /// Text mode, SQLite: whether each SQL statement is followed by the rows it changed and the
    /// rows changed since the file was opened (sqlite3's `.changes on|off`).
    case countChanges(Bool)
    /// Text mode, SQLite: a copy of the database (`schema`, or main) into the SQLite file `path`
    /// (sqlite3's `.backup`, `.save`).
    case backup(path: String, schema: String?)
    /// Text mode: closes the database and opens the SQLite file `path` (made when missing; an
    /// empty database in memory when nil) — sqlite3's `.open [--new] [--readonly] [FILE]`.
    case openFile(path: String?, new: Bool, readOnly: Bool)
    /// Text mode, SQLite: sqlite3's parameter table (`.parameter set|unset|list|clear`).
    case parameter(ParameterAction)
    /// Text mode, SQLite: whether each SQL statement's plan is written before it runs (sqlite3's `.eqp on|off`).
    case eqp(Bool)
    /// Text mode, SQLite: the connection's databases with their files, read-only or not (sqlite3's `.databases`).
    case databases
    /// Text mode: the settings (mode, headers, separators, NULL text, output …; sqlite3's `.show`).
    case settings

    /// What `parameter` does to sqlite3's parameter table.
    package enum ParameterAction: Equatable, Sendable {
        /// `set NAME VALUE`: VALUE an SQL literal (a number, `'text'`, `x'hex'`, `NULL`), else the text as typed.
        case set(name: String, value: DatabaseValue)
        /// `unset NAME`.
        case unset(name: String)
        /// `list`: each name and its value as an SQL literal.
        case list
        /// `clear` (and `init`, which sqlite3 needs to make the table).
        case clear
    }

    /// Which relations `tables` lists when not all.
    package enum TableListKind: String, Sendable {
        /// Tables (partitions too), not views: psql's `\dt`.
        case tables
        /// Views and materialized views: psql's `\dv`.
        case views
    }

    /// Export file formats: rows (csv, json) or the schema graph (mermaid, dot).
    package enum ExportFormat: String, Sendable {
        case csv, json, mermaid, dot

        /// The output mode that writes rows in this format; nil for a diagram.
        public var mode: OutputMode? {
            switch self {
            case .csv: return .csv
            case .json: return .json
            case .mermaid, .dot: return nil
            }
        }
    }

    /// The command's name, as help lists it.
    public var name: String {
        switch self {
        case .mode: return "mode"
        case .headers: return "headers"
        case .output: return "output"
        case .once: return "once"
        case .read: return "read"
        case .nullValue: return "nullvalue"
        case .importFile: return "import"
        case .setAll: return "set all"
        case .runSaved: return "run"
        case .columnWidth: return "width"
        default: return String(String(describing: self).prefix { $0.isLetter })
        }
    }

    /// Whether the command writes to the database (refused with `--read-only`). `sql` writes
    /// only for a statement that writes, which SQLite decides.
    package var isWrite: Bool {
        switch self {
        case .set, .setAll, .insert, .delete, .link, .unlink: return true
        default: return false
        }
    }

    /// Whether the command only changes what is current (the view, its filter or order, the
    /// row, the rows shown): text mode prints nothing for it, unless it is the run's last.
    package var onlyChangesTheView: Bool {
        switch self {
        case .open, .filter, .order, .limit, .follow, .back, .get: return true
        default: return false
        }
    }
}

/// One line of the help: a command's form and what it does.
package struct CommandHelp: Sendable {
    /// Name and arguments, e.g. `filter EXPR`.
    public let usage: String
    /// What it does.
    package let summary: String
}

/// Parses command lines into ``Command``s.
package enum CommandParser {
    /// Every command's help line, in the order of ``commands``.
    package static var help: [CommandHelp] { commands.map(\.help) }

    /// The sqlite3 dot-commands accepted (`.tables` …), without their dot.
    static let dotCommands: Set<String> = Set(commands.flatMap(\.aliases).filter { $0.hasPrefix(".") }.map { String($0.dropFirst()) })

    /// Command names, for completion.
    public static var names: [String] { commands.map(\.name) }

    /// Each name and alias, lowercased, with its command.
    private static let byWord: [String: CommandSpec] = {
        var table: [String: CommandSpec] = [:]
        for spec in commands { for word in [spec.name] + spec.aliases { table[word.lowercased()] = spec } }
        return table
    }()

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
        if text.hasPrefix("/*") || (text.hasPrefix("--") && text.contains("\n")) {
            // Comments before a statement read over several lines (`/* … */ CREATE …`).
            text = String(SQLText.droppingLeadingComments(text))
        }
        if text.isEmpty || text.hasPrefix("#") || text.hasPrefix("--") { return nil }
        // A dot-command's `;` standing alone is its argument (`.separator ;`), as in sqlite3.
        let semicolonIsArgument = text.hasPrefix(".") && text.hasSuffix(" ;") && !text.dropLast().trimmingCharacters(in: .whitespaces).hasSuffix(";")
        let endsWithSemicolon = text.hasSuffix(";")
        while !semicolonIsArgument, text.hasSuffix(";") { text = String(text.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines) }
        if text.isEmpty { return nil }
        let word: String
        let rest: String
        // A space followed by a combining mark is one Character (" ́"): look at its first scalar.
        if let space = text.firstIndex(where: CommandParser.startsWithBlank) {
            word = String(text[..<space]).lowercased()
            rest = text[space...].trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            word = text.lowercased()
            rest = ""
        }
        if isSQLStatement(word: word, rest: rest) { return .sql(text) }
        if ServerSettingStatement.isSQL(word: word, rest: rest, endsWithSemicolon: endsWithSemicolon) { return .sql(text) }
        if let spec = byWord[word] {
            return try spec.parse(CommandInput(word: word, rest: rest, line: text, endsWithSemicolon: endsWithSemicolon))
        }
        if word.hasPrefix(".") {
            // Only a dot-command this shell has is worth suggesting (`.open` is not `open`).
            let dotted = suggestion(for: String(word.dropFirst())).flatMap { dotCommands.contains($0) ? $0 : nil }
            throw ShellError.unknownCommand(word, suggestion: dotted.map { "." + $0 })
        }
        throw ShellError.unknownCommand(word, suggestion: suggestion(for: word))
    }

    /// Whether `line` starts with the word `sql` (`sql INSERT …`): the shell's command, whose
    /// writes are the session's, rather than a statement written as sqlite3 takes it.
    package static func namesTheSQLCommand(_ line: String) -> Bool {
        var text = Substring(line).drop { $0.isWhitespace }
        if text.hasPrefix(":") { text = text.dropFirst().drop { $0.isWhitespace } }
        return text.prefix { !$0.isWhitespace }.lowercased() == "sql"
    }

    /// Whether a line starting with `word` is an SQL statement, as sqlite3 would run it, rather
    /// than a command of the shell. The rule: a word that starts an SQL statement
    /// (``StatementKind/leadingWords``) and names no shell command is SQL (`CREATE`, `UPDATE`,
    /// `BEGIN`, `DROP` …); where the words collide, the SQL shape wins — `INSERT INTO`,
    /// `INSERT OR …`, `DELETE FROM`, `COMMIT TRANSACTION`, `ROLLBACK TO …`, `REFRESH MATERIALIZED
    /// VIEW` are SQL, while `insert COL=VALUE`, `delete [all]`, `commit`, `rollback`, `refresh`,
    /// `show` and `set COLUMN = VALUE` stay the shell's.
    static func isSQLStatement(word: String, rest: String) -> Bool {
        if word != "sql", byWord[word]?.name == "sql" { return true }   // `select`, `with`, `pragma` …
        let upper = word.uppercased()
        guard StatementKind.leadingWords.contains(upper) else { return false }
        guard byWord[word] != nil else { return true }
        let next = rest.prefix { $0.isLetter || $0 == "_" }.uppercased()
        switch upper {
        case "INSERT": return next == "INTO" || next == "OR"
        case "DELETE": return next == "FROM"
        case "COMMIT", "ROLLBACK": return ["TRANSACTION", "WORK", "TO", "AND", "PREPARED"].contains(next)
        case "REFRESH": return next == "MATERIALIZED"
        case "EXPLAIN": return !rest.isEmpty     // `explain` alone explains the view
        default: return false
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

    /// Whether `ch` starts with a space, a tab or a line break (a combining mark may follow it
    /// in the same Character).
    static func startsWithBlank(_ ch: Character) -> Bool {
        ch.unicodeScalars.first.map { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" } ?? false
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
            } else if startsWithBlank(ch) {
                if !current.isEmpty { words.append(current); current = "" }
                // A combining mark typed after the space belongs to the next word.
                current = String(String.UnicodeScalarView(ch.unicodeScalars.dropFirst()))
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
