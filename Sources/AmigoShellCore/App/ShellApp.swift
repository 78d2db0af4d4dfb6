import Amigo

/// The terminal UI's state on top of an ``Explorer``: which pane has focus, which overlay is
/// open, the status line — and what each key does. Pure: keys in, ``ShellEffect``s out, and
/// ``render(width:height:)`` produces the screen as a ``ScreenGrid``.
public final class ShellApp {
    /// The panes that can have focus.
    public enum Pane: Sendable, Equatable { case tables, grid, echo }

    /// Overlays drawn over the panes.
    public enum Overlay {
        case none
        case relations(rows: [(relationship: Relationship, count: Int)], cursor: Int)
        case detail(text: String, scroll: Int)
        case help(scroll: Int)
        case output(title: String, text: String, scroll: Int)
        case confirmEdit(PendingEdit)
        /// A write (insert, delete, link, unlink, writing sql) waiting for y.
        case confirmWrite(PendingWrite)
        /// The form of a new row.
        case insertForm(RowInsertForm)
        case confirmQuit
    }

    /// The kinds of prompt the adapter opens with readline.
    public enum PromptKind: Sendable, Equatable {
        case filter
        case command
        case edit(column: String)
        /// Find a row whose column (nil: any text column) contains the text.
        case find(column: String?)
        /// Jump to the row with a key (`42`, `1,2` for a composite key).
        case key
        /// Open a table or view by name (completion, then prefix, substring and fuzzy matching).
        case table
    }

    /// A request to read a line.
    public struct PromptRequest: Sendable, Equatable {
        /// What the line is for.
        public var kind: PromptKind
        /// The prompt text (`filter> `).
        public var prompt: String
        /// Text to start with.
        public var initialText: String
    }

    /// What the adapter must do after a key.
    public enum ShellEffect: Equatable {
        case none
        case prompt(PromptRequest)
        case quit
        /// Give the terminal back and stop the process until `fg`.
        case suspend
        case redraw
    }

    /// The explorer.
    public let explorer: Explorer
    /// The focused pane.
    public internal(set) var focus: Pane = .tables
    /// The open overlay.
    public internal(set) var overlay: Overlay = .none
    /// The kind of prompt being read now (set by the run loop; completion offers what fits it).
    public var activePromptKind: PromptKind = .command
    /// Cursor in the tables list.
    public internal(set) var tableCursor = 0
    /// Whether the echo pane is shown.
    public internal(set) var echoVisible = true
    /// Lines scrolled back in the echo pane (0 = newest at the bottom).
    public internal(set) var echoScroll = 0
    /// The status message (the last action's result or error).
    public internal(set) var message = ""
    /// Whether ``message`` is an error.
    public internal(set) var messageIsError = false
    /// Letters typed in the relations menu to jump by prefix.
    var typeAhead = ""
    /// For the relations menu: the label of the row each to-one relationship points at (by index).
    var relationLabels: [Int: String] = [:]
    /// The last search (`f`, `F`), which `n` and `N` repeat.
    public internal(set) var lastFind: (text: String, column: String?)?
    /// Whether the last render had only room for the "too small" message.
    var screenTooSmall = false
    /// Whether the last render had room for the echo pane: a short, narrow terminal leaves it out
    /// even when ``echoVisible``, and Tab must not move the focus to a pane that is not on screen.
    var echoOnScreen = true

    /// Creates the UI state over `explorer`; if a view is open, the grid has focus.
    public init(explorer: Explorer) {
        self.explorer = explorer
        if explorer.current != nil { focus = .grid }
        // Filters, `=` and sorts are steps that Backspace and Esc pop, one at a time.
        explorer.narrowingPushesSteps = true
        message = "\(explorer.tables.count) tables and views — Enter opens, ? lists every key"
    }

    func setError(_ error: Error) {
        message = ErrorText.line(error)
        messageIsError = true
        messageIsSummary = false
    }

    /// Shows what the explorer noticed on its own (another program changed the file) in the
    /// status line, as the message of no key.
    public func showNotices() {
        if let notice = explorer.takeNotice() { setMessage(notice) }
    }

    func setMessage(_ text: String) {
        message = text
        messageIsError = false
        // The summary as it was then: once the count or the row changes, the status line shows
        // the summary as it is now, not both (`row 1 of 1760088 │ row 1 of 10000+`).
        messageIsSummary = text == explorer.statusSummary
    }

