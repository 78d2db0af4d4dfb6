// ShellApp: the pop-ups (relations, help, confirmations) and their keys.

import Amigo

extension ShellApp {
    func showRelations() {
        guard let view = explorer.current else { setMessage("open a table first"); return }
        guard view.isModelView else { setMessage("a sql result has no relationships; open a table to follow them"); return }
        attempt {
            let rows = try explorer.relations()
            if rows.isEmpty { setMessage("\(view.model?.name ?? "") has no relationships"); return }
            relationLabels = explorer.toOneLabels(rows.map(\.relationship))
            overlay = .relations(rows: rows, cursor: 0)
        }
    }

    /// `F`: the current column's value frequencies over the view's rows (`freq PATH`: the path's).
    func showFrequencies(of path: String? = nil) {
        guard let view = explorer.current else { setMessage("open a table first"); return }
        guard view.isModelView, view.cursorColumn < view.columns.count else {
            setMessage("a sql result has no frequencies here; GROUP BY in the sql"); return
        }
        attempt {
            let profile = try explorer.valueProfile(of: path ?? view.columns[view.cursorColumn])
            overlay = .frequencies(profile, cursor: 0)
        }
    }

    func handleOverlay(_ key: Key) -> ShellEffect {
        switch overlay {
        case .schemaMap(var browser):
            switch browser.handle(key) {
            case .stay: overlay = .schemaMap(browser)
            case .close: overlay = .none
            case .open(let table):
                overlay = .none
                attempt {
                    try explorer.open(table)
                    focus = .grid
                    setMessage(explorer.statusSummary)
                }
            }
        case .entityPage(var browser):
            switch browser.handle(key) {
            case .stay: overlay = .entityPage(browser)
            case .close: overlay = .none
            case .go(let target):
                overlay = .none
                attempt {
                    try explorer.go(to: target)
                    focus = .grid
                    setMessage(explorer.statusSummary)
                }
            }
        case .frequencies(let profile, let cursor):
            switch FrequencyListKeys.outcome(of: key, count: profile.values.count, cursor: cursor) {
            case .stay(let moved):
                overlay = .frequencies(profile, cursor: moved)
            case .keep(let index):
                overlay = .none
                attempt {
                    try explorer.keepRows(of: profile.values[index], in: profile)
                    focus = .grid
                    setMessage(explorer.statusSummary)
                }
            case .close:
                overlay = .none
            }
        case .relations(let rows, let cursor):
            switch RelationsMenuKeys.outcome(of: key, names: rows.map(\.relationship.name), cursor: cursor, typeAhead: typeAhead) {
            case .stay(let moved, let typed):
                typeAhead = typed
                overlay = .relations(rows: rows, cursor: moved)
            case .followNumber(let number):
                typeAhead = ""
                overlay = .none
                followLink(number: number)
            case .follow(let name):
                typeAhead = ""
                overlay = .none
                attempt {
                    try explorer.follow(name)
                    focus = .grid
                    setMessage("\(name): " + Plural.count(explorer.current?.totalCount ?? 0, "row"))
                }
            case .close:
                typeAhead = ""
                overlay = .none
            }
        case .history(var browser):
            let outcome = browser.handle(key)
            overlay = outcome == .stay ? .history(browser) : .none
            if case .run(let line) = outcome { return submit(.command, text: line) }
            if case .prompt(let request) = outcome { return .prompt(request) }
        case .foldingDetail(var browser):
            overlay = browser.handle(key) ? .foldingDetail(browser) : .none
        case .detail(let text, let scroll):
            overlay = TextOverlayKeys.scrolled(scroll, by: key).map { .detail(text: text, scroll: $0) } ?? .none
        case .help(let scroll):
            overlay = TextOverlayKeys.scrolled(scroll, by: key).map { .help(scroll: $0) } ?? .none
        case .output(let title, let text, let scroll):
            overlay = TextOverlayKeys.scrolled(scroll, by: key).map { .output(title: title, text: text, scroll: $0) } ?? .none
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
                setMessage(form.purpose == .insert ? "add cancelled" : "link cancelled")
            case .submit:
                do {
                    overlay = .confirmWrite(try explorer.previewWrite(form.command))
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
        case .confirmReconnect:
            overlay = .none
            if key == .char("y") || key == .char("Y") || key == .enter {
                // A server still away fails again, and the prompt comes back with its reason.
                attempt {
                    setMessage(try explorer.reconnect())
                    reconnectDeclined = false
                    rowLinks.forget()
                    focus = explorer.current == nil ? .tables : focus
                }
            } else {
                reconnectDeclined = true
                message = "not reconnected — :reconnect connects again"
                messageIsError = true
                messageIsSummary = false
            }
        case .none:
            break
        }
        return .none
    }
}
