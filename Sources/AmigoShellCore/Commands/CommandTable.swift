import Amigo

/// The command language as one table: each command declared once, with its names, its usage
/// and summary, and how the rest of its line becomes a ``Command``. The parser, `help`, the
/// manual page, the README's command table (checked by a test) and completion all read it.
///
/// Adding a command is an entry here, its ``Command`` case, and its handler in
/// ``Explorer/execute(_:)``.
extension CommandParser {
    /// Every command, in the order help lists them.
    public static let commands: [CommandSpec] = [
        CommandSpec("tables", aliases: ["ls", ".tables", "\\dt", "\\dv"], usage: "tables [KIND]",
                    summary: "list tables and views with row counts (KIND tables or views: only those; also \\dt for tables, \\dv for views)") { input in
            switch input.word.lowercased() {
            case "\\dt": return .tables(only: .tables)
            case "\\dv": return .tables(only: .views)
            default:
                if input.rest.isEmpty { return .tables() }
                // sqlite3's `.tables PATTERN` (a LIKE pattern, `views` too) lists the names that match it.
                if input.word == ".tables" {
                    return .tables(like: CommandParser.unquote(input.rest))
                }
                guard let kind = Command.TableListKind(rawValue: input.rest.lowercased()) else {
                    throw ShellError.usage(command: input.word, usage: "tables [KIND] (KIND: tables or views)")
                }
                return .tables(only: kind)
            }
        },
        CommandSpec("open", aliases: ["o"], usage: "open TABLE",
                    summary: "browse a table or view") { .open(CommandParser.unquote(try $0.needs("open TABLE"))) },
        CommandSpec("filter", aliases: ["f", "where"], usage: "filter EXPR",
                    summary: "keep rows matching a filter, e.g. Milliseconds > 300000 AND Composer CONTAINS[c] 'page', or json(body).address.city = 'Oslo' inside a JSON column (no EXPR clears)") { .filter($0.rest.isEmpty ? nil : $0.rest) },
        CommandSpec("order", aliases: ["sort"], usage: "order COLUMN [desc][, …]",
                    summary: "sort by a column, a related value (artist.Name) or a count (albums.@count), then by further columns (Composer, Milliseconds desc; -Milliseconds is desc too; key +); no COLUMN: key order") { input in
            if input.rest.isEmpty { return .order(column: nil, descending: false) }
            let keys = input.rest.contains(",") && !input.rest.hasPrefix("\"") && !input.rest.hasPrefix("'")
                ? input.rest.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } : [input.rest]
            let parsed = try keys.map { text -> SortKey in
                var parts = CommandParser.splitWords(text)
                var descending = false
                if let last = parts.last?.lowercased(), parts.count > 1, last == "desc" || last == "asc" {
                    descending = last == "desc"
                    parts.removeLast()
                }
                var name = CommandParser.unquote(parts.joined(separator: " "))
                if keys.count > 1, name.hasPrefix("-"), name.count > 1 { name.removeFirst(); descending = true }
                guard !name.isEmpty else { throw ShellError.usage(command: input.word, usage: "order COLUMN [desc][, …]") }
                return SortKey(name, descending: descending)
            }
            return .order(column: parsed[0].column, descending: parsed[0].descending, then: Array(parsed.dropFirst()))
        },
        CommandSpec("hide", aliases: [], usage: "hide [COLUMN]",
                    summary: "hide a column of this table (no COLUMN: the current one) in the grid and in show, for the session (key -)") {
            .hide($0.rest.isEmpty ? nil : CommandParser.unquote($0.rest))
        },
        CommandSpec("unhide", aliases: [], usage: "unhide COLUMN|all",
                    summary: "show a hidden column again, or every hidden column of this table (key ~)") { input in
            let name = CommandParser.unquote(try input.needs("unhide COLUMN|all"))
            return .unhide(name.lowercased() == "all" ? nil : name)
        },
        CommandSpec("column", aliases: [], usage: "column json(COLUMN).key…",
                    summary: "show a key of a JSON column as a column of its own, for every row, for the session (key J; hide takes it away)") { input in
            .jsonColumn(try input.needs("column json(COLUMN).key…"))
        },
        CommandSpec("pin", aliases: [], usage: "pin [COLUMN]",
                    summary: "pin a column at the left of the grid, kept while it scrolls sideways; again: unpin (key !)") {
            .pin($0.rest.isEmpty ? nil : CommandParser.unquote($0.rest))
        },
        CommandSpec("limit", aliases: [], usage: "limit N",
                    summary: "rows show prints of a view in table mode (default 20)") { input in
            guard let n = Int(try input.needs("limit N")), n > 0 else { throw ShellError.usage(command: input.word, usage: "limit N (a positive number)") }
            return .limit(n)
        },
        CommandSpec("relations", aliases: ["rel", "r"], usage: "relations",
                    summary: "the current row's relationships, with kind and count") { try $0.bare(.relations, "relations") },
        CommandSpec("follow", aliases: ["fo"], usage: "follow NAME",
                    summary: "open the rows a relationship of the current row leads to") { .follow(CommandParser.unquote(try $0.needs("follow NAME"))) },
        CommandSpec("back", aliases: ["b"], usage: "back",
                    summary: "return to the previous view (its filter, order and row)") { try $0.bare(.back, "back") },
        CommandSpec("show", aliases: [], usage: "show [N]",
                    summary: "print the current view (text mode: in table mode its first N rows, default limit; other modes every row, or N) or the current row") { input in
            if input.rest.isEmpty { return .show(nil) }
            guard let n = Int(input.rest), n >= 0 else { throw ShellError.usage(command: input.word, usage: "show [N] (a number of rows)") }
            return .show(n)
        },
        CommandSpec("get", aliases: ["g"], usage: "get ID",
                    summary: "make the row with this primary key current (composite: get 1,2)") { .get(try $0.needs("get ID")) },
        CommandSpec("sql", aliases: ["select", "with", "pragma", "values"], usage: "sql SELECT …",
                    summary: "run an SQL statement: a query shows its result (text mode writes every row; a line starting SELECT, WITH, PRAGMA, EXPLAIN or VALUES is sql too; in a script, a statement goes on over the next lines until one ends it with ;); INSERT, UPDATE, DELETE and DDL run inside the session (the UI asks first), a new table is browsable at once; BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE and writing PRAGMAs are refused (ATTACH and DETACH are the attach and detach commands)") { input in
            let sql = input.word == "sql" ? try input.needs("sql SELECT …") : input.line
            // `sql --`: a comment alone is nothing to run, said as such (not SQLite's "not an error").
            if SQLText.holdsNoStatement(sql) { throw ShellError.usage(command: "sql", usage: "sql SELECT … (only a comment was given: nothing to run)") }
            return .sql(sql)
        },
        CommandSpec("set", aliases: [], usage: "set [all] COLUMN = VALUE",
                    summary: "change a column of the current row (NULL for null, 'quoted text' with '' or \\' for a quote) inside the session; set all COLUMN = VALUE changes it on every row of the view by one UPDATE, shown with the row count first (the UI asks)") { input in
            let usage = "set [all] COLUMN = VALUE"
            let body = try input.needs(usage)
            guard let eq = body.firstIndex(of: "=") else { throw ShellError.usage(command: input.word, usage: usage) }
            var column = body[..<eq].trimmingCharacters(in: .whitespaces)
            let value = body[body.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            // `set all Name = x` is every row; `set all = x` sets a column called all.
            var all = false
            if column.lowercased().hasPrefix("all "), let space = column.firstIndex(of: " ") {
                all = true
                column = column[space...].trimmingCharacters(in: .whitespaces)
            }
            column = CommandParser.unquote(column)
            guard !column.isEmpty else { throw ShellError.usage(command: input.word, usage: usage) }
            return all ? .setAll(column: column, value: value) : .set(column: column, value: value)
        },
        CommandSpec("insert", aliases: ["add"], usage: "insert COL=VALUE, …",
                    summary: "add a row to the current table inside the session (values as for set; columns left out get their default or NULL); the new row becomes current") { .insert(try ColumnAssignment.parseList($0.rest, command: $0.word, usage: "insert COLUMN=VALUE, …")) },
        CommandSpec("delete", aliases: ["del"], usage: "delete [all [N]]",
                    summary: "delete the current row, or every row of the view (N: the count, to confirm it), saying first what ON DELETE CASCADE removes, SET NULL changes, or a restricting foreign key refuses") { input in
            let parts = CommandParser.splitWords(input.rest)
            if parts.isEmpty { return .delete(all: false, expected: nil) }
            guard parts[0].lowercased() == "all", parts.count <= 2 else {
                throw ShellError.usage(command: input.word, usage: "delete [all [N]] (the current row, or every row of the view)")
            }
            if parts.count == 2 {
                guard let n = Int(parts[1]), n >= 0 else { throw ShellError.usage(command: input.word, usage: "delete all [N] (N: the view's row count)") }
                return .delete(all: true, expected: n)
            }
            return .delete(all: true, expected: nil)
        },
        CommandSpec("link", aliases: [], usage: "link REL KEY …",
                    summary: "link the current row to the row with KEY through a many-to-many relationship; after KEY, COLUMN=VALUE, … for the junction's other columns (those NOT NULL without a default are required; the UI asks for them in a form)") { input in
            let usage = "link REL KEY [COLUMN=VALUE, …]"
            let words = CommandParser.splitWords(input.rest)
            guard words.count >= 2 else { throw ShellError.usage(command: input.word, usage: usage) }
            // The payload is what follows the key, as typed.
            var remainder = Substring(input.rest)
            for part in words.prefix(2) {
                guard let range = remainder.range(of: part) else { break }
                remainder = remainder[range.upperBound...]
            }
            let payload = try ColumnAssignment.parseList(String(remainder).trimmingCharacters(in: .whitespaces), command: input.word, usage: usage)
            return .link(relationship: CommandParser.unquote(words[0]), key: words[1], payload: payload)
        },
        CommandSpec("unlink", aliases: [], usage: "unlink REL KEY",
                    summary: "remove the link between the current row and the row with KEY of a many-to-many relationship (both rows stay)") { input in
            let usage = "unlink REL KEY"
            let words = CommandParser.splitWords(input.rest)
            guard words.count >= 2 else { throw ShellError.usage(command: input.word, usage: usage) }
            guard words.count == 2 else { throw ShellError.usage(command: input.word, usage: usage + " (it takes nothing after KEY)") }
            return .unlink(relationship: CommandParser.unquote(words[0]), key: words[1])
        },
        CommandSpec("changes", aliases: [], usage: "changes",
                    summary: "the uncommitted writes in order: each with its statements and bound values, the rows it changed and its cascade") { try $0.bare(.changes, "changes") },
        CommandSpec("undo", aliases: [], usage: "undo",
                    summary: "take back the last uncommitted write only, through the savepoint it ran after (the u key); earlier ones stay pending") { try $0.bare(.undo, "undo") },
        CommandSpec("commit", aliases: [], usage: "commit",
                    summary: "make the session's changes permanent") { try $0.bare(.commit, "commit") },
        CommandSpec("rollback", aliases: [], usage: "rollback",
                    summary: "undo the session's uncommitted changes") { try $0.bare(.rollback, "rollback") },
        CommandSpec("echo", aliases: [".echo"], usage: "echo on|off",
                    summary: "show the SQL the session runs (sqlite3's .echo in text mode: write each command and statement before it runs)") { input in
            switch input.rest.lowercased() {
            case "": return .echo(nil)
            case "on", "1", "true": return .echo(true)
            case "off", "0", "false": return .echo(false)
            default: throw ShellError.usage(command: input.word, usage: "echo on|off")
            }
        },
        CommandSpec("export", aliases: [], usage: "export csv|json|mermaid|dot FILE",
                    summary: "write every row of the current view (csv, json; json --depth N: the current row with its related rows nested N deep, an album with its artist and its tracks), or the map of the file (mermaid: an erDiagram, dot: a Graphviz digraph) to FILE (- for standard output; never the open database or its journals; --force to overwrite another SQLite file)") { input in
            let usage = "export csv|json|mermaid|dot FILE [--force] [--depth N]"
            var parts = CommandParser.splitWords(input.rest)
            let force = parts.contains("--force")
            parts.removeAll { $0 == "--force" }
            var depth: Int?
            if let flag = parts.firstIndex(of: "--depth") {
                // Bounded: each level multiplies the rows read (a cycle of self-references too).
                guard flag + 1 < parts.count, let n = Int(parts[flag + 1]), (0...8).contains(n) else {
                    throw ShellError.usage(command: input.word, usage: "export json --depth N FILE (N: how many relationships deep, 0 to 8)")
                }
                depth = n
                parts.removeSubrange(flag...flag + 1)
            }
            guard parts.count >= 2, let format = Command.ExportFormat(rawValue: parts[0].lowercased()) else {
                throw ShellError.usage(command: input.word, usage: usage)
            }
            if depth != nil && format != .json {
                throw ShellError.usage(command: input.word, usage: "export json --depth N FILE (--depth nests the current row's related rows in JSON)")
            }
            return .export(format: format, path: FilePaths.expandingTilde(CommandParser.unquote(parts.dropFirst().joined(separator: " "))),
                           force: force, depth: depth)
        },
        CommandSpec("page", aliases: [], usage: "page",
                    summary: "the current row as a page: its columns, the rows its to-one relationships lead to as a chain (album → Let There Be Rock → artist → AC/DC), and the first 5 rows of each to-many with their count; the p key") { try $0.bare(.page, "page") },
        CommandSpec("map", aliases: [], usage: "map",
                    summary: "the map of the whole file: each table with its row count and its relationships (→ to-one, ⇉ to-many, ⇄ many-to-many via a junction); the m key") { try $0.bare(.map, "map") },
        CommandSpec("path", aliases: [], usage: "path TABLE [KEY]",
                    summary: "how the current table is related to TABLE: the chains of relationships between them, shortest first (through a many-to-many in one step), each as a filter path with the SQL it runs; with KEY, the rows that link the current row to that row of TABLE along each chain") { input in
            let words = CommandParser.splitWords(try input.needs("path TABLE [KEY]"))
            guard words.count <= 2 else { throw ShellError.usage(command: input.word, usage: "path TABLE [KEY] (a table, and a row's key)") }
            return .path(table: CommandParser.unquote(words[0]), key: words.count == 2 ? words[1] : nil)
        },
        CommandSpec("schema", aliases: [".schema", "\\d"], usage: "schema [TABLE]",
                    summary: "the DDL, keys, indexes and relationships (no TABLE: every table, then every relationship; also \\d)") { .schema($0.rest.isEmpty ? nil : CommandParser.unquote($0.rest)) },
        CommandSpec("schemas", aliases: ["\\dn"], usage: "schemas",
                    summary: "the database's schemas: PostgreSQL's but the system ones, SQLite's main and attached files (also \\dn)") { try $0.bare(.schemas, "schemas") },
        CommandSpec("attach", aliases: [], usage: "attach FILE [AS NAME] [rw]",
                    summary: "open another SQLite file beside this one (SQLite only), read-only unless rw (or --write) is added: its tables are listed as NAME.table (NAME: the file name without extension when not given; ⊘ marks a read-only file's), browsed, filtered, followed and, when writable, edited in the same session; attach never creates a missing file; sqlite3's ATTACH [DATABASE] 'FILE' AS NAME; (the file quoted, with DATABASE or a closing ;) attaches writable and makes a missing file, as sqlite3 does") { input in
            try AttachArguments.parse(input.needs("attach FILE [AS NAME] [rw]"), command: input.word, endsWithSemicolon: input.endsWithSemicolon)
        },
        CommandSpec("detach", aliases: [], usage: "detach NAME",
                    summary: "close the file attached as NAME (its tables leave the list); also sqlite3's DETACH [DATABASE] NAME") { input in
            var words = CommandParser.splitWords(try input.needs("detach NAME"))
            if words.count > 1, words[0].lowercased() == "database" { words.removeFirst() }
            guard words.count == 1 else { throw ShellError.usage(command: input.word, usage: "detach NAME") }
            return .detach(CommandParser.unquote(words[0]))
        },
        CommandSpec("conninfo", aliases: ["\\conninfo"], usage: "conninfo",
                    summary: "what the shell is connected to: database, user, socket or host and port; SQLite: the file (also \\conninfo)") { try $0.bare(.conninfo, "conninfo") },
        CommandSpec("count", aliases: [], usage: "count",
                    summary: "the current view's row count") { try $0.bare(.count, "count") },
        CommandSpec("refresh", aliases: ["reload"], usage: "refresh",
                    summary: "read the counts and the current view again (after another program changed the file)") { try $0.bare(.refresh, "refresh") },
        CommandSpec("reconnect", aliases: [], usage: "reconnect",
                    summary: "connect to the server again after the connection was lost (what was not committed went with it)") { try $0.bare(.reconnect, "reconnect") },
        CommandSpec("explain", aliases: [], usage: "explain",
                    summary: "how the database would run the current view's statement, as a tree (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN): full scans of big tables marked, the index that would help named as CREATE INDEX text, never run (the x key; explain SELECT … is sql)") { try $0.bare(.explain, "explain") },
        CommandSpec("history", aliases: [], usage: "history",
                    summary: "the commands and SQL statements run this session: when, how long, rows, and whether they failed") { try $0.bare(.history, "history") },
        CommandSpec("save", aliases: [], usage: "save NAME [COMMAND]",
                    summary: "save the last command that ran (or COMMAND) as NAME for this database, in $XDG_DATA_HOME/amigo-shell/saved-queries/ (default ~/.local/share/amigo-shell/saved-queries/)") { input in
            let usage = "save NAME [COMMAND]"
            let body = try input.needs(usage)
            let name = String(body.prefix { !$0.isWhitespace })
            let command = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            return .save(name: name, command: command.isEmpty ? nil : command)
        },
        CommandSpec("run", aliases: [], usage: "run NAME",
                    summary: "run the command saved as NAME for this database (Tab lists the names)") { .runSaved(CommandParser.unquote(try $0.needs("run NAME"))) },
        CommandSpec("stats", aliases: [], usage: "stats COLUMN",
                    summary: "rows, non-null, distinct, nulls, min, max, sum and avg of a column (or path) of the view") { .stats(CommandParser.unquote(try $0.needs("stats COLUMN"))) },
        CommandSpec("freq", aliases: ["frequencies", "facet"], usage: "freq [COLUMN]",
                    summary: "how often each value of a column or path (genre.Name) occurs in the view, most frequent first: value, count, percent (the F key); REL.@count (tracks.@count) in buckets 0, 1, 2–5, 6–10 …, the rows without any first; many numbers in ranges; keys pointing at no row as a line") { input in
            .freq(input.rest.isEmpty ? nil : CommandParser.unquote(input.rest))
        },
        CommandSpec("mode", aliases: [".mode"], usage: "mode [MODE]",
                    summary: "text mode: write rows as csv, tsv, json, jsonl, table (default), line, markdown, or sqlite3's list, column, box, ascii-table (.mode table), qbox, tabs, json-sqlite3 (.mode json), quote, insert [TABLE], html, ascii or tcl (no MODE: say which; also .mode)") { input in
            if input.rest.isEmpty { return .mode(nil) }
            // `insert TABLE`: the name the INSERT statements write into (sqlite3's default: table).
            let words = input.rest.split(separator: " ", maxSplits: 1).map(String.init)
            if let first = words.first, OutputMode(name: first) == .insert {
                return .mode(.insert, table: words.count > 1 ? CommandParser.unquote(words[1].trimmingCharacters(in: .whitespaces)) : nil)
            }
            // `.mode table` is sqlite3's table; `mode table` amigo-shell's own. The columnar modes
            // take sqlite3's options after the name (`--wrap N`, `--wordwrap on`, `--quote`).
            let parts = CommandParser.splitWords(input.rest).map(CommandParser.unquote)
            let name = parts.first ?? ""
            guard let mode = input.word == ".mode" ? OutputMode(sqlite3Name: name) : OutputMode(name: name) else {
                throw ShellError.usage(command: input.word, usage: "mode \(OutputMode.choices)")
            }
            guard parts.count > 1 else { return .mode(mode) }
            // (sqlite3 reads the options after any mode; only the columnar modes use them.)
            return .mode(mode, columnar: try ColumnarOptions.parse(Array(parts.dropFirst()), mode: mode, command: input.word))
        },
        CommandSpec("headers", aliases: ["header", ".headers", ".header"], usage: "headers on|off",
                    summary: "text mode: the header line of csv, tsv, list and column (default on; a script's .mode leaves it off until .headers on, as sqlite3 does; also .headers)") { .headers(try $0.onOff("headers on|off")) },
        CommandSpec("output", aliases: [".output"], usage: "output [FILE]",
                    summary: "text mode: what commands print goes to FILE until the next output (none or -: standard output; also .output)") { input in
            let path = CommandParser.unquote(input.rest)
            return .output(path.isEmpty || path == "-" || path == "stdout" ? nil : FilePaths.expandingTilde(path))
        },
        CommandSpec("once", aliases: [".once"], usage: "once FILE",
                    summary: "text mode: the next command's output goes to FILE (also .once)") { .once(FilePaths.expandingTilde(CommandParser.unquote(try $0.needs("once FILE")))) },
        CommandSpec("read", aliases: [".read"], usage: "read FILE",
                    summary: "text mode: run the commands of FILE, one a line, an SQL statement until a line ends it with ; (also .read)") { .read(FilePaths.expandingTilde(CommandParser.unquote(try $0.needs("read FILE")))) },
        CommandSpec("dump", aliases: [".dump"], usage: "dump [TABLE]…",
                    summary: "text mode, SQLite: the database (or the tables named) as SQL that sqlite3 loads into the same database (also .dump)") { input in
            .dump(CommandParser.splitWords(input.rest).map(CommandParser.unquote))
        },
        CommandSpec("import", aliases: [".import"], usage: "import [--csv] [--skip N] FILE TABLE",
                    summary: "text mode: the rows of FILE (CSV with --csv or in csv mode, tab-separated in tsv mode, else the list separator) into TABLE, created from the first row's names when missing, as sqlite3 does (also .import)") { input in
            var words = CommandParser.splitWords(input.rest).map(CommandParser.unquote)
            var csv = false
            var skip = 0
            while let first = words.first, first.hasPrefix("--") {
                words.removeFirst()
                switch first {
                case "--csv": csv = true
                case "--skip":
                    guard let n = words.first.flatMap({ Int($0) }), n >= 0 else {
                        throw ShellError.usage(command: input.word, usage: "import [--csv] [--skip N] FILE TABLE")
                    }
                    skip = n
                    words.removeFirst()
                default: throw ShellError.usage(command: input.word, usage: "import [--csv] [--skip N] FILE TABLE")
                }
            }
            guard words.count == 2 else { throw ShellError.usage(command: input.word, usage: "import [--csv] [--skip N] FILE TABLE") }
            return .importFile(path: FilePaths.expandingTilde(words[0]), table: words[1], csv: csv, skip: skip)
        },
        CommandSpec("indexes", aliases: [".indexes", ".indices"], usage: "indexes [TABLE]",
                    summary: "the names of the indexes, of one table or of all (also .indexes)") { input in
            .indexes(input.rest.isEmpty ? nil : CommandParser.unquote(input.rest))
        },
        CommandSpec("separator", aliases: [".separator"], usage: "separator TEXT [ROW]",
                    summary: "text mode: what list mode writes between values (default |; \\t for a tab), and with ROW what ends a row; csv, tcl and ascii use it too until the next mode (also .separator)") { input in
            let words = CommandParser.splitWords(try input.needs("separator TEXT [ROW]")).map(SQLite3Argument.text)
            return .separator(words.first ?? "", row: words.count > 1 ? words[1] : nil)
        },
        CommandSpec("nullvalue", aliases: [".nullvalue"], usage: "nullvalue TEXT",
                    summary: "text mode: how NULL is written in list, column, box and line modes (default empty; also .nullvalue)") { input in
            .nullValue(SQLite3Argument.text(input.rest.trimmingCharacters(in: .whitespaces)))
        },
        CommandSpec("print", aliases: [".print"], usage: "print TEXT…",
                    summary: "text mode: write TEXT and a line break, each word unquoted, one space between, \\t and other backslash escapes resolved outside single quotes (as sqlite3's .print)") { input in
            .print(CommandParser.splitWords(input.rest).map(SQLite3Argument.text).joined(separator: " "))
        },
        CommandSpec("bail", aliases: [".bail"], usage: "bail on|off",
                    summary: "text mode: end the run at the first command that fails, with status 1 (as -bail; also .bail)") { .bail(try $0.onOff("bail on|off")) },
        CommandSpec("countchanges", aliases: [".changes"], usage: "countchanges on|off",
                    summary: "text mode, SQLite: after each SQL statement, write the rows it changed and the rows changed since the file was opened (as sqlite3's .changes; also .changes)") { .countChanges(try $0.onOff("countchanges on|off")) },
        CommandSpec("backup", aliases: [".backup", ".save"], usage: "backup [DB] FILE",
                    summary: "text mode, SQLite: copy the database (or the attached DB) into FILE, an SQLite file made or replaced — never the open database or its files (as sqlite3's .backup; also .backup, .save)") { input in
            let words = CommandParser.splitWords(input.rest).map(CommandParser.unquote).filter { !$0.hasPrefix("--") }
            guard words.count == 1 || words.count == 2 else { throw ShellError.usage(command: input.word, usage: "backup [DB] FILE") }
            return .backup(path: FilePaths.expandingTilde(words[words.count - 1]), schema: words.count == 2 ? words[0] : nil)
        },
        CommandSpec("use", aliases: [".open"], usage: "use [--new] [--readonly] [FILE]",
                    summary: "text mode: close the database and open the SQLite FILE, made when missing (--new: emptied first; no FILE: an empty database in memory), as sqlite3's .open; refused while changes are uncommitted (also .open)") { input in
            var words = CommandParser.splitWords(input.rest).map(CommandParser.unquote)
            var new = false, readOnly = false
            while let first = words.first, first.hasPrefix("-") {
                switch first {
                case "--new", "-new": new = true
                case "--readonly", "-readonly": readOnly = true
                default: throw ShellError.usage(command: input.word, usage: "use [--new] [--readonly] [FILE]")
                }
                words.removeFirst()
            }
            guard words.count <= 1 else { throw ShellError.usage(command: input.word, usage: "use [--new] [--readonly] [FILE]") }
            return .openFile(path: words.first.map(FilePaths.expandingTilde), new: new, readOnly: readOnly)
        },
        CommandSpec("parameter", aliases: [".parameter", ".param"], usage: "parameter ACTION [NAME [VALUE]]",
                    summary: "text mode, SQLite: sqlite3's parameter table (set NAME VALUE, unset NAME, list, clear): a script statement's :NAME, @NAME, $NAME or ?N parameters are bound from it, NULL when not set; VALUE is a number, 'text', x'hex' or NULL, else the text as typed (also .parameter)") { input in
            let usage = "parameter set NAME VALUE | unset NAME | list | clear"  // the actions, for a wrong one
            let words = CommandParser.splitWords(input.rest)
            switch (words.first?.lowercased(), words.count) {
            case ("set", 3...):
                let value = input.rest.drop { !$0.isWhitespace }.drop(while: \.isWhitespace).drop { !$0.isWhitespace }.drop(while: \.isWhitespace)
                return .parameter(.set(name: CommandParser.unquote(words[1]), value: SQLLiteral.value(String(value))))
            case ("unset", 2): return .parameter(.unset(name: CommandParser.unquote(words[1])))
            case ("list", 1): return .parameter(.list)
            case ("clear", 1), ("init", 1): return .parameter(.clear)
            default: throw ShellError.usage(command: input.word, usage: usage)
            }
        },
        CommandSpec("eqp", aliases: [".eqp"], usage: "eqp on|off",
                    summary: "text mode, SQLite: write each SQL statement's query plan before it runs, as sqlite3's tree (also .eqp)") { .eqp(try $0.onOff("eqp on|off")) },
        CommandSpec("databases", aliases: [".databases"], usage: "databases",
                    summary: "text mode, SQLite: the connection's databases (main, temp, attached) with their files, r/o or r/w (as sqlite3's .databases)") { try $0.bare(.databases, "databases") },
        CommandSpec("settings", aliases: [".show"], usage: "settings",
                    summary: "text mode: the settings: echo, headers, mode, NULL text, output, separators, widths, file (as sqlite3's .show)") { try $0.bare(.settings, "settings") },
        CommandSpec("timer", aliases: [".timer", "\\timing"], usage: "timer [on|off]",
                    summary: "text mode: print each command's run time after it, as sqlite3 does (no on|off: switch it; also .timer, \\timing)") { .timer(try $0.onOffOrNothing("timer on|off")) },
        CommandSpec("expanded", aliases: ["\\x"], usage: "expanded [on|off]",
                    summary: "text mode: write rows one column a line (line mode), or back to the mode before, as psql's \\x (no on|off: switch; also \\x)") { .expanded(try $0.onOffOrNothing("expanded [on|off]")) },
        CommandSpec("width", aliases: [".width"], usage: "width COLUMN N|auto · width N…",
                    summary: "a column's width in the grid (auto: as its values ask; keys < >); width N…: text mode's least width of each column in column and box modes (negative: right-aligned; also .width)") { input in
            var words = CommandParser.splitWords(input.rest)
            if let first = words.first, Int(first) == nil, input.word == "width" {
                guard words.count >= 2, let last = words.last.map({ $0.lowercased() }), last == "auto" || Int(last) != nil else {
                    throw ShellError.usage(command: input.word, usage: "width COLUMN N|auto")
                }
                words.removeLast()
                return .columnWidth(CommandParser.unquote(words.joined(separator: " ")), Int(last))
            }
            let widths = words.map { Int($0) }
            guard !widths.contains(nil) else { throw ShellError.usage(command: input.word, usage: "width N… (numbers)") }
            return .width(widths.compactMap { $0 })
        },
        CommandSpec("help", aliases: ["?", "h", ".help", "\\?"], usage: "help [COMMAND]",
                    summary: "this list (also .help, \\?)") { .help($0.rest.isEmpty ? nil : $0.rest) },
        CommandSpec("quit", aliases: ["exit", "q", ".quit", ".exit", "\\q"], usage: "quit",
                    summary: "leave (asks first when changes are uncommitted; also .quit, .exit, \\q; text mode: exit CODE leaves with that status, as sqlite3's .exit CODE)") { input in
            if input.word.hasSuffix("exit"), !input.rest.isEmpty {
                // sqlite3's .exit reads CODE as its integerValue does (`.exit abc` leaves with 0, never
                // runs on); the shell's own `exit` wants a number.
                let dotted = input.word == ".exit" ? sqlite3ExitStatus(input.rest) : nil
                guard let status = Int32(input.rest) ?? dotted else { throw ShellError.usage(command: input.word, usage: "exit [CODE]") }
                // As sqlite3's: `.exit 0` is `.quit` (a failed command still makes the status 1).
                return status == 0 ? .quit : .exit(status)
            }
            return try input.bare(.quit, "quit")
        },
    ]
}

/// sqlite3's reading of `.exit CODE`: an optional sign and the decimal digits that start `text`
/// (none: 0), cut to the process's 32-bit status as C's `(int)` cast cuts it.
private func sqlite3ExitStatus(_ text: String) -> Int32 {
    var rest = Substring(text)
    let negative = rest.first == "-"
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    var value: Int64 = 0
    for character in rest.prefix(while: { $0.isASCII && $0.isNumber }) {
        value = value &* 10 &+ Int64(character.wholeNumberValue ?? 0)
    }
    return Int32(truncatingIfNeeded: negative ? 0 &- value : value)
}
