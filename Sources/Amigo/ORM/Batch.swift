/// Statements collected by ``Session/batch(_:)`` and run together when the block returns.
///
/// Statements are prepared once per shape and run with bound arguments inside one savepoint:
/// if one fails, none of the batch stays. Generated keys and default values are not written back.
public final class Batch {
    enum Operation {
        case write(sql: String, arguments: [DatabaseValue], object: AmigoModel, persists: Bool)
        case save(AmigoModel, upsert: Bool)
    }

    let session: Session
    private(set) var operations: [Operation] = []

    init(session: Session) { self.session = session }

    /// Queues INSERTs (or UPDATEs for objects that have rows), or INSERT OR REPLACE with `upsert`.
    public func add(_ objects: AmigoModel..., upsert: Bool = false) throws { try add(objects, upsert: upsert) }

    /// Queues an array of objects; see ``add(_:upsert:)-(AmigoModel...,_)``.
    public func add(_ objects: [AmigoModel], upsert: Bool = false) throws {
        for object in objects {
            let model = try session.amigo.model(of: object)
            // Objects pointing at related objects that have no row yet need their keys: save them normally.
            let needsKeys = model.relationships.contains { r in
                r.kind == .toOne && (r.accessor?.object?.0(object).map { !$0.isPersisted } ?? false)
            }
            if needsKeys {
                operations.append(.save(object, upsert: upsert))
                continue
            }
            let writer = ModelWriter(model: model, dialect: session.engine.dialect)
            if upsert || !object.isPersisted {
                let write = writer.insert(object, replace: upsert, writeBack: false)
                operations.append(.write(sql: write.sql, arguments: write.arguments, object: object, persists: false))
            } else {
                let write = try writer.update(object)
                if !write.sql.isEmpty { operations.append(.write(sql: write.sql, arguments: write.arguments, object: object, persists: true)) }
            }
        }
    }

    /// Queues DELETEs. Objects without a key are skipped.
    public func delete(_ objects: AmigoModel...) throws { try delete(objects) }

    /// Queues DELETEs for an array of objects.
    public func delete(_ objects: [AmigoModel]) throws {
        for object in objects {
            let model = try session.amigo.model(of: object)
            let keys = model.primaryKeyValues(of: object)
            if keys.isEmpty || keys.contains(where: \.isNull) { continue }
            let write = try ModelWriter(model: model, dialect: session.engine.dialect).delete(object)
            operations.append(.write(sql: write.sql, arguments: write.arguments, object: object, persists: false))
        }
    }

    /// Number of queued operations.
    public var count: Int { operations.count }

    func execute() throws {
        guard !operations.isEmpty else { return }
        let engine = session.engine
        try session.savepoint {
            try engine.serialized {
                var changed = 0
                // Consecutive writes of the same statement run as one prepared-statement loop.
                var pendingSQL: String?
                var pendingArguments: [[DatabaseValue]] = []
                func flush() throws {
                    if let sql = pendingSQL { changed += try engine.executeRepeatedly(sql, pendingArguments) }
                    pendingSQL = nil
                    pendingArguments.removeAll(keepingCapacity: true)
                }
                for operation in operations {
                    switch operation {
                    case .write(let sql, let arguments, _, _):
                        if pendingSQL != sql { try flush(); pendingSQL = sql }
                        pendingArguments.append(arguments)
                    case .save(let object, let upsert):
                        try flush()
                        var visiting = Set<ObjectIdentifier>()
                        try session.save(object, upsert: upsert, visiting: &visiting)
                    }
                }
                try flush()
                session.recordChanges(changed)
            }
        }
    }
}
