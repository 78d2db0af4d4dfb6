/// Finds links a file does not declare (Firefox's `moz_historyvisits.place_id`, Anki's
/// `cards.nid`) and keeps only those its data agrees with.
///
/// Candidates come from names: `x_id`, `xId`, `xID` or a bare `x` name table `x` (its singular or
/// plural, `-s`, `-es`, `-ies`, with a prefix every table shares such as `moz_` or `wp_` left out);
/// `parent`, `reports_to`, `manager_id` point at their own table; a person's role (`SupportRepId`)
/// points at the one table of people (`Employee`, `staff`, `users`); Anki's three-letter `nid`
/// names the one table starting with `n` that the data agrees with. The parent's key is its
/// single-column primary key or unique column named `id`, `<table>_id` or `<Table>ID`.
///
/// Each candidate is then checked with one bounded query: at least one non-NULL value, and no
/// value missing from the parent's key (`… NOT IN (SELECT key FROM parent) LIMIT 1`). Names alone
/// would lie (Thunderbird's `headerMessageID` holds message-id strings, not keys). Nothing in
/// the file changes. Columns a declared foreign key already covers are left alone.
struct LinkInference {
    let models: [ORMModel]
    let engine: any Engine
    let candidateLimit: Int
    /// Whether only links from one attached file (or the main file) to another are looked for:
    /// each file's own were found by an inference of its own.
    let acrossFiles: Bool
    var warnings: [String] = []
    /// Candidates checked against the data so far.
    private(set) var checked = 0
    /// The prefix every table's name starts with (`moz_`), lower-cased, or empty.
    let prefix: String
    /// Each model's stems (``stems(of:)``), computed once.
    private let stemsByModel: [ObjectIdentifier: Set<String>]
    /// The models answering to each stem, in model order: a name is looked up, not searched for,
    /// so that inference grows with the schema rather than with its square.
    private let modelsByStem: [String: [ORMModel]]
    /// The models with a stem starting with each letter, in model order (Anki's `nid`).
    private let modelsByInitial: [Character: [ORMModel]]
    /// The tables of people (``peopleTables``), in model order.
    private let peopleModels: [ORMModel]

    init(models: [ORMModel], engine: any Engine, candidateLimit: Int, acrossFiles: Bool = false) {
        self.models = models
        self.engine = engine
        self.candidateLimit = candidateLimit
        self.acrossFiles = acrossFiles
        let prefix = Self.sharedPrefix(models.map(\.table.localName))
        self.prefix = prefix
        var stemsByModel: [ObjectIdentifier: Set<String>] = [:]
        var modelsByStem: [String: [ORMModel]] = [:]
        var modelsByInitial: [Character: [ORMModel]] = [:]
        var peopleModels: [ORMModel] = []
        for model in models {
            let stems = Self.stems(of: model, prefix: prefix)
            stemsByModel[ObjectIdentifier(model)] = stems
            for stem in stems { modelsByStem[stem, default: []].append(model) }
            for initial in Set(stems.compactMap(\.first)) { modelsByInitial[initial, default: []].append(model) }
            if !stems.isDisjoint(with: Self.peopleTables) { peopleModels.append(model) }
        }
        self.stemsByModel = stemsByModel
        self.modelsByStem = modelsByStem
        self.modelsByInitial = modelsByInitial
        self.peopleModels = peopleModels
    }

    /// `moz_` when every name starts with it (and at least two names), otherwise empty.
    static func sharedPrefix(_ names: [String]) -> String {
        guard names.count >= 2, let first = names.first, let separator = first.firstIndex(of: "_") else { return "" }
        let prefix = first[...separator].lowercased()
        guard prefix.count > 1, names.allSatisfy({ $0.lowercased().hasPrefix(prefix) && $0.count > prefix.count }) else { return "" }
        return prefix
    }

    /// Letters and digits, lower-cased: `Media_Type` → `mediatype`.
    static func normalized(_ text: String) -> String { String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }

    /// The names a table answers to: `moz_places` → `places`, `place`, `plac`; `categories` → `category`.
    func stems(of model: ORMModel) -> Set<String> {
        stemsByModel[ObjectIdentifier(model)] ?? Self.stems(of: model, prefix: prefix)
    }

    /// ``stems(of:)`` with the shared `prefix` left out.
    static func stems(of model: ORMModel, prefix: String) -> Set<String> {
        var name = model.table.localName
        if !prefix.isEmpty { name = String(name.dropFirst(prefix.count)) }
        let n = Self.normalized(name)
        var stems: Set<String> = [n]
        if n.hasSuffix("ies"), n.count > 4 { stems.insert(String(n.dropLast(3)) + "y") }
        if n.hasSuffix("es"), n.count > 3 { stems.insert(String(n.dropLast(2))) }
        if n.hasSuffix("s"), n.count > 2 { stems.insert(String(n.dropLast())) }
        if n == "people" { stems.insert("person") }
        return stems
    }

    /// The column rows of `model` are found by: a single-column primary key or unique column named
    /// `id`, `<table>_id` or `<Table>ID`.
    func key(of model: ORMModel) -> Column? {
        var keys: [Column] = []
        let pk = model.table.primaryKey
        if pk.count == 1 { keys.append(pk[0]) }
        keys += model.table.indexes.filter { $0.unique && $0.columns.count == 1 }.compactMap { model.table.column(named: $0.columns[0]) }
        let stems = stems(of: model)
        return keys.first { column in
            let n = Self.normalized(column.label)
            return n == "id" || stems.contains { n == $0 + "id" }
        }
    }

