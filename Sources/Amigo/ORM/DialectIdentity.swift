/// What tells one dialect's SQL apart from another's for caching: the dialect's type.
///
/// Why the type: dialects are stateless values (``SQLiteDialect``, `PostgresDialect`), so two
/// values of one type write the same SQL (``SQLDialect`` requires it), and the type is found in
/// an existential without a call, a string or an allocation, which keeps the cache lookup on the
/// hot paths of fetching, `get` and inserting free.
struct DialectIdentity: Hashable, Sendable {
    /// The identity of the dialect's metatype.
    private let type: ObjectIdentifier

    /// The identity of `dialect`'s type.
    init(_ dialect: any SQLDialect) {
        type = ObjectIdentifier(Swift.type(of: dialect))
    }
}
