import Amigo

/// Recording what ran in ``Explorer/history``.
extension Explorer {
    /// Runs `body` for the command line `line` (parsed as `command`, when it parsed) and records
    /// it in ``history``: when, how long, its rows (a write's changed rows, or the rows of the
    /// view it shows) and its error, which is rethrown.
    package func recordingHistory<T>(_ line: String, _ command: Command?, _ body: () throws -> T) rethrows -> T {
        let changesBefore = changeLog.changes.count
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        return try history.recording(trimmed, rows: { [unowned self] in historyRows(command, changesBefore: changesBefore) }, body)
    }

    /// The rows a command that just ran showed or changed, or nil when it has none to speak of.
    func historyRows(_ command: Command?, changesBefore: Int) -> Int? {
        if changeLog.changes.count > changesBefore { return changeLog.changes.last?.rows }
        guard let command else { return nil }
        switch command {
        case .open, .filter, .order, .follow, .back, .sql, .show, .count, .runSaved, .get:
            return current?.totalCount
        default:
            return nil
        }
    }
}

extension Explorer {
    /// Saves `line` (a history entry, `s` in the `H` pop-up) as the saved query named `name`
    /// (trimmed); returns what to say: `cancelled` for an empty name.
    ///
    /// - Throws: as `save NAME COMMAND` (a bad name, a saved-queries file that cannot be written).
    package func saveHistoryEntry(_ line: String, as name: String) throws -> String {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return "cancelled" }
        return try execute(.save(name: name, command: line)).status + " (run \(name) runs it)"
    }
}
