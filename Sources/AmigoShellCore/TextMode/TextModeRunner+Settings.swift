// TextModeRunner: the commands that report or switch the runner's own settings — sqlite3's
// `.changes`, `.databases` and `.show`, and psql's `\x`.

import Amigo

extension TextModeRunner {
    /// Runs `countchanges`, `eqp`, `databases`, `settings`, `parameter`, `expanded`, `use`
    /// (`.open`) or `backup`.
    func performSettingsCommand(_ command: Command) throws {
        switch command {
        case .countChanges(let on):
            guard explorer.amigo.engine is SQLiteEngine else { throw ShellError.sqliteOnly(command: "countchanges") }
            countsChanges = on
        case .databases:
            guard let sqlite = explorer.amigo.engine as? SQLiteEngine else { throw ShellError.sqliteOnly(command: "databases") }
            try write(try sqlite.databaseListings().map { $0.sqlite3Line + "\n" }.joined(), raw: true)
        case .openFile(let path, let new, let readOnly):
            deferred = nil
            try openFile(path, new: new, readOnly: readOnly)
        case .backup(let path, let schema):
            deferred = nil
            try backup(to: path, schema: schema)
        case .eqp(let on):
            guard explorer.amigo.engine is SQLiteEngine else { throw ShellError.sqliteOnly(command: "eqp") }
            explainsQueryPlans = on
        case .settings:
            try write(settingsText(), raw: true)
        case .parameter(let action):
            guard let sqlite = explorer.amigo.engine as? SQLiteEngine else { throw ShellError.sqliteOnly(command: "parameter") }
            switch action {
            case .set(let name, let value): parameters[name] = value
            case .unset(let name): parameters[name] = nil
            case .clear: parameters = [:]
            case .list:
                // As sqlite3's: names padded to the longest (40 at most), sorted, values as SQL literals.
                let width = min(40, parameters.keys.map(\.count).max() ?? 0)
                let lines = parameters.keys.sorted().map { name in
                    name.padding(toLength: max(width, name.count), withPad: " ", startingAt: 0) + " " + SQLLiteral.text(parameters[name] ?? .null) + "\n"
                }
                try write(lines.joined(), raw: true)
            }
            sqlite.setParameterTable(parameters)
        case .expanded(let on):
            // psql's `\x`: line mode, then back to the mode it replaced.
            if on ?? (mode != .line) {
                if mode != .line { modeBeforeExpanded = mode }
                mode = .line
            } else if mode == .line {
                mode = modeBeforeExpanded ?? .table
            }
            try write("Expanded display is \(mode == .line ? "on" : "off").\n")
        default:
            break
        }
    }

    /// After an SQL statement, with `.changes on`: `changes: N   total_changes: M`, as sqlite3 writes it.
    func writeChangeCounts() throws {
        guard countsChanges, let sqlite = explorer.amigo.engine as? SQLiteEngine else { return }
        let counts = sqlite.changeCounts()
        try write("changes: \(counts.last)   total_changes: \(counts.total)\n", raw: true)
    }

    /// sqlite3's `.show`, line for line (its `eqp`, `explain` and `stats`, which the shell never
    /// turns on, too): each setting right-aligned on its name, texts as sqlite3's C strings
    /// (``TclFormatter/quoted(_:)``: its `output_c_string`).
    private func settingsText() -> String {
        // The mode a query is written in: sqlite3's list mode in a script that chose none.
        let mode = !modeIsChosen && explorer.isSQLite ? OutputMode.list : self.mode
        let separator = separatorIsChosen ? self.separator : mode.defaultSeparator
        let rows: [(String, String)] = [
            ("echo", echoesInput ? "on" : "off"),
            ("eqp", explainsQueryPlans ? "on" : "off"),
            ("explain", "auto"),
            ("headers", header && !((mode == .list || mode == .tabs) && !headerIsChosen) ? "on" : "off"),
            ("mode", Self.sqlite3Name(of: mode) + (mode.isColumnar ? " " + (columnarOptions ?? .defaults(for: mode)).sqlite3Text : "")),
            ("nullvalue", TclFormatter.quoted(nullValue)),
            ("output", redirect?.path ?? "stdout"),
            ("colseparator", TclFormatter.quoted(separator)),
            ("rowseparator", TclFormatter.quoted(rowSeparator ?? (mode == .csv ? "\r\n" : mode == .ascii ? "\u{1E}" : "\n"))),
            ("stats", "off"),
            ("width", columnWidths.map { "\($0) " }.joined()),
            ("filename", explorer.databaseFile),
        ]
        return rows.map { name, value in String(repeating: " ", count: max(0, 12 - name.count)) + name + ": " + value + "\n" }.joined()
    }

    /// The name sqlite3's `.show` gives `mode` (`qbox` is a quoting box, `tabs` its list).
    static func sqlite3Name(of mode: OutputMode) -> String {
        switch mode {
        case .asciiTable: return "table"
        case .qbox: return "box"
        case .tabs: return "list"
        case .sqlite3JSON: return "json"
        default: return mode.rawValue
        }
    }
}
