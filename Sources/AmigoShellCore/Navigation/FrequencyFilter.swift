import Amigo

/// The filter term that keeps the rows of one line of a value profile (Enter in `F`), written
/// in the filter language, so that the view is narrowed as a typed filter would narrow it:
///
/// | line | term |
/// |---|---|
/// | a value, a blank | `genre.Name = 'Rock'` |
/// | NULL | `Composer = nil` (along a path with dangling keys: `… AND (GenreId = nil OR genre.GenreId != nil)`) |
/// | a range | `Milliseconds >= 200000 AND Milliseconds < 300000` |
/// | a bucket of related counts | `tracks.@count = 0`, `tracks.@count BETWEEN {2, 5}` |
/// | dangling keys | `GenreId != nil AND genre.GenreId = nil` |
///
/// Pure: the profile's line and the model in, the text out.
enum FrequencyFilter {
    /// The term keeping the rows of `line` of `profile`, profiled over `model`'s rows.
    static func term(for line: ValueCount, of profile: ValueProfile, model: ORMModel) throws -> String {
        let path = keyPath(profile.column)
        switch line.group {
        case .value(let value):
            let term = try path + " = " + literal(value)
            // Rows whose key points nowhere read as NULL along the path, but have a line of their own.
            if value.isNull, profile.column.contains("."),
               let via = profile.values.lazy.compactMap({ if case .dangling(let via) = $0.group { via } else { nil } }).first,
               let (key, parentKey) = keys(of: via, in: model) {
                return "\(term) AND (\(key) = nil OR \(parentKey) != nil)"
            }
            return term
        case .range(let low, let high):
            return try "\(path) >= \(literal(low)) AND \(path) < \(literal(high))"
        case .relatedCount(let low, let high):
            return low == high ? "\(path) = \(low)" : "\(path) BETWEEN {\(low), \(high)}"
        case .dangling(let via):
            guard let (key, parentKey) = keys(of: via, in: model) else {
                throw ShellError.cannotNarrow(reason: "\(via) is not a relationship of \(model.name)")
            }
            return "\(key) != nil AND \(parentKey) = nil"
        }
    }

    /// A column or path as the filter language writes it (`genre.Name`, `tracks.@count`, `` `Order Date` ``).
    static func keyPath(_ column: String) -> String {
        column.split(separator: ".").map { $0.hasPrefix("@") ? String($0) : ValueText.keyPath(String($0)) }.joined(separator: ".")
    }

    /// The foreign key of the to-one relationship `via` and its parent's key along it (`GenreId`, `genre.GenreId`).
    static func keys(of via: String, in model: ORMModel) -> (String, String)? {
        guard let relationship = model.relationship(named: via), let key = relationship.sourceColumns.first,
              let parentKey = relationship.targetColumns.first else { return nil }
        return (ValueText.keyPath(key.label), ValueText.keyPath(relationship.name) + "." + ValueText.keyPath(parentKey.label))
    }

    static func literal(_ value: DatabaseValue) throws -> String {
        guard let text = ValueText.filterLiteral(value) else {
            throw ShellError.cannotNarrow(reason: "cannot filter on this value (a BLOB or an infinite real)")
        }
        return text
    }
}
