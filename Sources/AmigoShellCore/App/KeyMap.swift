/// What a key does in the terminal UI.
package enum ShellAction: String, Sendable, CaseIterable {
    case moveUp, moveDown, moveLeft, moveRight, pageUp, pageDown, top, bottom
    case nextPane, previousPane, activate, relations, followLink, back
    case filterPrompt, find, frequencies, schemaMap, entityPage, copyCell, copyRow, findNext, findPrevious, jumpToKey, openTable, commandPrompt, sortAscending, sortDescending
    case dotCommand, fullMessage
    case hideColumn, unhideColumns, narrowColumn, widenColumn, pinColumn, addSortKey, jsonColumn
    case history
    case detail, edit, insertRow, deleteRow, deleteAll, undo, explain, filterEqual, toggleEcho, help, quit, suspend, redraw, refresh
}

extension ShellAction {
    /// Whether the action only moves the cursor or the focus (so what was read for a row stays true).
    var onlyMoves: Bool {
        [.moveUp, .moveDown, .moveLeft, .moveRight, .pageUp, .pageDown, .top, .bottom, .nextPane, .previousPane].contains(self)
    }
}

/// One entry of the key map: the keys, how help shows them, the action and its description.
/// The same table drives dispatch, the help screen and the hint line (as in lazygit).
package struct KeyBinding: Sendable {
    /// Keys that trigger it.
    public let keys: [Key]
    /// How help writes the keys.
    package let label: String
    /// The action.
    package let action: ShellAction
    /// What it does.
    package let summary: String
}

