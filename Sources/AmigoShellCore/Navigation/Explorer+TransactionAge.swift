// Explorer: how long the transaction holding pending changes has been open.

import Foundation

extension Explorer {
    // MARK: The age of the pending transaction

    /// How long, in seconds at `now`, changes have been pending in the session's transaction
    /// (since the first of them was noticed), or nil when none are pending. A transaction held
    /// open keeps locks and old row versions on the server: the UI shows its age.
    ///
    /// The start is noted the first time this is asked with changes pending (the run loop asks
    /// after every key) and forgotten once nothing is pending.
    public func pendingTransactionAge(now: Date = Date()) -> TimeInterval? {
        guard pendingChanges > 0 else {
            pendingSince = nil
            return nil
        }
        if pendingSince == nil { pendingSince = now }
        return now.timeIntervalSince(pendingSince ?? now)
    }

    /// `45s`, `2m05s`, `1h02m`: an age as the status line shows it.
    public static func ageText(_ seconds: TimeInterval) -> String {
        let s = Int(seconds)
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m" + String(format: "%02ds", s % 60) }
        return "\(s / 3600)h" + String(format: "%02dm", s % 3600 / 60)
    }
}
