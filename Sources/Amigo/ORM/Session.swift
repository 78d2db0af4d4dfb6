import Foundation
import Synchronization

/// A unit of work on one engine: it opens a transaction when created, and everything it writes
/// stays invisible to other connections until ``commit()``.
///
///     let session = try amigo.openSession()              // BEGIN
///     let lucy = Dog(); lucy.label = "Lucy"
///     try session.add(lucy)                        // INSERT INTO "dog" ("label") VALUES (?); lucy.id is set
///     lucy.label = "Ollie"
///     try session.add(lucy)                        // lucy was inserted, so: UPDATE "dog" SET "label" = ? WHERE "id" = ?
///     try session.commit()                         // COMMIT, then BEGIN again
///     try session.close()                          // ROLLBACK of what was not committed; other sessions may begin
///
/// `add` inserts objects that have no row yet and updates the ones that do (fetched, or added
/// before) — change a property and add the object again to save it. ``rollback()`` undoes the
/// session's changes and begins again; ``close()`` (or releasing the session) rolls back
/// whatever was not committed. When ``commit()`` returns, the rows are committed (durable);
/// when it throws, nothing was committed and the transaction is still open.
///
/// **One session per engine at a time.** An engine has one connection, so a session owns the
/// engine's transaction from its creation until it is closed (see ``TransactionGate``): a
/// session created meanwhile on another thread waits for it to close (up to
/// ``Engine/sessionWaitTimeout``, then ``AmigoError/sessionBusy(path:waited:)``), and one
/// created on the same thread throws ``AmigoError/sessionAlreadyOpen(path:)``. Sessions never
/// nest implicitly; nesting is ``savepoint(_:)``. Close a session (or let it go) when its work
/// is done, so that other threads' sessions can begin. For truly concurrent transactions, give
/// each thread its own engine (connection) on the same file: SQLite's busy timeout
/// (``OpenOptions/busyTimeoutMilliseconds``) then arbitrates between them.
///
/// **Threads.** A session may be shared by several threads: every operation runs with exclusive
/// use of the engine, and ``commit()`` and ``rollback()`` end the transaction and begin the next
/// in one step, so another thread never finds the session closed in between; its statements
/// simply run before or after the commit. Objects and queries passed between threads are
/// the caller's to synchronize.
public final class Session: @unchecked Sendable {
    /// The models and engine.
    public let amigo: AmigoDatabase
    /// The engine statements run on.
    public var engine: any Engine { amigo.engine }
    /// Serializes begin, commit, rollback and close (never held while waiting for the engine's gate
    /// on behalf of another session).
    private let lock = NSRecursiveLock()
    /// Whether the transaction is open, and rows changed since the last commit or rollback:
    /// atomics, so that the hot path of `add` takes no lock. `active` changes only while the
    /// engine is serialized, so a statement that checks it inside `engine.serialized` cannot
    /// run after the session closed.
    private let activeFlag = Atomic<Bool>(false)
    private let changeCounter = Atomic<Int>(0)
    private var active: Bool {
        get { activeFlag.load(ordering: .acquiring) }
        set { activeFlag.store(newValue, ordering: .releasing) }
    }
    private var changes: Int {
        get { changeCounter.load(ordering: .relaxed) }
        set { changeCounter.store(newValue, ordering: .relaxed) }
    }

    init(amigo: AmigoDatabase) throws {
        self.amigo = amigo
        try begin()
    }

    /// A session that has not begun (see ``handOver(to:)``).
    private init(takingOver amigo: AmigoDatabase) {
        self.amigo = amigo
    }

    /// Hands this session's open transaction, with its pending changes, to a new session over
    /// `amigo` — models reflected again on the same engine after a schema change made inside the
    /// transaction (a `CREATE TABLE` the user ran) — and ends this one without committing or
    /// rolling anything back. Nothing is lost and no other session can begin in between.
    ///
    /// - Throws: ``AmigoError/sessionClosed`` when this session is closed;
    ///   ``AmigoError/invalidOperation(_:)`` when `amigo` is on another engine.
    public func handOver(to amigo: AmigoDatabase) throws -> Session {
        try lock.withLock {
            guard active else { throw AmigoError.sessionClosed }
            guard amigo.engine === self.engine else {
                throw AmigoError.invalidOperation("a session can only be handed to models on the same engine")
            }
            let next = Session(takingOver: amigo)
            engine.serialized {
                next.changes = changes
                next.active = true
                engine.transactionGate.transfer(from: self, to: next)
                active = false
                changes = 0
            }
            return next
        }
    }

    deinit {
        if active { try? finish(commit: false, restart: false) }
    }

    /// Whether the session's transaction is open (it owns the engine).
    public var isActive: Bool { active }

    /// Rows inserted, updated or deleted since the last commit or rollback.
    public var pendingChangeCount: Int { changes }

