// Query: value profiles — how often each value of a column, a path or a related count occurs.

extension Query {
    /// A column's value profile among the query's rows (``ValueProfile``): for a column or a
    /// to-one path (`genre.Name`), the `limit` most frequent values with the row count and the
    /// distinct count; for a numeric column with more than ``ValueProfile/rangesAbove`` distinct
    /// values (not a foreign key), ranges of values instead, and for a date column years, months
    /// or days (``ProfileGroup/range(low:high:)`` of ISO dates); for `relationship.@count`, buckets
    /// of counts (0, 1, 2–5, 6–10, 11–20 …, the 0 bucket being the parents without children).
    /// Rows whose foreign key points at no row (the column itself, or the path's first step)
    /// are a line of their own (``ProfileGroup/dangling(via:)``).
    ///
    /// For example:
    ///
    ///     try session.query("Track").valueProfile(of: "genre.Name", limit: 3)
    ///     // SELECT "genre"."Name", COUNT(*), CAST(SUM(COUNT(*)) OVER () AS BIGINT), COUNT(*) OVER ()
    ///     //   FROM "Track" LEFT JOIN "Genre" AS "genre" ON … GROUP BY "genre"."Name"
    ///     //   ORDER BY COUNT(*) DESC, "genre"."Name" LIMIT ?
    ///
    /// One pass over the rows gives the values, the row count and the distinct count; ranges
    /// take two more (the bounds, then the ranges), dangling keys one more.
    ///
    /// - Throws: ``AmigoError/unknownColumn(column:model:)`` for a column or path that leads
    ///   nowhere; a database error.
    package func valueProfile(of column: String, limit: Int = 100) throws -> ValueProfile {
        let source = try profileSource(column)
        if source.isRelatedCount { return try relatedCountProfile(source) }
        let grouped = ProfileStatements.mostFrequent(source.expression, from: source.from, dialect: amigo.engine.dialect)
        var values: [ValueCount] = []
        var rowCount = 0
        var distinctCount = 0
        try onConnection {
            _ = try amigo.engine.fetch(grouped, source.arguments + [.integer(Int64(Swift.max(0, limit)))]) { row in
                values.append(ValueCount(value: row.value(at: 0), count: Self.integer(row.value(at: 1))))
                rowCount = Self.integer(row.value(at: 2))
                distinctCount = Self.integer(row.value(at: 3))
                return true
            }
        }
        var profile = ValueProfile(column: column, values: values, rowCount: rowCount, distinctCount: distinctCount,
                                   labelledBy: source.isForeignKey ? source.link?.name : nil)
        if distinctCount > ValueProfile.rangesAbove, source.isNumeric, !source.isForeignKey,
           let ranges = try rangeProfile(source, rowCount: rowCount, distinctCount: distinctCount) {
            profile = ranges
        } else if distinctCount > ValueProfile.rangesAbove, source.target?.kind == .date, !source.isForeignKey,
                  let periods = try periodProfile(source, rowCount: rowCount, distinctCount: distinctCount) {
            profile = periods
        }
        return try withDanglingKeys(profile, source)
    }

    /// What a profile groups by: the column's SQL over the query's rows.
    struct ProfileSource {
        /// The path as given.
        let column: String
        /// The value's SQL (`"genre"."Name"`, a correlated count, or `"value"` over a bounded query).
        let expression: String
        /// `FROM … WHERE …` of the query's rows.
        let from: String
        /// The arguments of `from`.
        let arguments: [DatabaseValue]
        /// The dialect's placeholder.
        let placeholder: String
        /// `relationship.@count`.
        let isRelatedCount: Bool
        /// The column reached, when the path ends at one.
        let target: Column?
        /// The first to-one step of the path, or the to-one relationship whose key the column is.
        let link: Relationship?
        /// Whether the query is limited (its rows are a subquery).
        let bounded: Bool

        /// Whether the profiled column is the foreign key of ``link`` itself (`GenreId`, `genre`).
        var isForeignKey: Bool { link != nil && !column.contains(".") }
        /// Whether the column holds numbers.
        var isNumeric: Bool { [.integer, .real, .numeric].contains(target?.kind) }
    }

