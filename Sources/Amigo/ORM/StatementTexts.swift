import Foundation

/// SQL strings a model reuses on every write, built once per shape and kept for the model's life.
///
/// Keys are small integers (the kind of statement and a bit mask of the columns it writes), so
/// the hot path of `session.add` looks its SQL up without building a string.
final class StatementTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [Int: String] = [:]

    /// Statement kinds.
    enum Kind: Int { case insert = 1, upsert, update, delete, select, linkInsert, linkDelete }

    func text(_ kind: Kind, mask: Int = 0, _ build: () -> String) -> String {
        let key = kind.rawValue &<< 56 | (mask & 0x00ff_ffff_ffff_ffff)
        lock.lock()
        if let t = texts[key] { lock.unlock(); return t }
        lock.unlock()
        let t = build()
        lock.lock()
        texts[key] = t
        lock.unlock()
        return t
    }
}

/// SQL fragments keyed by a string (such as an alias), computed once.
final class TextCache: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String: String] = [:]

    func text(_ key: String, _ build: () -> String) -> String {
        lock.lock()
        if let t = texts[key] { lock.unlock(); return t }
        lock.unlock()
        let t = build()
        lock.lock()
        if texts.count > 64 { texts.removeAll() }
        texts[key] = t
        lock.unlock()
        return t
    }
}