    /// Whether ``message`` is only the status summary of the moment it was set.
    var messageIsSummary = false

    /// Runs `body`, showing any error in the status line instead of letting it escape.
    func attempt(_ body: () throws -> Void) {
        do { try body() } catch { setError(error) }
    }

    // MARK: Keys

    /// Handles a key and says what the adapter must do next.
    public func handle(_ key: Key) -> ShellEffect {
        if case .resize = key { return .redraw }
        // While the screen only says it is too small, keys that act on what cannot be seen are ignored.
        if screenTooSmall && key != .char("q") && key != .control("c") { return .none }
        // A message answers the key before; the next key starts afresh.
        if case .none = overlay {
            message = ""
            messageIsError = false
        }
        switch overlay {
        case .none: break
        default: return handleOverlay(key)
        }
        typeAhead = ""
        guard let action = KeyMap.action(for: key) else {
            // Keys mean the same in every pane: a letter never silently becomes a jump.
            if case .char(let ch) = key, ch.isLetter || ch.isNumber {
                setMessage("'\(ch)' does nothing here — t opens a table by name, f finds, # jumps to a key, ? lists every key")
            }
            return .none
        }
        return perform(action, key: key)
    }

    func perform(_ action: ShellAction, key: Key? = nil) -> ShellEffect {
        let view = explorer.current
        let page = max(1, explorer.viewportRows - 1)
        switch action {
        case .moveUp: move(rows: -1)
        case .moveDown: move(rows: 1)
        // The tables list has no columns: ← → move the grid's column from any pane.
        case .moveLeft: explorer.moveColumn(to: (view?.cursorColumn ?? 0) - 1)
        case .moveRight: explorer.moveColumn(to: (view?.cursorColumn ?? 0) + 1)
        case .pageUp: move(rows: -page)
        case .pageDown: move(rows: page)
        case .top: move(to: 0)
        case .bottom: move(to: Int.max / 2)
        case .nextPane: cycleFocus(forward: true)
        case .previousPane: cycleFocus(forward: false)
        case .activate: activate()
        case .relations: showRelations()
        case .back:
            if key == .escape && explorer.stack.count <= 1 { return .none }   // Esc with nothing to pop: nothing
            attempt { try explorer.back(); setMessage(explorer.statusSummary) }
        case .filterPrompt:
            guard let view else { setMessage("open a table first"); return .none }
            guard view.isModelView else { setMessage("a sql result cannot be filtered here; add a WHERE clause to the sql"); return .none }
            // Starts empty: the new filter replaces the view's (which stays one Backspace away, and Up recalls it).
            return .prompt(PromptRequest(kind: .filter, prompt: "filter> ", initialText: ""))
        case .find, .findAll:
            guard let view else { setMessage("open a table first"); return .none }
            guard view.isModelView else { setMessage("a sql result cannot be searched here"); return .none }
            let column = action == .find ? ShellApp.searchColumn(of: view) : nil
            return .prompt(PromptRequest(kind: .find(column: column), prompt: "find in \(column ?? "any text column")> ", initialText: ""))
        case .findNext, .findPrevious:
            guard let last = lastFind else { setMessage("nothing to repeat: f finds in this column, F in every text column"); return .none }
            runFind(last.text, column: last.column, backward: action == .findPrevious, includingCurrent: false)
        case .jumpToKey:
            guard let view, let model = view.model else { setMessage("open a table first"); return .none }
            let key = model.table.primaryKey.map(\.label)
            let hint = key.isEmpty ? "rowid" : key.joined(separator: ",")
            return .prompt(PromptRequest(kind: .key, prompt: "\(model.name) \(hint) = ", initialText: ""))
        case .openTable:
            return .prompt(PromptRequest(kind: .table, prompt: "open table> ", initialText: ""))
        case .commandPrompt:
            return .prompt(PromptRequest(kind: .command, prompt: ":", initialText: ""))
        case .sortAscending, .sortDescending:
            guard let view, view.cursorColumn < view.columns.count else { return .none }
            guard view.isModelView else { setMessage("a sql result cannot be sorted here; add ORDER BY to the sql"); return .none }
            let column = view.columns[view.cursorColumn]
            attempt {
                try explorer.setOrder(column: column, descending: action == .sortDescending)
                focus = .grid
                setMessage("sorted by \(column)\(action == .sortDescending ? " descending" : "")")
            }
        case .detail:
            attempt { overlay = .detail(text: try explorer.currentRowDetail(), scroll: 0) }
        case .edit:
            guard let view, view.cursorColumn < view.columns.count else {
                setMessage("edit: move to a cell of a table first")
                return .none
            }
            guard let model = view.model else {
                setMessage("edit: a sql result is not a table; open the table to edit its rows")
                return .none
            }
            // A view, a read-only file or a key column is refused before the prompt opens, not after typing a value.
            do { try explorer.checkEditable(model) } catch { setError(error); return .none }
            let column = view.columns[view.cursorColumn]
            if view.totalCount == 0 {
                setMessage("edit: \(model.name) has no rows here to edit; a adds one")
                return .none
            }
            if view.modelColumns[view.cursorColumn].primaryKey {
                setError(ShellError.invalidValue("edit: \(column) is part of \(model.name)'s primary key and cannot be edited here"))
                return .none
            }
            var initial = ""
            if let record = try? explorer.currentRecord() { initial = editText(record.value(at: view.cursorColumn)) }
            return .prompt(PromptRequest(kind: .edit(column: column), prompt: "\(column) = ", initialText: initial))
        case .insertRow:
            guard focus == .grid, let view else { setMessage("add: open a table first"); return .none }
            guard let model = view.model else { setMessage("add: a sql result is not a table; open the table to add rows"); return .none }
            do { try explorer.checkWrites("add"); try explorer.checkEditable(model) } catch { setError(error); return .none }
            overlay = .insertForm(RowInsertForm(model: model))
        case .deleteRow, .deleteAll:
            guard focus == .grid, explorer.current != nil else { setMessage("delete: open a table first"); return .none }
            attempt { overlay = .confirmWrite(try explorer.previewWrite(.delete(all: action == .deleteAll, expected: nil))) }
        case .filterEqual:
            attempt { try explorer.filterEqualToCurrentCell(); focus = .grid; setMessage(explorer.statusSummary) }
        case .toggleEcho:
            echoVisible.toggle()
            if !echoVisible && focus == .echo { focus = .grid }
        case .help: overlay = .help(scroll: 0)
        case .quit:
            if explorer.pendingChanges > 0 { overlay = .confirmQuit; return .none }
            return .quit
        case .suspend: return .suspend
        case .redraw: return .redraw
        case .refresh:
            attempt { try explorer.refresh(); setMessage(explorer.takeNotice() ?? "refreshed: " + explorer.statusSummary) }
        }
        return .none
    }

