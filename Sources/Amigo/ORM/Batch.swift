import Synchronization

/// Adds and deletes collected by ``Session/batch(_:)`` and run together when the block returns.
///
/// The objects' values are read when the batch runs (as a flush reads them), not when they are
/// queued. Consecutive statements of the same shape run as one prepared statement; new compiled
/// objects are bound straight from their properties. Everything runs inside one savepoint: if
/// one statement fails, none of the batch stays. Generated keys and default values are not
/// written back.
public final class Batch {
    enum Operation {
        /// An add; with `upsert`, the destructive replace (``Session/replaceDeletingConflicts(_:)-(AmigoModel...)``).
        case add(AmigoModel, ORMModel, upsert: Bool)
        case delete(AmigoModel, ORMModel)
    }

    let session: Session
    private(set) var operations: [Operation] = []
    /// This batch's number, marked on the new objects it queues: one of them queued twice is
    /// refused (see ``add(_:)-([AmigoModel])``) without a set lookup per object.
    private let number: UInt32 = {
        let n = Batch.numbers.add(1, ordering: .relaxed).newValue
        return n == 0 ? Batch.numbers.add(1, ordering: .relaxed).newValue : n
    }()
    private static let numbers = Atomic<UInt32>(0)

    init(session: Session) { self.session = session }

    /// Queues INSERTs (or UPDATEs for objects that have rows).
    public func add(_ objects: AmigoModel...) throws { try queue(objects, deletingConflicts: false) }

    /// Queues an array of objects; see ``add(_:)-(AmigoModel...)``.
    ///
    /// The values are read when the batch runs, so one new object queued twice would write two
    /// identical rows: that is refused with ``AmigoError/objectAddedTwice(model:)`` (create an object
    /// per row instead of reusing one as a template).
    public func add(_ objects: [AmigoModel]) throws { try queue(objects, deletingConflicts: false) }

    /// Queues the destructive replace of each object: the rows it conflicts with are deleted,
    /// then it is inserted (see ``Session/replaceDeletingConflicts(_:)-(AmigoModel...)``).
    public func replaceDeletingConflicts(_ objects: AmigoModel...) throws { try queue(objects, deletingConflicts: true) }

    /// ``replaceDeletingConflicts(_:)-(AmigoModel...)`` of an array of objects.
    public func replaceDeletingConflicts(_ objects: [AmigoModel]) throws { try queue(objects, deletingConflicts: true) }

    /// The original Amigo's spelling: `upsert: true` is ``replaceDeletingConflicts(_:)-(AmigoModel...)``.
    @available(*, deprecated, message: "upsert: true deletes the conflicting row: call replaceDeletingConflicts(_:), or add(_:) without it")
    public func add(_ objects: AmigoModel..., upsert: Bool) throws { try queue(objects, deletingConflicts: upsert) }

    /// The array form of the deprecated ``add(_:upsert:)-(AmigoModel...,_)``.
    @available(*, deprecated, message: "upsert: true deletes the conflicting row: call replaceDeletingConflicts(_:), or add(_:) without it")
    public func add(_ objects: [AmigoModel], upsert: Bool) throws { try queue(objects, deletingConflicts: upsert) }

    /// Queues adds (or destructive replaces) of `objects`.
    private func queue(_ objects: [AmigoModel], deletingConflicts upsert: Bool) throws {
        for object in objects {
            let model = try session.amigo.model(of: object)
            try session.checkEditable(model, "add rows")
            if !object.isPersisted {
                if object.batchMark == number {
                    throw AmigoError.objectAddedTwice(model: model.name)
                }
                object.batchMark = number
            }
            operations.append(.add(object, model, upsert: upsert))
        }
    }

    /// Queues DELETEs. Objects without a key when the batch runs are skipped.
    public func delete(_ objects: AmigoModel...) throws { try delete(objects) }

    /// Queues DELETEs for an array of objects.
    public func delete(_ objects: [AmigoModel]) throws {
        for object in objects {
            let model = try session.amigo.model(of: object)
            try session.checkEditable(model, "delete rows")
            operations.append(.delete(object, model))
        }
    }

    /// Number of queued operations.
    public var count: Int { operations.count }

    /// What one operation runs.
    private enum Step {
        /// A new compiled object, bound directly by the INSERT `sql`.
        case direct(sql: String, keyMissing: Bool)
        /// A statement with its arguments.
        case write(sql: String, arguments: [DatabaseValue])
        /// An object whose related objects have no row yet: saved as `session.add` does, keys first.
        case save(upsert: Bool)
        case skip
    }

