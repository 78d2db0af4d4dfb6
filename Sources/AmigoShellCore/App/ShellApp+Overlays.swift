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

    /// `F`: the current column's value frequencies over the view's rows.
    func showFrequencies() {
        guard let view = explorer.current else { setMessage("open a table first"); return }
        guard view.isModelView, view.cursorColumn < view.columns.count else {
            setMessage("a sql result has no frequencies here; GROUP BY in the sql"); return
        }
        attempt {
            let profile = try explorer.valueProfile(of: view.columns[view.cursorColumn])
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
        case .frequencies(let profile, var cursor):
            switch key {
            case .up, .char("k"): cursor = max(0, cursor - 1)
            case .down, .char("j"): cursor = min(max(0, profile.values.count - 1), cursor + 1)
            case .pageUp: cursor = max(0, cursor - 10)
            case .pageDown: cursor = min(max(0, profile.values.count - 1), cursor + 10)
            case .home, .char("g"): cursor = 0
            case .end, .char("G"): cursor = max(0, profile.values.count - 1)
            case .enter:
                overlay = .none
                guard cursor < profile.values.count else { return .none }
                attempt {
                    try explorer.keepRows(where: profile.column, equals: profile.values[cursor].value)
                    focus = .grid
                    setMessage(explorer.statusSummary)
                }
                return .none
            default:
                overlay = .none
                return .none
            }
            overlay = .frequencies(profile, cursor: cursor)
        case .relations(let rows, var cursor):
            switch key {
            case .up, .char("k"): cursor = max(0, cursor - 1)
            case .down, .char("j"): cursor = min(rows.count - 1, cursor + 1)
            case .home: cursor = 0
            case .end: cursor = rows.count - 1
            case .char(let digit) where digit.wholeNumberValue.map { (1...min(rows.count, RowLinks.numberedLimit)).contains($0) } == true:
                // A line's number follows it at once.
                typeAhead = ""
                overlay = .none
                followLink(number: digit.wholeNumberValue ?? 1)
                return .none
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
                    rowLinksRead = nil
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
}
