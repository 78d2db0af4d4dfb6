import Foundation

/// What ran this session as the `H` pop-up shows it: each command and SQL statement with when it
/// ran, how long it took, its rows and whether it failed, newest at the bottom with the cursor
/// on it. Enter runs the entry again; `e` puts it in the `:` prompt to edit first; `s` asks a
/// name and saves it as a saved query (`run NAME`); any other key but the moving ones closes.
package struct HistoryBrowser: Sendable, Equatable {
    /// What a key asks of the pop-up.
    package enum Outcome: Sendable, Equatable {
        /// Stay open (the cursor may have moved).
        case stay
        /// Close it.
        case close
        /// Close it and run this line again.
        case run(String)
        /// Close it and read a line: the `:` prompt with the entry to edit (`e`), or the name to
        /// save it under as a saved query (`s`, `save as> `).
        case prompt(PromptRequest)
    }

    /// The entries, oldest first.
    package let entries: [HistoryEntry]
    /// The index of the entry under the cursor.
    package private(set) var cursor: Int

    /// A pop-up over `entries`, the cursor on the newest.
    package init(entries: [HistoryEntry]) {
        self.entries = entries
        cursor = max(0, entries.count - 1)
    }

    /// ↑ ↓ k j move one entry, PgUp PgDn ten, g Home and G End to the first and last; Enter runs
    /// the entry again; `e` edits it; `s` saves it by name; any other key closes.
    package mutating func handle(_ key: Key) -> Outcome {
        let last = max(0, entries.count - 1)
        switch key {
        case .up, .char("k"): cursor = max(0, cursor - 1)
        case .down, .char("j"): cursor = min(last, cursor + 1)
        case .pageUp: cursor = max(0, cursor - 10)
        case .pageDown, .char(" "): cursor = min(last, cursor + 10)
        case .home, .char("g"): cursor = 0
        case .end, .char("G"): cursor = last
        case .enter: return entries.indices.contains(cursor) ? .run(entries[cursor].line) : .close
        case .char("e"):
            return entries.indices.contains(cursor) ? .prompt(PromptRequest(kind: .command, prompt: ":", initialText: entries[cursor].line)) : .close
        case .char("s"):
            return entries.indices.contains(cursor) ? .prompt(PromptRequest(kind: .saveName(line: entries[cursor].line), prompt: "save as> ", initialText: "")) : .close
        default: return .close
        }
        return .stay
    }

    /// The keys that work in the pop-up, as its bottom border says.
    static let footer = "↑↓ entries · Enter runs again · e edits · s saves as… · Esc closes"

    /// One line per entry: time of day, duration, rows, `ok` or `failed: why`, the line.
    package func lines(timeZone: TimeZone = .current) -> [String] {
        let clock = DateFormatter()
        clock.dateFormat = "HH:mm:ss"
        clock.timeZone = timeZone
        clock.locale = Locale(identifier: "en_US_POSIX")
        return entries.map { entry in
            let rows = entry.rows.map { Plural.count($0, "row") } ?? ""
            let result = entry.failure.map { "failed: " + $0 } ?? "ok"
            return clock.string(from: entry.started) + "  " + CommandHistory.durationText(entry.duration).leftPadded(to: 7)
                + "  " + rows.leftPadded(to: 10) + "  " + entry.line + "  — " + result
        }
    }
}

extension String {
    /// The text with spaces in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
