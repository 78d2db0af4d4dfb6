import Synchronization

/// Inserting a new compiled object by binding its properties straight into the prepared INSERT:
/// the fast path of `session.add` and `session.batch`, with the same SQL and the same values as
/// ``ModelWriter/insert(_:replace:writeBack:)`` but no argument array per object.
///
/// It applies to compiled models whose columns have no default values to fill in (a column with a
/// `default:` closure or SQL default needs the general path, which decides per object whether to
/// leave the column out); the statement then only depends on whether the integer key is set.
extension ORMModel {
    /// Whether new objects of this model can be inserted directly (see above).
    var insertsDirectly: Bool { access.insertsDirectly }

    /// Whether `object`'s integer primary key is unset, so that SQLite assigns it.
    func integerKeyIsMissing(_ object: AmigoModel) -> Bool {
        let plan = access
        guard let key = plan.integerKeyIndex else { return false }
        if let isNull = plan.fields[key].isNull(in: object) { return isNull }
        return storedValue(of: table.columns[key], in: object).isNull
    }

    /// The INSERT of a new object: every column but generated ones, and but the integer key when
    /// `keyMissing` (the text ``ModelWriter`` builds for the same object).
    func directInsertSQL(keyMissing: Bool, dialect: any SQLDialect) -> String {
        caches(for: dialect).directInserts.text(keyMissing: keyMissing) {
            var mask = access.insertMask
            var returning = ""
            if keyMissing, let key = access.integerKeyIndex {
                mask &= ~(1 << key)
                returning = dialect.returning(table.columns[key].label) ?? ""
            }
            return ModelWriter(model: self, dialect: dialect).insertText(mask: mask, wide: [], replace: false) + returning
        }
    }

    /// Binds the values of the inserted columns of `object`, in column order.
    func bindInsert(_ object: AmigoModel, keyMissing: Bool, into binder: inout StatementBinder) {
        let plan = access
        let fields = plan.fields
        let skipped = keyMissing ? plan.integerKeyIndex ?? -1 : -1
        for i in 0..<fields.count where i != skipped && !plan.generated[i] {
            if !fields[i].bind(object, to: &binder) {
                binder.bind(storedValue(of: table.columns[i], in: object))
            }
        }
    }
}

/// The two INSERT texts of ``ORMModel/directInsertSQL(keyMissing:dialect:)``, built once per dialect
/// (held by ``ModelStatementCaches``).
final class DirectInsertTexts: Sendable {
    private let texts = Mutex<(withKey: String?, withoutKey: String?)>((nil, nil))

    func text(keyMissing: Bool, _ build: () -> String) -> String {
        if let cached = texts.withLock({ keyMissing ? $0.withoutKey : $0.withKey }) { return cached }
        let built = build()
        texts.withLock { if keyMissing { $0.withoutKey = built } else { $0.withKey = built } }
        return built
    }
}
