// Query: ordering and paging refinements (orderBy, unordered, limit, offset).

extension Query {
    /// Adds an ordering: a column (`label`), a path through to-one relationships (`dog.label`),
    /// or a column prefixed by `-` for descending.
    public func orderBy(_ key: String, ascending: Bool = true) -> Query {
        var copy = self
        copy.orderings.append((key, ascending, false))
        return copy
    }

    /// Removes all orderings.
    public func unordered() -> Query {
        var copy = self
        copy.orderings = []
        return copy
    }

    /// Returns at most `count` objects.
    public func limit(_ count: Int) -> Query {
        var copy = self
        copy.limitCount = Swift.max(0, count)
        return copy
    }

    /// Skips the first `count` objects.
    public func offset(_ count: Int) -> Query {
        var copy = self
        copy.offsetCount = Swift.max(0, count)
        return copy
    }
}
