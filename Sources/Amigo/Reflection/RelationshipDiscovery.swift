/// Finds the relationships of reflected models from their foreign keys alone:
///
/// - every foreign key (single-column, composite or self-referencing) becomes a to-one
///   relationship on the child and a one-to-many relationship on the parent;
/// - a *junction table* — exactly two foreign keys, no other table pointing at it, and either a
///   primary key or unique index made of their columns, or a surrogate key (or only the rowid)
///   with at most three columns of its own (and links that cannot be NULL unless it has none) —
///   also becomes a many-to-many relationship on both sides; when it has columns of its own it
///   is the through model. Pairs that are not unique are fine: each related row is listed once.
///
/// Names are derived from table and column names and are stable: `ArtistId` → `artist`,
/// `Album` rows of an artist → `albums`, `address_id` → `address`, `film_actor` rows → `film_actors`.
/// A parent that two foreign keys of the same child point at gets one-to-many names qualified by
/// the foreign key (`customersBySupportRep`), and names already taken get a numeric suffix.
struct RelationshipDiscovery {
    let models: [String: ORMModel]
    var warnings: [String] = []

    /// Whether the database names things in snake_case (`course_id`) rather than camelCase
    /// (`CourseId`): the style of the compound names discovery makes up (`prereqs_by_course`).
    let snakeCase: Bool