/// The key map of the grid and the panes.
package enum KeyMap {
    /// Every binding, in help order.
    package static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .char("k")], label: "↑ k", action: .moveUp, summary: "previous row"),
        KeyBinding(keys: [.down, .char("j")], label: "↓ j", action: .moveDown, summary: "next row"),
        KeyBinding(keys: [.left, .char("h")], label: "← h", action: .moveLeft, summary: "previous column"),
        KeyBinding(keys: [.right, .char("l")], label: "→ l", action: .moveRight, summary: "next column"),
        KeyBinding(keys: [.pageUp, .control("b")], label: "PgUp", action: .pageUp, summary: "page up"),
        KeyBinding(keys: [.pageDown, .control("f"), .char(" ")], label: "PgDn Space", action: .pageDown, summary: "page down"),
        KeyBinding(keys: [.home, .char("g")], label: "g Home", action: .top, summary: "first row"),
        KeyBinding(keys: [.end, .char("G")], label: "G End", action: .bottom, summary: "last row"),
        KeyBinding(keys: [.tab], label: "Tab", action: .nextPane, summary: "next pane (tables, grid, echo)"),
        KeyBinding(keys: [.backTab], label: "S-Tab", action: .previousPane, summary: "previous pane"),
        KeyBinding(keys: [.enter], label: "Enter", action: .activate, summary: "open table · jump to the row a foreign key points at · relations of the row"),
        KeyBinding(keys: [.char("r")], label: "r", action: .relations, summary: "relationships of the current row, with counts; Enter or its number follows one"),
        KeyBinding(keys: (1...RowLinks.numberedLimit).map { .char(Character(String($0))) }, label: "1-9", action: .followLink,
                   summary: "follow the row's link with that number (under the panes); no table open yet: open table N"),
        KeyBinding(keys: [.backspace, .escape, .char("b")], label: "Bksp Esc b", action: .back, summary: "back one step: the previous view, filter or sort (its row restored)"),
        KeyBinding(keys: [.char("t")], label: "t", action: .openTable, summary: "open a table by name (Tab completes); Album:4 at key 4, Track/snow at the first row with snow"),
        KeyBinding(keys: [.char("f")], label: "f", action: .find, summary: "find as you type: the next row whose current column contains a text (else any column)"),
        KeyBinding(keys: [.char("F")], label: "F", action: .frequencies, summary: "profile of this column: counts, percent, bars, ranges, dangling keys; Enter keeps a line's rows"),
        KeyBinding(keys: [.char("m")], label: "m", action: .schemaMap, summary: "map of the whole file: tables, row counts, relationships; Enter opens the table under the cursor"),
        KeyBinding(keys: [.char("n")], label: "n", action: .findNext, summary: "next match of the last find"),
        KeyBinding(keys: [.char("N")], label: "N", action: .findPrevious, summary: "previous match of the last find"),
        KeyBinding(keys: [.char("#")], label: "#", action: .jumpToKey, summary: "jump to the row with a key (composite keys: 1,2)"),
        KeyBinding(keys: [.char("/")], label: "/", action: .filterPrompt, summary: "filter rows (Milliseconds > 300000 AND Composer CONTAINS[c] 'page'; a value alone: this column)"),
        KeyBinding(keys: [.char(":")], label: ":", action: .commandPrompt, summary: "command prompt (help lists commands)"),
        KeyBinding(keys: [.char(".")], label: ".", action: .dotCommand, summary: "the command prompt with a sqlite3 dot-command started (.tables, .schema …)"),
        KeyBinding(keys: [.char("M")], label: "M", action: .fullMessage, summary: "the last message in full (the status line cuts a long one, ending it with M all)"),
        KeyBinding(keys: [.char("s")], label: "s", action: .sortAscending, summary: "sort by this column, ascending"),
        KeyBinding(keys: [.char("S")], label: "S", action: .sortDescending, summary: "sort by this column, descending"),
        KeyBinding(keys: [.char("+")], label: "+", action: .addSortKey, summary: "then sort by this column too (a second key, a third …); again on it: descending"),
        KeyBinding(keys: [.char("-")], label: "-", action: .hideColumn, summary: "hide this column (remembered for the table this session; :hide COLUMN)"),
        KeyBinding(keys: [.char("~")], label: "~", action: .unhideColumns, summary: "show every hidden column of this table again (:unhide COLUMN for one)"),
        KeyBinding(keys: [.char("<")], label: "<", action: .narrowColumn, summary: "narrow this column (:width COLUMN N sets it, :width COLUMN auto resets)"),
        KeyBinding(keys: [.char(">")], label: ">", action: .widenColumn, summary: "widen this column"),
        KeyBinding(keys: [.char("!")], label: "!", action: .pinColumn, summary: "pin this column at the left, kept while the grid scrolls sideways; again: unpin"),
        KeyBinding(keys: [.char("J")], label: "J", action: .jsonColumn,
                   summary: "show a key of this JSON column as a column of its own (types :column json(body). for you)"),
        KeyBinding(keys: [.char("v")], label: "v", action: .detail, summary: "row detail: long text wrapped, JSON indented (Enter folds, - folds all, + unfolds), BLOBs in hex"),
        KeyBinding(keys: [.char("p")], label: "p", action: .entityPage, summary: "the row as a page: its to-one chain, the first rows of each to-many; Enter follows a line"),
        KeyBinding(keys: [.char("y")], label: "y", action: .copyCell, summary: "copy this cell's whole value (OSC 52); in the echo pane, the reversed statement as runnable SQL"),
        KeyBinding(keys: [.char("Y")], label: "Y", action: .copyRow, summary: "copy this row to the clipboard as TSV (a header line, then the row)"),
        KeyBinding(keys: [.char("e")], label: "e", action: .edit, summary: "edit this cell (shows the UPDATE before it runs)"),
        KeyBinding(keys: [.char("a")], label: "a", action: .insertRow, summary: "add a row: a form with every column (Tab moves, Enter shows the INSERT before it runs)"),
        KeyBinding(keys: [.char("d")], label: "d", action: .deleteRow, summary: "delete this row (shows the DELETE and what ON DELETE actions also do, then asks)"),
        KeyBinding(keys: [.char("D")], label: "D", action: .deleteAll, summary: "delete every row of the view, its count and cascades shown first"),
        KeyBinding(keys: [.char("=")], label: "=", action: .filterEqual, summary: "keep rows whose column equals this cell"),
        KeyBinding(keys: [.char("E")], label: "E", action: .toggleEcho, summary: "show or hide the SQL echo pane"),
        KeyBinding(keys: [.char("?"), .function(1)], label: "? F1", action: .help, summary: "this help"),
        KeyBinding(keys: [.char("q"), .control("c")], label: "q ^C", action: .quit, summary: "quit (asks when changes are uncommitted)"),
        KeyBinding(keys: [.control("z")], label: "^Z", action: .suspend, summary: "suspend to the shell (fg comes back)"),
        KeyBinding(keys: [.control("l")], label: "^L", action: .redraw, summary: "redraw the screen"),
        KeyBinding(keys: [.char("R"), .control("r")], label: "R ^R", action: .refresh, summary: "read counts and rows again (the UI also does when another program commits)"),
        KeyBinding(keys: [.char("u")], label: "u", action: .undo, summary: "undo the last uncommitted write only (:changes lists them)"),
        KeyBinding(keys: [.char("H")], label: "H", action: .history,
                   summary: "what ran this session (time, rows, failure): Enter runs again, e edits at :, s saves by name"),
        KeyBinding(keys: [.char("x")], label: "x", action: .explain, summary: "explain the view: how the database runs its statement, full scans marked, an index that would help"),
    ]

    private static let index: [Key: ShellAction] = {
        var map: [Key: ShellAction] = [:]
        for binding in bindings { for key in binding.keys where map[key] == nil { map[key] = binding.action } }
        return map
    }()

    /// The action bound to `key`, if any.
    package static func action(for key: Key) -> ShellAction? { index[key] }

    /// The hints, most useful first; ``hints(width:)`` keeps as many as fit.
    /// Short words, so that at 120 columns the edit keys and the command prompt show too.
    static let hintItems = ["Enter follow", "t table", "/ filter", "f find", ": command", "e edit", "a add", "d delete",
                            "s/S sort", "F freq", "Bksp back", "r relations", "# key", "1-9 follow", "= narrow", "n next", "v detail", "- hide", "< > width", "! pin", "+ sort too"]
    /// Always shown, at the end.
    static let hintTail = "? help · q quit"

    /// The hint line for `width` columns: as many hints as fit, then always `? help · q quit`.
    package static func hints(width: Int) -> String {
        var line = ""
        for item in hintItems {
            let candidate = line.isEmpty ? item : line + " · " + item
            if DisplayWidth.of(candidate + " · " + hintTail) > width { break }
            line = candidate
        }
        return line.isEmpty ? hintTail : line + " · " + hintTail
    }

    /// The full hint line (as wide as it gets).
    package static var hints: String { hints(width: Int.max) }
}
