// ShellApp: what each key does outside overlays — actions, moving, focus, Enter.

import Amigo

extension ShellApp {
    // MARK: Keys

    /// Handles a key and says what the adapter must do next. The key acts on the screen as it
    /// was last drawn, laid out as `shown` (the run loop's last frame); nil, before any frame,
    /// means every pane is on screen and a page is the explorer's ``Explorer/viewportRows``.
    public func handle(_ key: Key, in shown: FrameLayout? = nil) -> ShellEffect {
        if case .resize = key { return .redraw }
        // While the screen only says it is too small, keys that act on what cannot be seen are ignored.
        if shown?.isTooSmall == true && key != .char("q") && key != .control("c") { return .none }
        // The echo pane's focus, when the pane is not on screen, is where the frame drew it.
        if let shown, !shown.isTooSmall, focus == .echo, !shown.echoOnScreen { focus = shown.focus }
        // A message answers the key before; the next key starts afresh.
        if case .none = overlay {
            if !message.isEmpty { lastMessage = message }
            message = ""
            messageIsError = false
        }
        let action = KeyMap.action(for: key)
        // Links read for a row stay valid while the cursor only moves; anything else may change them.
        var onlyMoves = false
        if case .none = overlay, let action { onlyMoves = action.onlyMoves }
        if !onlyMoves { rowLinks.forget() }
        switch overlay {
        case .none: break
        default: return handleOverlay(key)
        }
        typeAhead = ""
        if case .paste = key {
            // A paste is text for a prompt; on the grid none of it may run as keys.
            setMessage("a paste goes into a prompt (/ filter, : command, f find): nothing was run")
            return .none
        }
        guard let action else {
            // Keys mean the same in every pane: a letter never silently becomes a jump.
            if case .char(let ch) = key, ch.isLetter || ch.isNumber {
                setMessage("'\(ch)' does nothing here — t opens a table by name, f finds, # jumps to a key, ? lists every key")
            }
            return .none
        }
        return perform(action, key: key, shown: shown)
    }

