extension AmigoDatabase {
    /// The number of rows of the table `name` (a table of the database, whether or not a model
    /// maps it), counted whole:
    ///
    ///     SELECT count(*) FROM "Track"
    public func rowCount(ofTable name: String) throws -> Int {
        Int(try engine.fetchScalar(engine.dialect.countRows(of: name), []).integerValue ?? 0)
    }
}