    private func step(_ operation: Operation) throws -> Step {
        let dialect = session.engine.dialect
        switch operation {
        case .add(let object, let model, let upsert):
            if model.access.hasObjectRelationships, pointsAtUnsavedObjects(object, model) { return .save(upsert: upsert) }
            // Without INSERT OR REPLACE, the session deletes the conflicting rows itself.
            if upsert && !dialect.hasInsertOrReplace { return .save(upsert: true) }
            if isDirectInsert(object, model, upsert: upsert) {
                let keyMissing = model.integerKeyIsMissing(object)
                return .direct(sql: model.directInsertSQL(keyMissing: keyMissing, dialect: dialect), keyMissing: keyMissing)
            }
            let writer = ModelWriter(model: model, dialect: dialect)
            if upsert || !object.isPersisted {
                let write = writer.insert(object, replace: upsert, writeBack: false)
                return .write(sql: write.sql, arguments: write.arguments)
            }
            let write = try writer.update(object)
            return write.sql.isEmpty ? .skip : .write(sql: write.sql, arguments: write.arguments)
        case .delete(let object, let model):
            let keys = model.primaryKeyValues(of: object)
            if keys.isEmpty || keys.contains(where: \.isNull) { return .skip }
            let write = try ModelWriter(model: model, dialect: dialect).delete(object)
            return .write(sql: write.sql, arguments: write.arguments)
        }
    }

    /// Whether adding `object` is a new compiled object's INSERT, bound from its properties.
    @inline(__always)
    private func isDirectInsert(_ object: AmigoModel, _ model: ORMModel, upsert: Bool) -> Bool {
        !upsert && !object.isPersisted && model.insertsDirectly && !type(of: object).isRecordClass
            && !(model.access.hasObjectRelationships && pointsAtUnsavedObjects(object, model))
    }

    /// Whether `object` points at a related object that has no row yet (it needs its key first).
    private func pointsAtUnsavedObjects(_ object: AmigoModel, _ model: ORMModel) -> Bool {
        model.access.slotObjects.contains { entry in
            guard let (getter, _, _) = entry, let related = getter(object) else { return false }
            return !related.isPersisted
        }
    }

    func execute() throws {
        guard !operations.isEmpty else { return }
        let engine = session.engine
        try session.savepoint {
            try engine.serialized {
                var changed = 0
                var i = 0
                let operations = self.operations
                // The step of operations[i] when a lookahead already worked it out.
                var lookahead: Step?
                while i < operations.count {
                    let current = try lookahead ?? step(operations[i])
                    lookahead = nil
                    switch current {
                    case .skip:
                        i += 1
                    case .save(let upsert):
                        guard case .add(let object, _, _) = operations[i] else { i += 1; continue }
                        var visiting = Set<ObjectIdentifier>()
                        try session.save(object, deletingConflicts: upsert, visiting: &visiting)
                        i += 1
                    case .direct(let sql, let keyMissing):
                        // This insert and the following ones of the same model and shape, on one prepared statement.
                        guard case .add(let first, let model, _) = operations[i] else { i += 1; continue }
                        changed += try engine.withPreparedWrite(sql) { run in
                            var count = try run { model.bindInsert(first, keyMissing: keyMissing, into: &$0) }.changes
                            i += 1
                            while i < operations.count, case .add(let object, let next, let upsert) = operations[i], next === model,
                                  isDirectInsert(object, model, upsert: upsert), model.integerKeyIsMissing(object) == keyMissing {
                                count += try run { model.bindInsert(object, keyMissing: keyMissing, into: &$0) }.changes
                                i += 1
                            }
                            return count
                        }
                    case .write(let sql, let arguments):
                        // This statement and the following ones with the same SQL, as one prepared-statement loop.
                        var argumentLists = [arguments]
                        i += 1
                        while i < operations.count {
                            let next = try step(operations[i])
                            guard case .write(let nextSQL, let nextArguments) = next, nextSQL == sql else { lookahead = next; break }
                            argumentLists.append(nextArguments)
                            i += 1
                        }
                        changed += try engine.executeRepeatedly(sql, argumentLists)
                    }
                }
                session.recordChanges(changed)
            }
        }
    }
}