    /// The SQL that a profile of `column` groups by, with the model metadata behind it.
    func profileSource(_ column: String) throws -> ProfileSource {
        let compiled = try compile(columns: false, resolving: [column])
        var statement = compiled.statement
        guard var expression = compiled.resolved.first else { throw AmigoError.unknownColumn(column: column, model: compiled.model.name) }
        // The profile statements repeat the expression; a JSON path's bound keys would not follow it.
        if compiled.resolvedBindArguments { throw AmigoError.notAColumn(path: column, model: compiled.model.name) }
        let dialect = amigo.engine.dialect
        let from: String
        let bounded = statement.limit != nil || statement.offset != nil
        if bounded {
            // Over the rows a limited query returns: its SELECT becomes the subquery.
            statement.columns = [dialect.named(expression, "value")]
            from = dialect.fromSubquery(statement.sql, alias: "bounded")
            expression = dialect.quote("value")
        } else {
            from = statement.fromClause + statement.whereClause
        }
        let segments = column.contains("."), model = compiled.model
        let parts = segments && model.table.column(named: column) == nil ? column.split(separator: ".").map(String.init) : [column]
        var target: Column?
        var link: Relationship?
        var current = model
        for (i, part) in parts.enumerated() {
            if i == parts.count - 1 {
                if let c = current.table.column(named: part) {
                    target = c
                    if i == 0 {
                        link = current.relationships.first { $0.isToOne && $0.sourceColumns.count == 1 && $0.sourceColumns[0] === c }
                    }
                } else if let r = current.relationship(named: part), r.isToOne, r.sourceColumns.count == 1 {
                    target = r.sourceColumns[0]
                    if i == 0 { link = r }
                }
            } else if let r = current.relationship(named: part) {
                if i == 0, r.isToOne, r.sourceColumns.count == 1 { link = r }
                current = r.target
            }
        }
        return ProfileSource(column: column, expression: expression, from: from, arguments: statement.aggregateArguments,
                             placeholder: dialect.placeholder, isRelatedCount: parts.count > 1 && parts.last!.hasPrefix("@"),
                             target: target, link: link, bounded: bounded)
    }

    /// `profile` with the rows whose key (``ProfileSource/link``) points at no row taken out of
    /// the value lines they were counted in (the key's own values, or NULL along a path) and
    /// shown as one line of their own, last.
    func withDanglingKeys(_ profile: ValueProfile, _ source: ProfileSource) throws -> ValueProfile {
        guard let link = source.link, !source.bounded, profile.grouping != .relatedCounts,
              let key = link.sourceColumns.first, let parentKey = link.targetColumns.first else { return profile }
        let compiled = try compile(columns: false, resolving: [key.label, link.name + "." + parentKey.label])
        let statement = compiled.statement
        let (child, parent) = (compiled.resolved[0], compiled.resolved[1])
        let sql = ProfileStatements.danglingKeys(child, parentKey: parent, fromClause: statement.fromClause,
                                                 conditions: statement.conditions, dialect: amigo.engine.dialect)
        var danglingValues: [DatabaseValue: Int] = [:]
        var dangling = 0
        try onConnection {
            _ = try amigo.engine.fetch(sql, statement.aggregateArguments + [.integer(Int64(ValueProfile.danglingValuesListed))]) { row in
                danglingValues[row.value(at: 0)] = Self.integer(row.value(at: 1))
                dangling = Self.integer(row.value(at: 2))
                return true
            }
        }
        guard dangling > 0 else { return profile }
        var values: [ValueCount] = []
        for line in profile.values {
            if source.isForeignKey, profile.grouping == .values, case .value(let value) = line.group, danglingValues[value] != nil {
                continue    // counted in the dangling line
            }
            if !source.isForeignKey, line.group == .value(.null) {
                // Along a path, a key pointing nowhere reads as NULL: those rows are the dangling line.
                if line.count > dangling { values.append(ValueCount(group: line.group, count: line.count - dangling)) }
                continue
            }
            values.append(line)
        }
        values.append(ValueCount(group: .dangling(via: link.name), count: dangling))
        return ValueProfile(column: profile.column, values: values, rowCount: profile.rowCount,
                            distinctCount: profile.distinctCount, grouping: profile.grouping, labelledBy: profile.labelledBy)
    }

    /// An integer read from a count (PostgreSQL may give a count as text or a real).
    static func integer(_ value: DatabaseValue) -> Int {
        if let n = value.integerValue { return Int(n) }
        return value.doubleValue.map { Int($0) } ?? 0
    }
}

extension ValueProfile {
    /// A numeric column with more distinct values than this is profiled by ranges.
    package static let rangesAbove = 30
    /// How many dangling key values are read to take them out of a key's value lines.
    package static let danglingValuesListed = 10_000
}
