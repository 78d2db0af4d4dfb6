import Foundation

/// SQL strings a model reuses on every write, built once per shape and kept for the model's life.
///
/// Keys are small integers (the kind of statement and a bit mask of the columns it writes), so
/// the hot path of `session.add` looks its SQL up without building a string.
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

/// Compiled queries of plain shapes (a `get` by key, the rows of a relationship), kept per model
/// so that running the same shape again only binds new arguments.
final class CompiledQueryCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: CompiledQuery] = [:]

    /// What identifies a plain query: its kind, the owner's model and relationship for a
    /// relationship scope, and the type of the objects built.
    struct Key: Hashable {
        var kind: Int
        var owner: ObjectIdentifier?
        var relationship: String
        var type: ObjectIdentifier
    }


    /// The query compiled for `key`, with its WHERE arguments replaced by `arguments`; `build`
    /// compiles it the first time.
    func compiled<T>(_ kind: Int, owner: ORMModel? = nil, relationship: String = "", arguments: [DatabaseValue], for type: T.Type,
                     _ build: () throws -> CompiledQuery) rethrows -> CompiledQuery {
        let fullKey = Key(kind: kind, owner: owner.map(ObjectIdentifier.init), relationship: relationship, type: ObjectIdentifier(T.self))
        lock.lock()
        let cached = entries[fullKey]
        lock.unlock()
        if var compiled = cached, compiled.statement.whereArguments.count == arguments.count, compiled.statement.joinArguments.isEmpty {
            compiled.statement.whereArguments = arguments
            return compiled
        }
        let compiled = try build()
        lock.lock()
        if entries.count > 256 { entries.removeAll() }
        entries[fullKey] = compiled
        lock.unlock()
        return compiled
    }
}

/// The SQL of `get(key)` on a bare query of one model (and the index of its extra rowid column),
/// compiled once for objects and once for records: `get` then only binds the key.
final class GetStatementCache: @unchecked Sendable {
    private let lock = NSLock()
    private var forObjects: (sql: String, rowIDIndex: Int?)?
    private var forRecords: (sql: String, rowIDIndex: Int?)?

    func statement(asRecord: Bool, _ build: () throws -> (sql: String, rowIDIndex: Int?)) rethrows -> (sql: String, rowIDIndex: Int?) {
        lock.lock()
        let cached = asRecord ? forRecords : forObjects
        lock.unlock()
        if let cached { return cached }
        let built = try build()
        lock.lock()
        if asRecord { forRecords = built } else { forObjects = built }
        lock.unlock()
        return built
    }
}
