// RelationshipPath: how one model is related to another — the chains of relationships between
// them, shortest first, each a filter path — and, between two rows, the rows that link them.

/// A chain of relationships from one model to another, as a dotted filter path names it
/// (`invoices.lines.track`): `query(Customer).filter("invoices.lines.track.TrackId = %@", 1)`
/// finds the customers who bought track 1.
public struct RelationshipPath: @unchecked Sendable {
    /// The relationships, in order: each one's ``Relationship/source`` is the previous one's target.
    public let steps: [Relationship]

    /// The chain of `steps` (at least one, each starting where the previous one leads).
    public init(steps: [Relationship]) {
        precondition(!steps.isEmpty, "a relationship path has at least one step")
        self.steps = steps
    }

    /// The model the chain starts from.
    package var source: ORMModel { steps[0].source }
    /// The model the chain leads to.
    public var target: ORMModel { steps[steps.count - 1].target }

    /// The filter path of the chain, its relationship names joined by dots (a name that is not a
    /// plain word is backquoted: `` `line items`.track ``).
    public var filterPath: String { steps.map { Self.filterName($0.name) }.joined(separator: ".") }

    /// The models the chain passes through, from the source to the target (`Customer → Invoice →
    /// InvoiceLine → Track`), with `⇄` before a many-to-many's target and its junction named.
    public var description: String {
        steps.reduce(source.name) { text, step in
            switch step.kind {
            case .toOne: return text + " → " + step.target.name
            case .oneToMany: return text + " ⇉ " + step.target.name
            case .manyToMany: return text + " ⇄ " + step.target.name + " (via \(step.junction?.name ?? "?"))"
            }
        }
    }

    /// A filter that keeps the source's rows linked through the chain to the target's row with
    /// key `key` (one column: ``ORMModel/primaryKey``): `invoices.lines.track.TrackId = %@`; nil
    /// when the target has no one-column key.
    public func filter(toTargetKey key: DatabaseValue) -> (filter: String, arguments: [DatabaseValue])? {
        guard let column = target.primaryKey else { return nil }
        return (filterPath + "." + Self.filterName(column.label) + " = %@", [key])
    }

    /// `name` as the filter language reads a name: as it is when it is a plain word, else in
    /// backquotes (a backquote inside doubled).
    public static func filterName(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        if let first = scalars.first, FilterLexer.isWordStart(first), scalars.dropFirst().allSatisfy(FilterLexer.isWordContinue) {
            return name
        }
        return "`" + name.replacingOccurrences(of: "`", with: "``") + "`"
    }
}

extension AmigoDatabase {
    /// Most chains ``relationshipPaths(from:to:maxSteps:limit:)`` looks at before it stops: the
    /// number of chains grows quickly with the schema's links, and the answer must come at once.
    public static let relationshipPathSearchBudget = 50_000

    /// How `source` is related to `target`: the chains of relationships that lead from one to the
    /// other, shortest first (then by their filter paths), each passing through a model at most
    /// once and through at most `maxSteps` relationships; at most `limit` chains.
    ///
    /// A junction of a many-to-many is crossed by the many-to-many itself (`playlists`), not also
    /// by the two steps through the junction's rows (`playlist_tracks.playlist`), unless the
    /// junction is where the chain starts or ends. The search looks at most at
    /// ``relationshipPathSearchBudget`` chains.
    public func relationshipPaths(from source: ORMModel, to target: ORMModel, maxSteps: Int = 4, limit: Int = 10) -> [RelationshipPath] {
        guard maxSteps > 0, limit > 0 else { return [] }
        var found: [RelationshipPath] = []
        var frontier: [[Relationship]] = [[]]
        var looked = 0
        for _ in 1...maxSteps {
            var next: [[Relationship]] = []
            for chain in frontier {
                let at = chain.last?.target ?? source
                let visited = Set([ObjectIdentifier(source.table)] + chain.map { ObjectIdentifier($0.target.table) })
                for step in at.relationships.sorted(by: { $0.name < $1.name }) {
                    looked += 1
                    if looked > Self.relationshipPathSearchBudget { return Self.ordered(found, limit) }
                    guard !visited.contains(ObjectIdentifier(step.target.table)) else { continue }
                    if let previous = chain.last, Self.crossesJunctionByHand(previous, step, endingAt: target) { continue }
                    let longer = chain + [step]
                    if step.target.table === target.table {
                        found.append(RelationshipPath(steps: longer))
                    } else {
                        next.append(longer)
                    }
                }
            }
            if found.count >= limit { break }
            frontier = next
        }
        return Self.ordered(found, limit)
    }

    /// `paths` shortest first, then by filter path, at most `limit`.
    private static func ordered(_ paths: [RelationshipPath], _ limit: Int) -> [RelationshipPath] {
        Array(paths.sorted { ($0.steps.count, $0.filterPath) < ($1.steps.count, $1.filterPath) }.prefix(limit))
    }

    /// Whether `previous` then `step` go into a many-to-many's junction and out to its other side,
    /// where the many-to-many itself leads (the same rows, by a longer name).
    private static func crossesJunctionByHand(_ previous: Relationship, _ step: Relationship, endingAt target: ORMModel) -> Bool {
        guard previous.kind == .oneToMany, step.kind == .toOne else { return false }
        let junction = previous.target.table
        return previous.source.relationships.contains {
            $0.kind == .manyToMany && $0.junction === junction && $0.target.table === step.target.table
        }
    }
}

extension Session {
    /// The rows that link `row` (of `path`'s source) to the target's row with key `targetKey`
    /// along `path`: one row per step, the last being the target's row; nil when they are not
    /// linked that way (or the target has no one-column key). Each step reads one row: the first
    /// (by key, where the step's model has a one-column key) of the rows the step's relationship leads to that still reach the target.
    public func linkingRows(along path: RelationshipPath, from row: AmigoModel, toTargetKey targetKey: DatabaseValue) throws -> [Record]? {
        guard let key = path.target.primaryKey else { return nil }
        var rows: [Record] = []
        var current = row
        for (i, step) in path.steps.enumerated() {
            let rest = path.steps[(i + 1)...].map { RelationshipPath.filterName($0.name) }
            let condition = (rest + [RelationshipPath.filterName(key.label)]).joined(separator: ".") + " = %@"
            var query = self.query(step.target.name).using(current).relationship(step.name).filter(condition, targetKey)
            if let order = step.target.primaryKey { query = query.orderBy(order.label) }
            guard let next = try query.first() else { return nil }
            rows.append(next)
            current = next
        }
        return rows
    }
}