    private static let savepointCounter = SavepointCounter()

    /// Opens the transaction (BEGIN) after taking ownership of the engine; does nothing when the
    /// session is open. ``commit()`` and ``rollback()`` of a closed session call it too.
    ///
    /// - Throws: ``AmigoError/sessionAlreadyOpen(path:)`` when another session is open on the engine
    ///   on this thread; ``AmigoError/sessionBusy(path:waited:)`` when another thread's session did
    ///   not close within ``Engine/sessionWaitTimeout``; ``AmigoError/database(_:)`` when BEGIN fails
    ///   (for example because a transaction was opened on the engine directly).
    public func begin() throws {
        try lock.withLock {
            guard !active else { return }
            let gate = engine.transactionGate
            try gate.acquire(for: self, path: engine.path)
            do {
                try engine.serialized {
                    try engine.executeTransactionControl("BEGIN")
                    changes = 0
                    active = true
                }
            } catch {
                gate.release(for: self)
                throw error
            }
        }
    }

    /// Makes the session's changes permanent (COMMIT) and begins the next transaction, keeping
    /// the engine. When it returns, the rows are committed.
    ///
    /// - Throws: ``AmigoError/database(_:)`` when COMMIT fails (the transaction stays open: commit
    ///   again or roll back); ``AmigoError/invalidOperation(_:)`` when the transaction had already
    ///   been rolled back by SQLite (after an I/O or disk-full error) with changes pending — those
    ///   changes are lost, and a new transaction is open.
    public func commit() throws { try finish(commit: true, restart: true) }

    /// Undoes the session's changes (ROLLBACK) and begins the next transaction, keeping the engine.
    public func rollback() throws { try finish(commit: false, restart: true) }

    /// Rolls back what was not committed, ends the session and gives the engine up, so that
    /// another session may begin. Closing a closed session does nothing.
    public func close() throws { try finish(commit: false, restart: false) }

    private func finish(commit: Bool, restart: Bool) throws {
        try lock.withLock {
            guard active else {
                if restart { try begin() }
                return
            }
            if !restart {
                // Whatever happens, the session ends and the engine is given up.
                defer { engine.transactionGate.release(for: self) }
                try engine.serialized {
                    defer { active = false; changes = 0 }
                    if engine.isInTransaction { try engine.executeTransactionControl(commit ? "COMMIT" : "ROLLBACK") }
                }
                return
            }
            // COMMIT (or ROLLBACK) and BEGIN in one serialized step: other threads using this
            // session never see it closed, and no other statement runs between the two.
            var lost = 0
            do {
                try engine.serialized {
                    if engine.isInTransaction {
                        try engine.executeTransactionControl(commit ? "COMMIT" : "ROLLBACK")
                    } else if commit {
                        // SQLite rolled the transaction back on its own (I/O error, disk full…).
                        lost = changes
                    }
                    changes = 0
                    do {
                        try engine.executeTransactionControl("BEGIN")
                    } catch {
                        active = false
                        throw error
                    }
                }
            } catch {
                if !active { engine.transactionGate.release(for: self) }
                throw error
            }
            if lost > 0 {
                throw AmigoError.invalidOperation(
                    "commit: the transaction had already been rolled back by SQLite after an error; \(lost) pending change(s) are lost")
            }
        }
    }

    /// Ends the read transaction and begins a new one when nothing is pending, so that the session
    /// sees other connections' commits and holds no lock while idle (amigo-shell does this between
    /// views). The session keeps the engine.
    public func refresh() throws {
        try lock.withLock {
            guard active, changes == 0 else { return }
            // Nothing to keep: roll back rather than commit, so that a write that failed (and was
            // undone by SQLite) does not bump the file's change counter.
            try finish(commit: false, restart: true)
        }
    }

    /// Runs `body` inside a SAVEPOINT of the session's transaction: if it throws, its changes are
    /// rolled back and the error rethrown; otherwise they join the session's transaction (and are
    /// committed with it). This is the only way to nest work in a session. The engine stays
    /// serialized for this thread while `body` runs.
    ///
    /// - Throws: ``AmigoError/sessionClosed`` when the session is closed, or what `body` throws.
    public func savepoint<R>(_ body: () throws -> R) throws -> R {
        try engine.serialized {
            guard isActive else { throw AmigoError.sessionClosed }
            let name = "amigo_\(Session.savepointCounter.next())"
            try engine.executeTransactionControl("SAVEPOINT \(name)")
            let before = pendingChangeCount
            do {
                let result = try body()
                try engine.executeTransactionControl("RELEASE \(name)")
                return result
            } catch {
                try? engine.executeTransactionControl("ROLLBACK TO \(name)")
                try? engine.executeTransactionControl("RELEASE \(name)")
                changes = before
                throw error
            }
        }
    }