    /// Whether values of kinds `a` and `b` can be equal: text never equals a number in a key.
    static func compatible(_ a: ColumnKind, _ b: ColumnKind) -> Bool {
        let textual: Set<ColumnKind> = [.text, .uuid]
        let numeric: Set<ColumnKind> = [.integer, .real, .numeric, .boolean, .decimal]
        if textual.contains(a) && numeric.contains(b) || numeric.contains(a) && textual.contains(b) { return false }
        return a != .blob && b != .blob || a == b
    }

    /// Words naming a role a person has.
    static let roleWords: Set<String> = ["rep", "representative", "agent", "staff", "employee", "manager", "salesperson",
                                         "seller", "supervisor", "owner", "author", "creator", "user"]
    /// Tables that hold people.
    static let peopleTables: Set<String> = ["employee", "staff", "user", "person", "people", "member"]
    /// Columns that point at a row of their own table.
    static let selfWords: Set<String> = ["parent", "parentid", "reportsto", "manager", "managerid", "supervisorid", "bossid"]

    /// Parent tables `column` of `child` may point at, best first; `ambiguous` candidates are kept
    /// only when exactly one of them agrees with the data.
    func candidates(for column: Column, of child: ORMModel) -> [(parent: ORMModel, ambiguous: Bool)] {
        let words = Naming.words(column.label).map { $0.lowercased() }
        let label = Self.normalized(column.label)
        var result: [(ORMModel, Bool)] = []
        var added = Set<ObjectIdentifier>()
        func add(_ models: [ORMModel], ambiguous: Bool = false) {
            for model in models where added.insert(ObjectIdentifier(model)).inserted { result.append((model, ambiguous)) }
        }
        func named(_ stem: String) -> [ORMModel] { modelsByStem[stem] ?? [] }
        if Self.selfWords.contains(label) { add([child]) }
        if words.count >= 2, words.last == "id" {
            let base = Array(words.dropLast())
            add(named(base.joined()))
            if base.count > 1, let last = base.last {
                add(named(last))
                if Self.roleWords.contains(last) { add(peopleModels) }
            } else if let last = base.last, Self.roleWords.contains(last) {
                add(peopleModels)
            }
        } else if words.count == 1, label.count == 3, label.hasSuffix("id"), let letter = label.first, letter.isLetter {
            // Anki's `nid`, `cid`, `did`: the one table starting with that letter that the data agrees with.
            add(modelsByInitial[letter] ?? [], ambiguous: true)
        } else if words.count >= 1, label != "id" {
            add(named(label))
        }
        return result
    }

    /// The inferred links, for columns the declared links (`declared`, by child) do not cover.
    mutating func links(excluding declared: [ObjectIdentifier: [RelationshipDiscovery.Link]]) -> [RelationshipDiscovery.Link] {
        var found: [RelationshipDiscovery.Link] = []
        var stopped = false
        for child in models {
            let covered = Set((declared[ObjectIdentifier(child)] ?? []).flatMap { $0.childColumns.map { ObjectIdentifier($0) } })
            for column in child.table.columns where !covered.contains(ObjectIdentifier(column)) && !column.isGenerated {
                var ambiguousHits: [RelationshipDiscovery.Link] = []
                var chosen: RelationshipDiscovery.Link?
                for (parent, ambiguous) in candidates(for: column, of: child) {
                    if acrossFiles && parent.table.schema == child.table.schema { continue }
                    guard let key = key(of: parent), key !== column, Self.compatible(column.kind, key.kind) else { continue }
                    // A table's own key named after the table (`Track.TrackId`) is not a link.
                    if parent === child && (column.primaryKey && child.table.primaryKey.count == 1) { continue }
                    guard checked < candidateLimit else { stopped = true; break }
                    checked += 1
                    guard agrees(child: child, column: column, parent: parent, key: key) else { continue }
                    let link = RelationshipDiscovery.Link(child: child, childColumns: [column], parent: parent, parentColumns: [key], inferred: true)
                    if ambiguous { ambiguousHits.append(link) } else { chosen = link; break }
                }
                if chosen == nil, ambiguousHits.count == 1 { chosen = ambiguousHits[0] }
                if let chosen { found.append(chosen) }
            }
        }
        if stopped {
            warnings.append("inferring links stopped after checking \(candidateLimit) candidates against the data; later candidates were not checked")
        }
        return found
    }

    /// How many of a candidate column's non-NULL values are checked against the parent's keys:
    /// all of them in a table up to this size, the first ones in a bigger table, so that opening a
    /// file of millions of rows never scans them (a column with a stray value further on is
    /// still inferred; the link's counts and follows then simply find no parent for it).
    static let verificationSample = 20_000

    /// Whether the data agrees that `child.column` points at `parent.key`: some value is not NULL,
    /// and every checked value that is not NULL is one of the parent's keys
    /// (``verificationSample``). One bounded query, answered from the parent's key index.
    func agrees(child: ORMModel, column: Column, parent: ORMModel, key: Column) -> Bool {
        let (sql, arguments) = engine.dialect.linkAgreementQuery(child: child.table.name, column: column.label, parent: parent.table.name,
                                                                 key: key.label, sample: Self.verificationSample)
        guard let row = try? engine.fetchAll(sql, arguments).rows.first, row.count == 2 else { return false }
        return row[0].integerValue == 1 && row[1].integerValue == 0
    }
}