    private func editText(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .blob: return ValueText.plain(value)
        default: return ValueText.display(value)
        }
    }

    private func move(rows delta: Int) {
        switch focus {
        case .tables:
            tableCursor = min(max(0, tableCursor + delta), max(0, explorer.tables.count - 1))
        case .grid:
            guard let view = explorer.current else { return }
            explorer.moveCursor(to: view.cursorRow + delta)
        case .echo:
            echoScroll = max(0, echoScroll - delta)
        }
    }

    private func move(to row: Int) {
        switch focus {
        case .tables: tableCursor = row == 0 ? 0 : max(0, explorer.tables.count - 1)
        case .grid: explorer.moveCursor(to: row)
        case .echo: echoScroll = row == 0 ? Int.max / 2 : 0
        }
    }

    private func cycleFocus(forward: Bool) {
        var panes: [Pane] = [.tables]
        if explorer.current != nil { panes.append(.grid) }
        if echoVisible && echoOnScreen { panes.append(.echo) }
        let i = panes.firstIndex(of: focus) ?? 0
        focus = panes[(i + (forward ? 1 : panes.count - 1)) % panes.count]
    }

    private func activate() {
        switch focus {
        case .tables:
            guard explorer.tables.indices.contains(tableCursor) else { return }
            let name = explorer.tables[tableCursor].name
            attempt {
                try explorer.open(name)
                focus = .grid
                setMessage(explorer.statusSummary)
            }
        case .grid:
            attempt {
                if try explorer.followForeignKeyAtCursor() {
                    setMessage("followed \(explorer.current?.title ?? "")")
                } else {
                    showRelations()
                }
            }
        case .echo:
            break
        }
    }

    private func showRelations() {
        guard let view = explorer.current else { setMessage("open a table first"); return }
        guard view.isModelView else { setMessage("a sql result has no relationships; open a table to follow them"); return }
        attempt {
            let rows = try explorer.relations()
            if rows.isEmpty { setMessage("\(view.model?.name ?? "") has no relationships"); return }
            relationLabels = explorer.toOneLabels(rows.map(\.relationship))
            overlay = .relations(rows: rows, cursor: 0)
        }
    }

    private func handleOverlay(_ key: Key) -> ShellEffect {
        switch overlay {
        case .relations(let rows, var cursor):
            switch key {
            case .up, .char("k"): cursor = max(0, cursor - 1)
            case .down, .char("j"): cursor = min(rows.count - 1, cursor + 1)
            case .home: cursor = 0
            case .end: cursor = rows.count - 1
            case .enter, .right:
                typeAhead = ""
                overlay = .none
                let name = rows[cursor].relationship.name
                attempt {
                    try explorer.follow(name)
                    focus = .grid
                    setMessage("\(name): " + Plural.count(explorer.current?.totalCount ?? 0, "row"))
                }
                return .none
            case .escape, .backspace, .char("q"), .left:
                typeAhead = ""
                overlay = .none
                return .none
            case .char(let ch) where ch.isLetter:
                typeAhead.append(ch)
                var match = rows.firstIndex(where: { $0.relationship.name.lowercased().hasPrefix(typeAhead.lowercased()) })
                if match == nil {
                    // A miss starts the type-ahead again from this letter.
                    typeAhead = String(ch)
                    match = rows.firstIndex(where: { $0.relationship.name.lowercased().hasPrefix(typeAhead.lowercased()) })
                }
                if let match { cursor = match }
            default: break
            }
            overlay = .relations(rows: rows, cursor: cursor)
        case .detail(let text, let scroll):
            overlay = ShellApp.scrolled(scroll, by: key).map { .detail(text: text, scroll: $0) } ?? .none
        case .help(let scroll):
            overlay = ShellApp.scrolled(scroll, by: key).map { .help(scroll: $0) } ?? .none
        case .output(let title, let text, let scroll):
            overlay = ShellApp.scrolled(scroll, by: key).map { .output(title: title, text: text, scroll: $0) } ?? .none
        case .confirmEdit(let edit):
            // Only what the box says: y applies, n or Esc cancels, any other key does nothing.
            guard [.char("y"), .char("Y"), .char("n"), .char("N"), .escape].contains(key) else { return .none }
            overlay = .none
            if key == .char("y") || key == .char("Y") {
                attempt {
                    let statement = try explorer.apply(edit)
                    setMessage("updated \(edit.column) — \(explorer.pendingChanges) uncommitted (:commit keeps, :rollback undoes) · \(statement.sql)")
                }
            } else {
                setMessage("edit cancelled")
            }
        case .confirmWrite(let write):
            overlay = .none
            if key == .char("y") || key == .char("Y") || key == .enter {
                attempt {
                    let summary = try explorer.perform(write)
                    setMessage(summary + " — \(explorer.pendingChanges) uncommitted (:commit keeps, :rollback undoes)")
                    if let note = explorer.takeNotice() { setMessage(message + " · " + note) }
                }
            } else {
                setMessage("\(write.command) cancelled")
            }
        case .insertForm(var form):
            switch form.handle(key) {
            case .editing:
                overlay = .insertForm(form)
            case .cancel:
                overlay = .none
                setMessage("add cancelled")
            case .submit:
                do {
                    overlay = .confirmWrite(try explorer.previewWrite(.insert(form.assignments)))
                } catch {
                    // The form stays open with what was typed, so that a bad value can be fixed.
                    overlay = .insertForm(form)
                    setError(error)
                }
            }
        case .confirmQuit:
            overlay = .none
            if key == .char("y") || key == .char("Y") { return .quit }
            setMessage("not quitting — :commit or :rollback the \(explorer.pendingChanges) change(s)")
        case .none:
            break
        }
        return .none
    }

    /// The scroll position of a text overlay after `key`, or nil when the key closes it.
    static func scrolled(_ scroll: Int, by key: Key) -> Int? {
        switch key {
        case .up, .char("k"): return max(0, scroll - 1)
        case .down, .char("j"): return scroll + 1
        case .pageDown, .char(" "): return scroll + 10
        case .pageUp: return max(0, scroll - 10)
        case .home, .char("g"): return 0
        case .end, .char("G"): return Int.max / 4    // the renderer clamps it to the last page
        default: return nil
        }
    }

    // MARK: Prompts

    /// Whether a prompt of `kind` acts while it is typed (``typed(_:text:)``): a find does.
    public func changesAsYouType(_ kind: PromptKind) -> Bool {
        if case .find = kind { return true }
        return false
    }

    /// The row the cursor was on when a find prompt opened: each change of the text searches
    /// from there again, and a cancelled find goes back to it.
    var findOrigin: Int?

    /// A find as you type: the cursor goes to the first row at or after where it was when the
    /// prompt opened whose column contains `text` (nothing typed: back where it was).
    public func typed(_ kind: PromptKind, text: String) {
        guard case .find(let column) = kind, let view = explorer.current else { return }
        if findOrigin == nil { findOrigin = view.cursorRow }
        explorer.moveCursor(to: findOrigin ?? 0)
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { setMessage(""); return }
        runFind(text, column: column, backward: false, includingCurrent: true)
    }

    /// Handles a line read for `kind`; nil means the prompt was cancelled.
    public func submit(_ kind: PromptKind, text: String?) -> ShellEffect {
        if case .find = kind, let origin = findOrigin {
            findOrigin = nil
            // Enter searches again from where the prompt opened; Esc goes back there.
            explorer.moveCursor(to: origin)
        }
        guard let text else { setMessage("cancelled"); return .none }
        switch kind {
        case .filter:
            var filter = text
            var generated: String?
            if let view = explorer.current, let bare = ShellApp.bareValueFilter(text, view: view) {
                filter = bare
                generated = bare
            }
            do {
                try explorer.setFilter(filter)
                focus = .grid
                setMessage(generated.map { "searched the column: filter \($0) · " } .map { $0 + explorer.statusSummary } ?? explorer.statusSummary)
            } catch {
                setError(error)
                let line = ErrorText.line(error)
                if line.contains("expected an operator") || line.contains("expected AND, OR or the end") {
                    message += " — quote text ('Some Text'), or type a value alone to search this column"
                }
            }
        case .find(let column):
            let text = text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { setMessage("cancelled"); return .none }
            lastFind = (text, column)
            runFind(text, column: column, backward: false, includingCurrent: true)
        case .key:
            let key = text.trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { setMessage("cancelled"); return .none }
            attempt {
                let result = try explorer.execute(.get(key))
                focus = .grid
                setMessage(result.status)
            }
        case .table:
            let name = text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { setMessage("cancelled"); return .none }
            guard let match = ShellApp.tableMatch(name, in: explorer.tables) else {
                setError(ShellError.invalidValue("no table or view matches '\(name)'"))
                return .none
            }
            attempt {
                try explorer.open(match)
                if let i = explorer.tables.firstIndex(where: { $0.name == match }) { tableCursor = i }
                focus = .grid
                setMessage(explorer.statusSummary)
            }
        case .edit(let column):
            attempt {
                let edit = try explorer.previewEdit(column: column, text: text)
                overlay = .confirmEdit(edit)
            }
        case .command:
            do {
                guard let command = try CommandParser.parse(text) else { return .none }
                if command == .quit { return perform(.quit) }
                if case .help(let topic) = command {
                    if let topic {
                        overlay = .output(title: "help \(topic) — ↑↓ scroll, other keys close", text: explorer.helpText(topic), scroll: 0)
                    } else {
                        overlay = .help(scroll: 0)
                    }
                    return .none
                }
                // A write is shown, with its exact statements, and asked about first.
                var writes = command.isWrite && command.name != "set"
                if case .sql(let sql) = command, try explorer.sqlWrites(sql) { writes = true }
                if writes {
                    overlay = .confirmWrite(try explorer.previewWrite(command))
                    return .none
                }
                let result = try explorer.execute(command)
                switch command {
                case .tables, .relations, .schema, .stats, .count, .export, .commit, .rollback, .echo:
                    if result.output.contains("\n") {
                        overlay = .output(title: text, text: result.output, scroll: 0)
                    }
                    setMessage(result.status)
                case .get:
                    focus = .grid
                    setMessage(result.status)
                default:
                    if explorer.current != nil { focus = .grid }
                    setMessage(result.status)
                }
                if case .echo(let on) = command { echoVisible = on ?? explorer.isEchoOn }
            } catch {
                setError(error)
            }
        }
        return .none
    }
}

