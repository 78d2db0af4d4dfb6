/// The key a `get` on a bare query binds, already in the key columns' stored form: one value
/// (the common single-column key, bound without building an array on every call) or the
/// values of a composite key.
enum GetKey {
    case one(DatabaseValue)
    case composite([DatabaseValue])

    /// The values, in key-column order.
    var values: [DatabaseValue] {
        switch self {
        case .one(let value): return [value]
        case .composite(let values): return values
        }
    }
}
