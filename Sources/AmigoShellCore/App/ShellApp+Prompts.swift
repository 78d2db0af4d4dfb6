// ShellApp: the prompts — typed text acting as it is typed, and what a submitted prompt does.

import Amigo

extension ShellApp {
    // MARK: Prompts

    /// Whether a prompt of `kind` acts while it is typed (``typed(_:text:)``): a find does, and
    /// the table prompt once a text to find is typed after the name (`Track/snow`).
    package func changesAsYouType(_ kind: PromptKind) -> Bool {
        switch kind {
        case .find, .table: return true
        default: return false
        }
    }

    /// A find as you type: the cursor goes to the first row at or after where it was when the
    /// prompt opened whose column contains `text` (nothing typed: back where it was). At the
    /// table prompt, `Track/snow` opens Track and finds as `f` does; Esc puts everything back.
    public func typed(_ kind: PromptKind, text: String) {
        if case .table = kind { previewTable(text); return }
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
        if case .table = kind, text == nil { endTablePreview(keeping: false) }
        guard let text else { setMessage("cancelled"); return .none }
        switch kind {
        case .filter:
            var filter = text
            var generated: String?
            if let view = explorer.current, let bare = TypedSearch.bareValueFilter(text, view: view) {
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
            guard !name.isEmpty else { endTablePreview(keeping: false); setMessage("cancelled"); return .none }
            guard let target = TableTarget.parse(name, in: explorer.tables) else {
                endTablePreview(keeping: false)
                setError(ShellError.noSuchTable(String(name.split(whereSeparator: { $0 == ":" || $0 == "/" }).first ?? "")))
                return .none
            }
            openTable(target)
        case .saveName(let line): attempt { setMessage(try explorer.saveHistoryEntry(line, as: text)) }
        case .edit(let column):
            attempt {
                let edit = try explorer.previewEdit(column: column, text: text)
                overlay = .confirmEdit(edit)
            }
        case .command:
            let command: Command
            do {
                guard let parsed = try CommandParser.parse(text) else { return .none }
                command = parsed
            } catch {
                explorer.history.recordFailure(text, error)
                setError(error)
                return .none
            }
            if case .runSaved(let name) = command {
                // Run as if typed: a saved write is shown and asked about like a typed one.
                do {
                    let line = try explorer.savedQueries.command(named: name)
                    if case .runSaved = try CommandParser.parse(line) { throw ShellError.usage(command: "run", usage: "run NAME (a saved query runs a command, not another saved query)") }
                    return submit(.command, text: line)
                } catch {
                    explorer.history.recordFailure(text, error)
                    setError(error)
                    return .none
                }
            }
            // Recorded in the history with its time, rows and outcome (a write asked about is
            // recorded when it is shown; what the answer did is the status line's).
            messageIsError = false
            let started = explorer.history.now()
            let changesBefore = explorer.changeLog.changes.count
            defer {
                let failed = messageIsError
                explorer.history.add(HistoryEntry(line: text.trimmingCharacters(in: .whitespaces), started: started,
                                                  duration: explorer.history.now().timeIntervalSince(started),
                                                  rows: failed ? nil : explorer.historyRows(command, changesBefore: changesBefore),
                                                  failure: failed ? message : nil))
            }
            do {
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
                // A link whose junction needs values of its own asks for them first.
                if case .link(let relationship, let key, let payload) = command {
                    let missing = explorer.linkColumnsToAsk(relationship, payload: payload)
                    if let junction = explorer.current?.model?.relationship(named: relationship)?.through?.name, !missing.isEmpty {
                        overlay = .insertForm(RowInsertForm(link: relationship, key: key, payload: payload, junction: junction, columns: missing))
                        return .none
                    }
                }
                if writes {
                    var write = try explorer.previewWrite(command)
                    // `sql UPDATE …` says how many rows it will change before it is run.
                    if case .sql(let sql) = command { write.rowsIfRun = explorer.rowsChanged(ifRun: sql) }
                    overlay = .confirmWrite(write)
                    return .none
                }
                // `freq PATH` opens the box `F` opens, for any path (`genre.Name`, `tracks.@count`).
                if case .freq(let column) = command { showFrequencies(of: try explorer.frequencyColumn(column)); return .none }
                let result = try explorer.execute(command)
                switch command {
                case .tables, .relations, .schema, .stats, .count, .export, .commit, .rollback, .echo, .changes, .explain, .history, .save:
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
    // MARK: The table prompt

    /// Opens `target`'s table (unless the preview already shows it) and goes where it says: a
    /// key, or the first row containing a text (which `n` then repeats).
    func openTable(_ target: TableTarget) {
        let previewed = tablePreview.table == target.table
        endTablePreview(keeping: true)
        attempt {
            if !previewed || explorer.current?.model?.name != target.table { try explorer.open(target.table) }
            if let i = explorer.tables.firstIndex(where: { $0.name == target.table }) { tableCursor = i }
            focus = .grid
            setMessage(explorer.statusSummary)
            switch target.position {
            case .top:
                break
            case .key(let key):
                setMessage(try explorer.execute(.get(key)).status)
            case .find(let text):
                guard let view = explorer.current else { return }
                let column = TypedSearch.searchColumn(of: view)
                lastFind = (text, column)
                explorer.moveCursor(to: 0)
                runFind(text, column: column, backward: false, includingCurrent: true)
            }
        }
    }

    /// The table prompt as it is typed: once a text to find follows the name (`Track/snow`), the
    /// table is shown with the cursor on the first row containing it; taking the text away (or a
    /// name that matches nothing) puts back what was there.
    func previewTable(_ text: String) {
        do {
            let origin = { TablePromptPreview.Origin(snapshot: self.explorer.navigationSnapshot(), tableCursor: self.tableCursor, focus: self.focus) }
            guard let find = try tablePreview.show(text, origin: origin) else { return }
            runFind(find.text, column: find.column, backward: false, includingCurrent: true)
        } catch {
            setError(error)
        }
    }

    /// Ends a preview: `keeping` leaves the previewed table open (Enter), else navigation, the
    /// tables cursor and the focus go back to where the prompt opened (Esc).
    func endTablePreview(keeping: Bool) {
        guard let origin = tablePreview.end(keeping: keeping) else { return }
        tableCursor = origin.tableCursor
        focus = origin.focus
    }
}