    func checkWritable(_ operation: String) throws {
        guard isActive else { throw AmigoError.sessionClosed }
        if engine.isReadOnly { throw AmigoError.readOnly(path: engine.path, operation: operation) }
    }

    /// Views (reflected from a file) are read-only models: their rows have no key to write back to.
    func checkEditable(_ model: ORMModel, _ operation: String) throws {
        if model.table.isView {
            throw AmigoError.invalidOperation("cannot \(operation): \(model.name) is a view, its rows are read-only")
        }
    }

    func recordChanges(_ count: Int) { changeCounter.add(count, ordering: .relaxed) }

    // MARK: Queries

    /// A query over the compiled model `type`.
    @inlinable
    public func query<M: AmigoModel>(_ type: M.Type) -> Query<M> {
        Query(amigo: amigo, compiled: type, session: self)
    }

    /// A query over the run-time or reflected model named `name`.
    public func query(_ name: String) -> Query<Record> {
        Query(amigo: amigo, model: Result { try amigo.model(named: name) }, session: self)
    }

    // MARK: Writes

    /// Inserts the objects that have no row yet and updates the others; with `upsert`, writes
    /// them with INSERT OR REPLACE. New integer keys and default values are written back.
    /// Related objects (to-one properties) that have no row yet are inserted first.
    public func add(_ objects: AmigoModel..., upsert: Bool = false) throws {
        try add(objects, upsert: upsert)
    }

    /// Adds an array of objects; see ``add(_:upsert:)-(AmigoModel...,_)``.
    public func add(_ objects: [AmigoModel], upsert: Bool = false) throws {
        try engine.serialized {
            // Checked while the engine is serialized: a close on another thread cannot slip in between.
            try checkWritable("add rows")
            var visiting = Set<ObjectIdentifier>()
            for object in objects {
                visiting.removeAll(keepingCapacity: true)
                try save(object, upsert: upsert, visiting: &visiting)
            }
        }
    }

    func save(_ object: AmigoModel, upsert: Bool, visiting: inout Set<ObjectIdentifier>) throws {
        let model = try amigo.model(of: object)
        try checkEditable(model, "add rows")
        if model.access.hasObjectRelationships && !model.isDynamic && type(of: object) != Record.self {
            guard visiting.insert(ObjectIdentifier(object)).inserted else { return }
            for case let (getter, _, _)? in model.access.slotObjects {
                if let related = getter(object), !related.isPersisted {
                    try save(related, upsert: upsert, visiting: &visiting)
                }
            }
        }
        // `Record` is final: comparing the type is enough, and cheaper than a dynamic cast per row.
        let record = type(of: object) == Record.self ? unsafeDowncast(object, to: Record.self) : nil
        if !upsert && !object.isPersisted && record == nil && model.insertsDirectly {
            try insertDirectly(object, model: model)
            return
        }
        let writer = ModelWriter(model: model, dialect: engine.dialect)
        if upsert || !object.isPersisted {
            let write = writer.insert(object, replace: upsert, writeBack: true)
            let result = try engine.execute(write.sql, write.arguments)
            if let key = write.assignsKey { model.setStoredValue(result.insertedKey, of: key, in: object) }
            if let record, model.table.primaryKey.isEmpty, model.table.hasRowID, engine.dialect.rowIdentifier != nil {
                record.rowID = result.lastInsertRowID
            }
            recordChanges(max(1, result.changes))
        } else {
            let write = try writer.update(object)
            guard !write.sql.isEmpty else { return }
            try executeUpdate(write, of: object, model: model)
        }
        object.isPersisted = true
        record?.originalKey = nil
    }

    /// Inserts a new compiled object by binding its properties into the INSERT (see
    /// ``ORMModel/insertsDirectly``) and writes the assigned key back.
    private func insertDirectly(_ object: AmigoModel, model: ORMModel) throws {
        let keyMissing = model.integerKeyIsMissing(object)
        let sql = model.directInsertSQL(keyMissing: keyMissing, dialect: engine.dialect)
        let result = try engine.withPreparedWrite(sql) { run in
            try run { binder in model.bindInsert(object, keyMissing: keyMissing, into: &binder) }
        }
        if keyMissing, let key = model.access.integerKeyIndex {
            model.setStoredValue(result.insertedKey, of: model.table.columns[key], in: object)
        }
        recordChanges(max(1, result.changes))
        object.isPersisted = true
    }

    /// Runs an UPDATE of `object`'s row and counts it; no row changed means the row is gone.
    func executeUpdate(_ write: ModelWriter.Write, of object: AmigoModel, model: ORMModel) throws {
        let result = try engine.execute(write.sql, write.arguments)
        if result.changes == 0 {
            let key = model.primaryKeyValues(of: object).map(\.description).joined(separator: ", ")
            throw AmigoError.invalidOperation("no \(model.name) row with key \(key) to update (deleted elsewhere?)")
        }
        recordChanges(result.changes)
    }

