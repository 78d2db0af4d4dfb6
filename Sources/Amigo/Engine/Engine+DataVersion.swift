/// Noticing what other connections commit, the attached files included.
extension Engine {
    /// A number that changes when another connection commits a change to the database
    /// (``SQLDialect/dataVersionQuery``: SQLite's `PRAGMA data_version`, a hash of PostgreSQL's
    /// snapshot), or nil when the engine keeps none. On SQLite it covers every attached file too
    /// (each one's `PRAGMA "name".data_version`, combined), so that a commit to any of them shows.
    package func dataVersion() throws -> Int64? {
        guard let query = dialect.dataVersionQuery else { return nil }
        var version = try fetchScalar(query).integerValue ?? 0
        if let sqlite = dialect as? SQLiteDialect {
            for name in sqlite.attached.all {
                let attached = try fetchScalar("PRAGMA \(dialect.quote(name)).data_version").integerValue ?? 0
                version = version &* 31 &+ attached
            }
        }
        return version
    }
}