    /// Performs `action` (typed as `key`) on the screen laid out as `shown`.
    func perform(_ action: ShellAction, key: Key? = nil, shown: FrameLayout? = nil) -> ShellEffect {
        let view = explorer.current
        let page = max(1, (shown?.gridRows ?? explorer.viewportRows) - 1)
        switch action {
        case .moveUp: move(rows: -1)
        case .moveDown: move(rows: 1)
        // The tables list has no columns: ← → move the grid's column from any pane.
        case .moveLeft: explorer.columnControl.moveColumn(by: -1)
        case .moveRight: explorer.columnControl.moveColumn(by: 1)
        case .pageUp: move(rows: -page)
        case .pageDown: move(rows: page)
        case .top: move(to: 0)
        case .bottom: move(to: Int.max / 2)
        case .nextPane: cycleFocus(forward: true, echoOnScreen: shown?.echoOnScreen ?? true)
        case .previousPane: cycleFocus(forward: false, echoOnScreen: shown?.echoOnScreen ?? true)
        case .activate: activate()
        case .relations: showRelations()
        case .followLink:
            guard case .char(let digit) = key, let number = digit.wholeNumberValue else { return .none }
            followLink(number: number, tablesShown: shown?.panes.map { TableNumbers.shownCount(of: explorer.tables, in: $0.grid) })
        case .back:
            if key == .escape && explorer.stack.count <= 1 { return .none }   // Esc with nothing to pop: nothing
            attempt { try explorer.back(); setMessage(explorer.statusSummary) }
        case .filterPrompt:
            guard let view else { setMessage("open a table first"); return .none }
            guard view.isModelView else { setMessage("a sql result cannot be filtered here; add a WHERE clause to the sql"); return .none }
            // Starts empty: the new filter replaces the view's (which stays one Backspace away, and Up recalls it).
            return .prompt(PromptRequest(kind: .filter, prompt: "filter> ", initialText: ""))
        case .find:
            guard let view else { setMessage("open a table first"); return .none }
            guard view.isModelView else { setMessage("a sql result cannot be searched here"); return .none }
            let column = TypedSearch.searchColumn(of: view)
            return .prompt(PromptRequest(kind: .find(column: column), prompt: "find in \(column ?? "any column")> ", initialText: ""))
        case .frequencies:
            showFrequencies()
        case .copyCell, .copyRow:
            do {
                let clipping = focus == .echo ? try EchoPane.clipping(of: explorer, scroll: echoScroll, shown: shown)
                    : try explorer.clipping(action == .copyCell ? .cell : .row)
                setMessage(clipping.summary)
                return .copyToClipboard(clipping.text)
            } catch {
                setError(error)
            }
        case .entityPage:
            guard explorer.current != nil else { setMessage("open a table first: p shows its current row as a page"); return .none }
            attempt { overlay = .entityPage(EntityPageBrowser(page: try explorer.currentPage())) }
        case .schemaMap:
            attempt { overlay = .schemaMap(SchemaMapBrowser(graph: try explorer.schemaGraph(), current: explorer.current?.model?.name)) }
        case .findNext, .findPrevious:
            guard let last = lastFind else { setMessage("nothing to repeat: f finds a text"); return .none }
            runFind(last.text, column: last.column, backward: action == .findPrevious, includingCurrent: false)
        case .jumpToKey:
            guard let view, let model = view.model else { setMessage("open a table first"); return .none }
            let key = model.table.primaryKey.map(\.label)
            let hint = key.isEmpty ? "rowid" : key.joined(separator: ",")
            return .prompt(PromptRequest(kind: .key, prompt: "\(model.name) \(hint) = ", initialText: ""))
        case .openTable:
            setMessage("a table's name (Tab completes) · Name:4 opens it at key 4 · Name/text at the first row containing text")
            return .prompt(PromptRequest(kind: .table, prompt: "open table> ", initialText: ""))
        case .commandPrompt:
            return .prompt(PromptRequest(kind: .command, prompt: ":", initialText: ""))
        case .history: overlay = .history(HistoryBrowser(entries: explorer.history.entries))
        case .dotCommand:
            return .prompt(PromptRequest(kind: .command, prompt: ":", initialText: "."))
        case .jsonColumn:
            guard let request = ColumnKeys.jsonColumnPrompt(for: view) else { setMessage(ColumnKeys.jsonColumnNeedsAColumn); return .none }
            return .prompt(request)
        case .fullMessage:
            guard !lastMessage.isEmpty else { setMessage("no message to show"); return .none }
            overlay = .detail(text: lastMessage, scroll: 0)
        case .sortAscending, .sortDescending, .hideColumn, .unhideColumns, .narrowColumn, .widenColumn, .pinColumn, .addSortKey:
            attempt {
                guard let outcome = try ColumnKeys.perform(action, on: explorer) else { return }
                if outcome.focusesGrid { focus = .grid }
                setMessage(outcome.message)
            }
        case .detail:
            attempt { overlay = DetailBrowser.overlay(showing: try explorer.currentRowDetail()) }
        case .edit:
            switch EditKey.prompt(for: view, in: explorer) {
            case .success(let request): return .prompt(request)
            case .failure(.message(let text)): setMessage(text)
            case .failure(.error(let error)): setError(error)
            }
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
        case .undo:
            attempt { setMessage(try explorer.execute(.undo).status) }
        case .explain:
            guard explorer.current != nil else { setMessage("open a table first"); return .none }
            attempt {
                let result = try explorer.execute(.explain)
                overlay = .output(title: "explain — ↑↓ scroll, other keys close", text: result.output, scroll: 0)
                setMessage(result.status)
            }
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

    /// Follows the current row's relationship numbered `number` (1-based, in the order of the
    /// relations menu and of the links line under the panes).
    /// Before a table is open, opens the table numbered so instead (of the `tablesShown` the
    /// screen lists, when known).
    func followLink(number: Int, tablesShown: Int? = nil) {
        guard let view = explorer.current else { openTable(numbered: number, shown: tablesShown); return }
        guard let model = view.model else { setMessage("a sql result has no relationships; open a table to follow them"); return }
        let relationships = model.relationships
        guard number >= 1, number <= relationships.count else {
            setMessage(relationships.isEmpty ? "\(model.name) has no relationships"
                       : "no relationship \(number): \(model.name) has \(Plural.count(relationships.count, "relationship")) (r lists them)")
            return
        }
        let name = relationships[number - 1].name
        attempt {
            try explorer.follow(name)
            focus = .grid
            setMessage("\(name): " + Plural.count(explorer.current?.totalCount ?? 0, "row"))
        }
    }

    /// Opens the table the first screen lists with `number` (``TableNumbers``).
    func openTable(numbered number: Int, shown: Int? = nil) {
        switch TableNumbers.index(numbered: number, in: explorer.tables, shown: shown) {
        case .failure(let miss): setMessage(miss.description)
        case .success(let index): tableCursor = index; openListedTable(at: index)
        }
    }

    /// Opens the table listed at `index` in the tables pane, and moves to the grid.
    private func openListedTable(at index: Int) {
        attempt { try explorer.open(explorer.tables[index].name); focus = .grid; setMessage(explorer.statusSummary) }
    }

    /// Reads the labels and counts of the current row's links, unless they were read already;
    /// true when there is something new to draw. Idle work: the next key interrupts it.
    public func completeRowLinks() -> Bool { rowLinks.complete(explorer) }

    /// The current row's links to show: as read, if they are this row's, else their names alone.
    func currentRowLinks() -> RowLinks? { rowLinks.current(explorer) }

    func move(rows delta: Int) {
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

    func move(to row: Int) {
        switch focus {
        case .tables: tableCursor = row == 0 ? 0 : max(0, explorer.tables.count - 1)
        case .grid: explorer.moveCursor(to: row)
        case .echo: echoScroll = row == 0 ? Int.max / 2 : 0
        }
    }

    /// Moves the focus to the next (or previous) pane on screen.
    func cycleFocus(forward: Bool, echoOnScreen: Bool) {
        var panes: [Pane] = [.tables]
        if explorer.current != nil { panes.append(.grid) }
        if echoVisible && echoOnScreen { panes.append(.echo) }
        let i = panes.firstIndex(of: focus) ?? 0
        focus = panes[(i + (forward ? 1 : panes.count - 1)) % panes.count]
    }

    func activate() {
        switch focus {
        case .tables:
            guard explorer.tables.indices.contains(tableCursor) else { return }
            openListedTable(at: tableCursor)
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
}