    /// Updates only the given columns of a persisted object (what amigo-shell's cell edit runs),
    /// returning the statement it ran.
    @discardableResult
    public func update(_ object: AmigoModel, columns names: [String]) throws -> (sql: String, arguments: [DatabaseValue]) {
        try engine.serialized {
            try checkWritable("edit rows")
            let model = try amigo.model(of: object)
            try checkEditable(model, "edit rows")
            let columns = try model.columns(named: names)
            let write = try ModelWriter(model: model, dialect: engine.dialect).update(object, columns: columns)
            try executeUpdate(write, of: object, model: model)
            (object as? Record)?.originalKey = nil
            return (write.sql, write.arguments)
        }
    }

    /// The UPDATE that ``update(_:columns:)`` would run, without running it (for previews).
    public func previewUpdate(_ object: AmigoModel, columns names: [String]) throws -> (sql: String, arguments: [DatabaseValue]) {
        let model = try amigo.model(of: object)
        let columns = try model.columns(named: names)
        let write = try ModelWriter(model: model, dialect: engine.dialect).update(object, columns: columns)
        return (write.sql, write.arguments)
    }

    /// Deletes the objects' rows. An object without a key (never saved) is skipped.
    public func delete(_ objects: AmigoModel...) throws { try delete(objects) }

    /// Deletes an array of objects.
    public func delete(_ objects: [AmigoModel]) throws {
        try engine.serialized {
            try checkWritable("delete rows")
            for object in objects {
                let model = try amigo.model(of: object)
                try checkEditable(model, "delete rows")
                let keys = model.primaryKeyValues(of: object)
                if keys.isEmpty || keys.contains(where: \.isNull) { continue }
                let write = try ModelWriter(model: model, dialect: engine.dialect).delete(object)
                let result = try engine.execute(write.sql, write.arguments)
                recordChanges(result.changes)
                object.isPersisted = false
                (object as? Record)?.originalKey = nil
            }
        }
    }

    /// Starts a change to the relationships of `owner`: `session.using(parent).relationship("children").add(child)`.
    public func using(_ owner: AmigoModel) -> RelationshipEditor.Builder {
        RelationshipEditor.Builder(session: self, owner: owner)
    }

    /// Collects adds, upserts and deletes and runs them together, inside a savepoint, when `body`
    /// returns. Keys and defaults are not written back to the objects. Objects whose related
    /// objects have no row yet are saved with a normal ``add(_:upsert:)-(AmigoModel...,_)`` instead.
    public func batch(_ body: (Batch) throws -> Void) throws {
        try checkWritable("run a batch")
        let batch = Batch(session: self)
        try body(batch)
        try batch.execute()
    }

    // MARK: Raw SQL

    /// Runs one statement with arguments through the session's transaction, echo and errors.
    ///
    /// The statement is prepared before it runs, so that bad SQL (``AmigoError/database(_:)``),
    /// several statements at once (only the first would run) and, on a read-only database, a
    /// statement that writes are all refused before anything is applied.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> ExecutionResult {
        try engine.serialized {
            guard isActive else { throw AmigoError.sessionClosed }
            try Session.refuseTransactionControl(sql)
            let readsOnly = try Session.readsOnly(sql, on: engine)
            if engine.isReadOnly && !readsOnly {
                throw AmigoError.readOnly(path: engine.path, operation: "run a statement that writes")
            }
            let result = try engine.execute(sql, arguments)
            if !readsOnly { recordChanges(result.changes) }
            return result
        }
    }

    /// Refuses BEGIN, COMMIT, END and ROLLBACK (but not `ROLLBACK TO`): they would end or nest the
    /// session's transaction behind its back. SAVEPOINT, RELEASE and `ROLLBACK TO` stay allowed.
    static func refuseTransactionControl(_ sql: String) throws {
        let words = sql.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).prefix(3).map { $0.uppercased() }
        guard let first = words.first, ["BEGIN", "COMMIT", "END", "ROLLBACK"].contains(first) else { return }
        if first == "ROLLBACK", words.dropFirst().contains("TO") { return }
        throw AmigoError.invalidOperation(
            "\(first) cannot run inside a session: use session.commit(), session.rollback() or session.close(), and session.savepoint { } to nest")
    }

    /// Whether `sql` only reads, checked by preparing it before it runs. Several statements at
    /// once are refused here (the engine would run only the first); a statement that does not
    /// even prepare counts as reading, so that the engine runs it and reports (and echoes) its error.
    static func readsOnly(_ sql: String, on engine: any Engine) throws -> Bool {
        do {
            return try engine.isReadOnlyStatement(sql)
        } catch AmigoError.database {
            return true
        }
    }
}

/// Hands out unique savepoint names.
final class SavepointCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}