extension ShellApp {
    /// Runs a search and shows where it landed (or why it did not) in the status line.
    func runFind(_ text: String, column: String?, backward: Bool, includingCurrent: Bool) {
        guard let view = explorer.current else { setMessage("open a table first"); return }
        let index = column.flatMap { name in view.columns.firstIndex(of: name) }
        attempt {
            let found = try explorer.find(text, column: index, backward: backward, includingCurrent: includingCurrent)
            focus = .grid
            setMessage(found)
        }
    }

    /// The column a search by value looks in: the current column when it holds text, else (a
    /// key or a number, where text is never found) the column that names the rows (`Name`).
    static func searchColumn(of view: BrowseView) -> String? {
        guard view.cursorColumn < view.modelColumns.count, let model = view.model else { return nil }
        let current = view.modelColumns[view.cursorColumn]
        let foreign = model.relationships.contains { $0.kind == .toOne && $0.sourceColumns.contains { $0 === current } }
        if (current.kind == .text || current.declaredType.isEmpty) && !foreign { return current.label }
        return LabelColumn.columns(of: model)?.first?.label ?? current.label
    }

    /// A filter typed as a value alone (`ACADEMY DINOSAUR`, `'Grunge'`): a search on the current
    /// column, `Column CONTAINS[c] 'value'`; nil when `text` is a filter (or not a bare value).
    static func bareValueFilter(_ text: String, view: BrowseView) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let name = searchColumn(of: view), let column = view.model?.table.column(named: name) else { return nil }
        if (try? FilterParser.parse(trimmed)) != nil { return nil }
        var value = trimmed
        if value.count >= 2, let first = value.first, first == value.last, first == "'" || first == "\"" {
            value = String(value.dropFirst().dropLast())
        } else {
            // An operator or a keyword of the language means a filter with a mistake, not a value.
            if value.contains(where: { "=<>!(){}%".contains($0) }) { return nil }
            let keywords: Set<String> = ["AND", "OR", "NOT", "IN", "LIKE", "BEGINSWITH", "ENDSWITH", "CONTAINS", "MATCHES", "BETWEEN", "IS", "NULL"]
            if value.split(separator: " ").contains(where: { keywords.contains(String($0)) || $0.hasPrefix("CONTAINS[") }) { return nil }
        }
        guard let literal = ValueText.filterLiteral(.text(value)) else { return nil }
        let filter = ValueText.keyPath(column.label) + " CONTAINS[c] " + literal
        return (try? FilterParser.parse(filter)) != nil ? filter : nil
    }

    /// The table or view `name` means: an exact name, else the first starting with it, else
    /// containing it, else whose letters it has in order (fuzzy) — tables before views.
    static func tableMatch(_ name: String, in tables: [TableSummary]) -> String? {
        let ranked = tables.filter { !$0.isView } + tables.filter(\.isView)
        let lower = name.lowercased()
        if let exact = ranked.first(where: { $0.name.lowercased() == lower }) { return exact.name }
        if let prefix = ranked.first(where: { $0.name.lowercased().hasPrefix(lower) }) { return prefix.name }
        if let inside = ranked.first(where: { $0.name.lowercased().contains(lower) }) { return inside.name }
        return ranked.first(where: { isSubsequence(lower.filter { $0 != " " }, of: $0.name.lowercased()) })?.name
    }

    static func isSubsequence(_ needle: String, of haystack: String) -> Bool {
        var rest = haystack[...]
        for ch in needle {
            guard let i = rest.firstIndex(of: ch) else { return false }
            rest = rest[rest.index(after: i)...]
        }
        return true
    }

    /// Shows ambiguous completion candidates in the status line.
    public func showMatches(_ matches: [String]) {
        setMessage("completions: " + matches.prefix(12).joined(separator: "  ") + (matches.count > 12 ? "  …" : ""))
    }
}
