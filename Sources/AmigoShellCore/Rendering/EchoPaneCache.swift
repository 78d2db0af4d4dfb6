import Amigo
import Foundation

/// The echo pane laid out once per change of its log or width, each statement's lines once: a
/// frame asks for the pane up to three times (the layout clamps the scroll, the layout is made
/// again over the prepared frame, the renderer draws it), and a statement is wrapped and coloured
/// when it is first shown, not again on every frame while it stays in the pane.
///
/// `@unchecked Sendable`: its one entry is guarded by a lock.
final class EchoPaneCache: @unchecked Sendable {
    /// The cache every explorer's pane goes through (the key names the log, so two explorers
    /// never see each other's pane).
    static let shared = EchoPaneCache()

    /// What a pane was made from: the log, how many events it ever recorded and holds, the width
    /// and how many statements it shows.
    private struct Key: Equatable {
        let log: ObjectIdentifier
        let total: Int
        let count: Int
        let width: Int
        let limit: Int
    }

    private let lock = NSLock()
    private var last: (key: Key, pane: EchoPane)?
    /// Each shown statement's lines, by the statement's number in its log (the first one ever
    /// recorded is 0), for ``linesLog`` at ``linesWidth``.
    private var linesByNumber: [Int: [EchoPane.Line]] = [:]
    private var linesLog: ObjectIdentifier?
    private var linesWidth = 0

    /// The pane of `log`'s newest `limit` statements for `width` columns: the last one made when
    /// nothing was recorded, cleared or resized since; otherwise made of each statement's lines,
    /// laid out only for the statements not shown before.
    func pane(of log: EchoLog, width: Int, limit: Int = EchoPaneLines.statementsKept) -> EchoPane {
        let (entries, total) = log.entriesAndTotal
        let key = Key(log: ObjectIdentifier(log), total: total, count: entries.count, width: width, limit: limit)
        return lock.withLock {
            if let last, last.key == key { return last.pane }
            if linesLog != key.log || linesWidth != width { linesByNumber = [:] }
            (linesLog, linesWidth) = (key.log, width)
            let first = max(0, entries.count - limit)
            let shown = Array(entries[first...])
            let firstNumber = total - entries.count + first
            var kept: [Int: [EchoPane.Line]] = [:]
            let lines = shown.enumerated().map { offset, event in
                let number = firstNumber + offset
                let own = linesByNumber[number] ?? EchoPane.lines(of: event, width: width)
                kept[number] = own
                return own
            }
            linesByNumber = kept
            let pane = EchoPane(shown, lines: lines)
            last = (key, pane)
            return pane
        }
    }
}
