import Foundation
import Synchronization

/// SQL strings a model reuses on every write, built once per shape and kept for the model's life
/// (one instance per dialect, in ``ModelStatementCaches``).
///
/// Keys are small integers (the kind of statement and a bit mask of the columns it writes), so
/// the hot path of `session.add` looks its SQL up without building a string.
///
/// `@unchecked Sendable`: its caches are guarded by a lock.
final class StatementTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [Int: String] = [:]

    /// Statement kinds.
    enum Kind: Int { case insert = 1, upsert, update, delete }

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

/// SQL fragments keyed by a string (such as an alias), computed once (per dialect, in
/// ``ModelStatementCaches``).
///
/// `@unchecked Sendable`: guarded by a lock.
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

/// The SQL of plain relationship queries over one model (the rows of `owner.children`, the
/// tags of an owner through a junction), compiled once per relationship: running one for
/// another owner only binds that owner's key. One per dialect, in ``ModelStatementCaches``.
///
/// `@unchecked Sendable`: guarded by a lock.
final class RelationshipQueryCache: @unchecked Sendable {
    private struct Entry {
        /// Weak: the model must not keep its relationships' owners alive (nor match a new
        /// relationship that happens to reuse a freed one's address).
        weak var relationship: Relationship?
        let asRecord: Bool
        let sql: String
        let rowIDIndex: Int?
    }
    private let lock = NSLock()
    private var entries: [Entry] = []

    func statement(for relationship: Relationship, asRecord: Bool) -> (sql: String, rowIDIndex: Int?)? {
        lock.lock()
        defer { lock.unlock() }
        for entry in entries where entry.relationship === relationship && entry.asRecord == asRecord { return (entry.sql, entry.rowIDIndex) }
        return nil
    }

    func store(_ sql: String, rowIDIndex: Int?, for relationship: Relationship, asRecord: Bool) {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll { $0.relationship == nil }
        if entries.count > 256 { entries.removeAll() }
        entries.append(Entry(relationship: relationship, asRecord: asRecord, sql: sql, rowIDIndex: rowIDIndex))
    }
}

/// The ``GetPlan``s of one model (for objects and for records), built on first use.
final class GetStatementCache: Sendable {
    private let plans = Mutex<(forObjects: GetPlan?, forRecords: GetPlan?)>((nil, nil))

    /// The plan for objects or records, built by `build` the first time.
    func plan(asRecord: Bool, _ build: () throws -> GetPlan) rethrows -> GetPlan {
        if let cached = plans.withLock({ asRecord ? $0.forRecords : $0.forObjects }) { return cached }
        let built = try build()
        plans.withLock { if asRecord { $0.forRecords = built } else { $0.forObjects = built } }
        return built
    }
}
