/// Where each connection of an ``AmigoPool`` gets its models.
///
/// An ``AmigoDatabase`` resolves relationships on the ``ORMModel`` instances it is given, so
/// the pool's writer and each of its readers need instances of their own: compiled models come
/// from a factory called once per connection, reflected models are read from the file by each
/// connection as it opens.
public struct PoolModels: Sendable {
    enum Source: Sendable {
        case compiled(@Sendable () throws -> [ORMModel])
        case reflected(ReflectionOptions)
    }

    let source: Source

    /// Models made by `factory`, which is called once for the writer and once for each reader
    /// as it opens, and must return new ``ORMModel`` instances every time.
    ///
    ///     .compiled { [ORMModel(Note.self, Column("id", \Note.id, primaryKey: true), Column("text", \Note.text))] }
    public static func compiled(_ factory: @escaping @Sendable () throws -> [ORMModel]) -> PoolModels {
        PoolModels(source: .compiled(factory))
    }

    /// The file's own tables and views, reflected (``AmigoDatabase/init(reflecting:reflection:progress:)``)
    /// by each connection as it opens: a reader opened after a schema change made through the
    /// writer sees the new schema, a reader opened before keeps the models it reflected.
    public static func reflected(_ options: ReflectionOptions = ReflectionOptions()) -> PoolModels {
        PoolModels(source: .reflected(options))
    }

    /// A database of these models on `engine`.
    func database(on engine: SQLiteEngine) throws -> AmigoDatabase {
        switch source {
        case .compiled(let factory): return try AmigoDatabase(factory(), engine: engine)
        case .reflected(let options): return try AmigoDatabase(reflecting: engine, reflection: options)
        }
    }
}