    init(models: [ORMModel]) {
        self.models = Dictionary(models.map { ($0.table.name.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        let names = models.flatMap { [$0.table.name] + $0.table.columns.map(\.label) }
        let snake = names.filter { $0.contains("_") }.count
        let camel = names.filter { name in
            !name.contains("_") && zip(name, name.dropFirst()).contains { $0.isLowercase && $1.isUppercase }
        }.count
        self.snakeCase = snake > camel
    }

    /// A resolved foreign key: child columns → parent columns.
    struct Link {
        let child: ORMModel
        let childColumns: [Column]
        let parent: ORMModel
        let parentColumns: [Column]
        /// Not declared: inferred from names and checked against the data.
        var inferred = false
    }

    /// Finds the relationships; with `engine`, also links the file does not declare, inferred from
    /// names and checked against its data (at most `candidateLimit` candidates checked).
    mutating func discover(in ordered: [ORMModel], inferring engine: (any Engine)? = nil, candidateLimit: Int = 200) {
        var linksByChild: [ObjectIdentifier: [Link]] = [:]
        // 1. Resolve every foreign key; report the broken ones.
        // (A partition's keys are its parent's: the parent has the relationships.)
        for child in ordered where !child.table.isView && child.table.partitionOf == nil {
            for fk in child.table.foreignKeys {
                guard let parent = models[fk.referencedTable.lowercased()] else {
                    warnings.append("\(child.name): foreign key (\(fk.columns.joined(separator: ", "))) references missing table '\(fk.referencedTable)'")
                    continue
                }
                let childColumns = fk.columns.compactMap { child.table.column(named: $0) }
                var parentNames = fk.referencedColumns
                if parentNames.isEmpty {
                    parentNames = parent.table.primaryKey.map(\.label)
                }
                guard !parentNames.isEmpty else {
                    // SQLite itself rejects such a key ("foreign key mismatch") whenever it is checked.
                    warnings.append("\(child.name): foreign key (\(fk.columns.joined(separator: ", "))) references '\(fk.referencedTable)', which has no primary key")
                    continue
                }
                let parentColumns = parentNames.compactMap { parent.table.column(named: $0) }
                guard childColumns.count == fk.columns.count, parentColumns.count == parentNames.count,
                      childColumns.count == parentColumns.count else {
                    warnings.append("\(child.name): foreign key (\(fk.columns.joined(separator: ", "))) references missing column(s) of '\(fk.referencedTable)' (\(parentNames.joined(separator: ", ")))")
                    continue
                }
                for column in childColumns where column.foreignKey == nil && childColumns.count == 1 {
                    column.foreignKey = ForeignKey(table: parent.table.name, columns: parentColumns.map(\.label), kind: parentColumns[0].kind)
                }
                linksByChild[ObjectIdentifier(child), default: []].append(Link(child: child, childColumns: childColumns, parent: parent, parentColumns: parentColumns))
            }
        }
        // 1b. Links the file does not declare, from names, kept only when the data agrees.
        // Each file attached to a SQLite connection is inferred on its own first; then the
        // columns still unlinked may lead to another file's table (`orders.customer_id` →
        // `crm.customers.id`), found and checked the same way, once over all the files (names
        // are looked up, so this grows with the schema, not with its square).
        if let engine {
            let candidates = ordered.filter { !$0.table.isView && $0.table.partitionOf == nil && $0.table.unreadableReason == nil }
            var schemas: [String?] = []
            for model in candidates where !schemas.contains(model.table.schema) { schemas.append(model.table.schema) }
            var budget = candidateLimit
            for schema in schemas {
                var inference = LinkInference(models: candidates.filter { $0.table.schema == schema }, engine: engine, candidateLimit: budget)
                for link in inference.links(excluding: linksByChild) {
                    linksByChild[ObjectIdentifier(link.child), default: []].append(link)
                }
                warnings += inference.warnings
                budget = max(0, budget - inference.checked)
            }
            if schemas.count > 1 {
                var across = LinkInference(models: candidates, engine: engine, candidateLimit: budget, acrossFiles: true)
                for link in across.links(excluding: linksByChild) {
                    linksByChild[ObjectIdentifier(link.child), default: []].append(link)
                }
                warnings += across.warnings
            }
        }
        // 2. To-one relationships on each child.
        for child in ordered {
            let links = linksByChild[ObjectIdentifier(child)] ?? []
            for link in links {
                var name = linkName(link, among: links)
                // A self-reference through `ReportsTo` / `reports_to` reads as the row's manager
                // (its other side is `reports`).
                if link.parent === child, let role = Naming.selfReferenceParent(link.childColumns.map(\.label)) { name = role }
                // A name equal to a column's (`dept_name`) would read as the column: use the parent's name.
                if child.table.columns.contains(where: { $0.label == name }) { name = Naming.singular(Naming.lowerFirst(link.parent.table.localName)) }
                name = unique(name, on: child)
                child.addRelationship(Relationship(name: name, kind: .toOne, source: child, target: link.parent,
                                                   sourceColumns: link.childColumns, targetColumns: link.parentColumns,
                                                   isInferred: link.inferred))
            }
        }
        // 3. One-to-many relationships on each parent.
        for child in ordered {
            let links = linksByChild[ObjectIdentifier(child)] ?? []
            for link in links {
                let siblings = links.filter { $0.parent === link.parent }
                // A key that is also the child's primary key or UNIQUE leads to one row at most:
                // named in the singular (`student.advisor`), listed as one-to-one.
                let single = child.table.isUnique(over: link.childColumns.map(\.label))
                var name = single ? Naming.singular(Naming.lowerFirst(child.table.localName)) : Naming.plural(Naming.lowerFirst(child.table.localName))
                let others = links.filter { $0.parent !== link.parent || $0.childColumns.map(\.label) != link.childColumns.map(\.label) }
                if link.parent === child && !single {
                    // A self-reference: the rows that name this one (`ReportsTo` → `reports`,
                    // `parent_id` → `children`), not the table's name, which reads as "all of them".
                    let snake = snakeCase || Naming.isSnake(child.table.localName) || Naming.isSnake(link.childColumns[0].label)
                    name = Naming.selfReferenceChildren(link.childColumns.map { $0.label }, table: child.table.localName, snake: snake)
                } else if !single, others.count == 1, others[0].parent !== link.parent, others[0].parent !== child,
                          child.table.isUnique(over: others[0].childColumns.map { $0.label }),
                          let role = Naming.counterpartRole(child.table.localName) {
                    // A role table (`advisor(s_ID unique → student, i_ID → instructor)`): an
                    // instructor's rows in it are its advisees.
                    name = Naming.plural(role)
                } else if siblings.count > 1 {
                    let names = siblings.map { linkName($0, among: links) }
                    let snake = snakeCase || Naming.isSnake(child.table.localName) || names.contains(where: Naming.isSnake)
                    name = Naming.join(name, "by", linkName(link, among: links), snake: snake)
                }
                if link.parent.relationship(named: name) != nil {
                    // Taken already (a staff member's `store` it works in, and the `store` it
                    // manages through `manager_staff_id`): named by the key, never `store2`.
                    let by = linkName(link, among: links)
                    let snake = snakeCase || Naming.isSnake(child.table.localName) || Naming.isSnake(by)
                    name = Naming.join(name, "by", by, snake: snake)
                }
                name = unique(name, on: link.parent)
                link.parent.addRelationship(Relationship(name: name, kind: .oneToMany, source: link.parent, target: child,
                                                         sourceColumns: link.parentColumns, targetColumns: link.childColumns,
                                                         isInferred: link.inferred))
            }
        }
        // 4. Many-to-many through junction tables.
        // A table that other tables point at is an entity of its own (sakila's `store`, `inventory`), never a link.
        let referenced = Set(linksByChild.values.flatMap { $0.map { ObjectIdentifier($0.parent) } })
        let junctions = ordered.compactMap { junction -> (ORMModel, [Link], [Column])? in
            let links = linksByChild[ObjectIdentifier(junction)] ?? []
            guard links.count == 2,
                  let payload = Naming.junctionPayload(junction.table, links: links,
                                                       referenced: referenced.contains(ObjectIdentifier(junction)))
            else { return nil }
            return (junction, links, payload)
        }
        /// The two tables a junction links, in either order.
        func pair(_ links: [Link]) -> Set<ObjectIdentifier> { [ObjectIdentifier(links[0].parent), ObjectIdentifier(links[1].parent)] }
        for (junction, links, payload) in junctions {
            let through: ORMModel? = payload.isEmpty ? nil : junction
            // Several junctions between the same two tables (a VRF's import targets and its
            // export targets) are told apart by their own names, each side alike.
            let parallel = links[0].parent !== links[1].parent && junctions.filter { pair($0.1) == pair(links) }.count > 1
            for (from, to) in [(links[0], links[1]), (links[1], links[0])] {
                let source = from.parent, target = to.parent
                var name = Naming.plural(Naming.lowerFirst(target.table.localName))
                let own = Naming.singular(Naming.lowerFirst(source.table.localName)).lowercased()
                let (fromName, toName) = (linkName(from, among: links), linkName(to, among: links))
                if parallel {
                    name = Naming.lowerFirst(Naming.withoutSharedPrefix(junction.table.localName, of: source.table.localName))
                    // Taken by the one-to-many to the junction's rows: the related rows via that junction.
                    if source.relationship(named: name) != nil {
                        let snake = snakeCase || Naming.isSnake(junction.table.localName)
                        name = Naming.join(Naming.plural(Naming.lowerFirst(target.table.localName)), "via", junction.table.localName, snake: snake)
                    }
                } else if source === target, fromName.lowercased() == own || toName.lowercased() == own, fromName.lowercased() != toName.lowercased() {
                    // A self-junction named by its columns: `prereq(course_id, prereq_id)` gives a
                    // course its `prereqs` and, the other way, the courses it is a `prereq_of`.
                    let snake = snakeCase || Naming.isSnake(junction.table.localName) || Naming.isSnake(fromName) || Naming.isSnake(toName)
                    name = toName.lowercased() != own ? Naming.plural(toName) : (snake ? fromName + "_of" : fromName + "Of")
                } else if source === target || source.relationship(named: name) != nil {
                    let other = linkName(to, among: links)
                    name = Naming.join(name, "via", other, snake: snakeCase || Naming.isSnake(target.table.localName) || Naming.isSnake(other))
                }
                name = unique(name, on: source)
                source.addRelationship(Relationship(name: name, kind: .manyToMany, source: source, target: target,
                                                    sourceColumns: from.parentColumns, targetColumns: to.parentColumns,
                                                    junction: junction.table, junctionSourceColumns: from.childColumns,
                                                    junctionTargetColumns: to.childColumns, through: through,
                                                    isInferred: from.inferred || to.inferred))
            }
        }
    }

    /// The name a foreign key gives its parent (``Naming/toOneName(_:parent:)``), told apart from
    /// the child's other keys to the same parent when both would fall back to the parent's name:
    /// `friendship(a_id, b_id → person)` gives `person_a` and `person_b`, not `person` and `person2`.
    private func linkName(_ link: Link, among links: [Link]) -> String {
        let columns = link.childColumns.map(\.label)
        let name = Naming.toOneName(columns, parent: link.parent.table.localName)
        let clashing = links.filter { $0.parent === link.parent && Naming.toOneName($0.childColumns.map(\.label), parent: $0.parent.table.localName) == name }
        guard clashing.count > 1, columns.count == 1 else { return name }
        let own = Naming.meaningfulWords(columns[0])
        guard !own.isEmpty, own.joined().lowercased() != "id" else { return name }
        if snakeCase || Naming.isSnake(columns[0]) || Naming.isSnake(name) { return ([name] + own).joined(separator: "_").lowercased() }
        return name + own.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private func unique(_ name: String, on model: ORMModel) -> String {
        var candidate = name
        var n = 2
        while model.relationship(named: candidate).map({ $0.name.lowercased() == candidate.lowercased() }) == true {
            candidate = "\(name)\(n)"
            n += 1
        }
        return candidate
    }
}

/// Turns table and column names into relationship names.
enum Naming {
    /// Splits `SupportRepId`, `support_rep_id`, `Order Details`, `we"ird` into words.
    static func words(_ identifier: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for ch in identifier {
            if !(ch.isLetter || ch.isNumber) {
                // `_`, spaces and any punctuation (`we"ird`, `a.b`) separate words: names stay identifiers.
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if ch.isUppercase, let p = previous, p.isLowercase || p.isNumber {
                if !current.isEmpty { words.append(current) }
                current = String(ch)
            } else {
                current.append(ch)
            }
            previous = ch
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether names derived from `identifier` use snake_case (it contains `_`) or camelCase.
    static func isSnake(_ identifier: String) -> Bool { identifier.contains("_") }

    /// Joins words in the style of `identifier`: `film_actors` or `orderDetails`.
    static func styled(_ words: [String], like identifier: String) -> String {
        guard let first = words.first else { return identifier }
        if isSnake(identifier) { return words.map { $0.lowercased() }.joined(separator: "_") }
        return lowerFirst(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `Album` → `album`, `Order Details` → `orderDetails`, `film_actor` → `film_actor`.
    static func lowerFirst(_ identifier: String) -> String {
        let ws = words(identifier)
        if ws.isEmpty { return identifier }
        if isSnake(identifier) { return ws.map { $0.lowercased() }.joined(separator: "_") }
        let first = ws[0]
        let head = first == first.uppercased() && first.count > 1 ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        return head + ws.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `name` + `by` + `other`, in snake_case or camelCase: `films_by_language`, `customersBySupportRep`.
    static func join(_ name: String, _ word: String, _ other: String, snake: Bool) -> String {
        if snake || isSnake(name) { return name + "_\(word)_" + other.lowercased() }
        return name + word.capitalized + other.prefix(1).uppercased() + other.dropFirst()
    }

    /// `name` without the words it starts with that `other` starts with too, in `name`'s style:
    /// `ipam_vrf_import_targets` of `ipam_vrf` → `import_targets`; `name` itself when nothing
    /// would be left.
    static func withoutSharedPrefix(_ name: String, of other: String) -> String {
        let own = words(name), others = words(other)
        var shared = 0
        while shared < own.count - 1, shared < others.count, own[shared].lowercased() == others[shared].lowercased() { shared += 1 }
        return shared == 0 ? name : styled(Array(own.dropFirst(shared)), like: name)
    }

    /// The words of a foreign-key column without the one that only says it is a key:
    /// `artist_id` → `artist`, `SupportRepId` → `Support Rep`, `customerid` → `customer`.
    static func meaningfulWords(_ column: String) -> [String] {
        var ws = words(column)
        if ws.count > 1, let last = ws.last, keySuffixes.contains(last.lowercased()) { ws.removeLast() }
        else if ws.count == 1, ws[0].count > 2, ws[0].lowercased().hasSuffix("id"), ws[0].lowercased() != "id" {
            // `customerid` (all lower case) → `customer`.
            ws[0] = String(ws[0].dropLast(2))
        }
        return ws
    }

    /// Last words of a foreign-key column that only say it is a key (`artist_id`, `CustomerKey`).
    static let keySuffixes: Set<String> = ["id", "key", "fk", "no", "code"]

    /// The to-one name for foreign-key columns: the column without its `Id`/`_id` suffix
    /// (`ArtistId` → `artist`, `SupportRepId` → `supportRep`), or the parent's name for composite keys.
    static func toOneName(_ columns: [String], parent: String) -> String {
        guard columns.count == 1 else { return lowerFirst(parent) }
        let name = styled(meaningfulWords(columns[0]), like: columns[0])
        // `ID`, `i_ID`: too short to mean anything; use the parent's name.
        return name.count < 2 || name.lowercased() == "id" ? singular(lowerFirst(parent)) : name
    }

    /// The to-one name of a self-reference through `columns` when the column names a role
    /// rather than the row it points at: `ReportsTo` / `reports_to` → `manager`; else nil.
    static func selfReferenceParent(_ columns: [String]) -> String? {
        guard columns.count == 1 else { return nil }
        let lower = meaningfulWords(columns[0]).map { $0.lowercased() }
        return lower == ["reports", "to"] || lower == ["report", "to"] ? "manager" : nil
    }

    /// The one-to-many name of a self-reference through `columns`: `ReportsTo` → `reports` (a
    /// trailing preposition dropped), `parent_id` → `children`, `parentCollectionID` →
    /// `childCollections`, `manager_id` → `reports`; otherwise `employees_by_mentor` style.
    static func selfReferenceChildren(_ columns: [String], table: String, snake: Bool) -> String {
        let ws = columns.count == 1 ? meaningfulWords(columns[0]) : []
        let lower = ws.map { $0.lowercased() }
        if ws.count > 1, ["to", "of", "for", "under"].contains(lower.last!) {
            let name = styled(Array(ws.dropLast()), like: columns[0])
            return lowerFirst(name).lowercased().hasSuffix("s") ? lowerFirst(name) : plural(lowerFirst(name))
        }
        if let first = lower.first, ["parent", "parents"].contains(first) {
            let rest = Array(ws.dropFirst())
            if rest.isEmpty { return "children" }
            return plural(styled(["child"] + rest, like: columns[0]))
        }
        let roles = ["manager": "reports", "supervisor": "subordinates", "boss": "reports", "mentor": "mentees",
                     "reports": "reports", "lead": "members", "owner": "owned"]
        if ws.count == 1, let role = roles[lower[0]] { return role }
        return join(plural(lowerFirst(table)), "by", toOneName(columns, parent: table), snake: snake)
    }

    /// For a table named by a role (`advisor`, `mentor`, `reviewer`): the counterpart's role
    /// (`advisee`, `mentee`, `reviewee`), or nil when the name is not a role noun.
    static func counterpartRole(_ table: String) -> String? {
        let name = lowerFirst(table)
        let lower = name.lowercased()
        guard words(name).count == 1, lower.count > 5, lower.hasSuffix("or") || lower.hasSuffix("er") else { return nil }
        return String(name.dropLast(2)) + "ee"
    }

    /// English plurals that do not add `s`.
    static let irregularPlurals: [(String, String)] = [
        ("child", "children"), ("person", "people"), ("woman", "women"), ("man", "men"), ("mouse", "mice"),
        ("goose", "geese"), ("foot", "feet"), ("tooth", "teeth"), ("staff", "staff"), ("series", "series"),
        ("data", "data"), ("info", "info"), ("criterion", "criteria"), ("analysis", "analyses"),
    ]

    /// A table name as a singular noun for a to-one name: `Customers` → `customers` is kept as written
    /// except for a trailing plural `s` on names of more than three letters (`Customers` → `Customer`).
    static func singular(_ name: String) -> String {
        let lower = name.lowercased()
        for (singular, plural) in irregularPlurals where singular != plural && lower.hasSuffix(plural) {
            let last = name.suffix(plural.count)
            let cased = last.first?.isUppercase == true ? singular.prefix(1).uppercased() + singular.dropFirst() : singular
            return name.dropLast(plural.count) + cased
        }
        if lower.hasSuffix("ies") && name.count > 4 { return name.dropLast(3) + "y" }
        // `searches`, `boxes`, `addresses`: the `es` goes with the `s`.
        if ["ches", "shes", "sses", "xes"].contains(where: { lower.hasSuffix($0) }) && name.count > 4 { return String(name.dropLast(2)) }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return name }
        if lower.hasSuffix("s") && name.count > 3 { return String(name.dropLast()) }
        return name
    }

    /// English plural of the last word: `album` → `albums`, `category` → `categories`,
    /// `address` → `addresses`; words already ending in `s` are kept.
    static func plural(_ name: String) -> String {
        let lower = name.lowercased()
        for (singular, plural) in irregularPlurals where lower.hasSuffix(singular) {
            let stem = name.dropLast(singular.count)
            let last = name.suffix(singular.count)
            let cased = last.first?.isUppercase == true ? plural.prefix(1).uppercased() + plural.dropFirst() : plural
            return stem + cased
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("x") || lower.hasSuffix("ch") || lower.hasSuffix("sh") { return name + "es" }
        if lower.hasSuffix("s") { return name }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) { return name.dropLast() + "ies" }
        return name + "s"
    }

    /// For a table with two foreign keys: nil when it is not a junction, otherwise its payload
    /// columns (those that are neither keys nor link columns; empty for a pure junction).
    /// `referenced`: whether other tables have foreign keys to this one (then a surrogate-key
    /// table is an entity, not a link).
    static func junctionPayload(_ table: Table, links: [RelationshipDiscovery.Link], referenced: Bool = false) -> [Column]? {
        let linkColumns = Set(links.flatMap { $0.childColumns.map { $0.label.lowercased() } })
        let pk = Set(table.primaryKey.map { $0.label.lowercased() })
        let uniqueOverLinks = table.indexes.contains { $0.unique && Set($0.columns.map { $0.lowercased() }) == linkColumns }
        let others = table.columns.filter { !linkColumns.contains($0.label.lowercased()) }
        if pk == linkColumns || uniqueOverLinks {
            return others.filter { !$0.primaryKey }
        }
        // A key or unique index over both links *and* a column of its own (Zotero's syncDeleteLog:
        // UNIQUE(syncObjectTypeID, libraryID, key)) identifies something else than the pair: an entity.
        let keys = [pk] + table.indexes.filter(\.unique).map { Set($0.columns.map { $0.lowercased() }) }
        if keys.contains(where: { $0.isStrictSuperset(of: linkColumns) }) { return nil }
        // A surrogate key (or only the rowid), the two links and at most three columns of its own
        // (a quantity, a position, a timestamp): a link with a payload, such as an invoice line or
        // a workout's exercise — a through model. Links that may be NULL are taken only when the
        // table has nothing else: two optional keys beside columns of its own are more likely an
        // entity (a message with a sender and an optional recipient).
        let ownKey = table.primaryKey.count == 1 && !linkColumns.contains(table.primaryKey[0].label.lowercased())
        let rowIDOnly = table.primaryKey.isEmpty && !table.isView
        let linksRequired = links.allSatisfy { $0.childColumns.allSatisfy { !$0.optional } }
        let payload = others.filter { !$0.primaryKey }
        if ownKey || rowIDOnly, linksRequired || payload.isEmpty, !referenced, payload.count <= 3 { return payload }
        return nil
    }
}
