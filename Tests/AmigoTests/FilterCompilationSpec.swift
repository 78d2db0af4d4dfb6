import AmigoTestSupport
import Testing
@testable import Amigo

/// A model with a Bool column, for TRUE/FALSE/YES/NO.
final class Toy: AmigoModel, @unchecked Sendable {
    var id: Int?
    var name: String?
    var squeaky: Bool?
}

/// Every operator of the filter language: the exact SQL and arguments `query.sql()` produces,
/// and the exact rows the compiled query returns.
@Suite struct FilterCompilationSpec {
    static let dogSelect = #"SELECT "dog"."id", "dog"."label" FROM "dog""#
    static let peopleSelect = #"SELECT "people"."id", "people"."label", "people"."dog_id", "people"."cat_id" FROM "people""#

    /// Dogs 1…5: Lucy, lucy, Lulu, Rex, Max*.
    private func dogs(_ labels: [String?] = ["Lucy", "lucy", "Lulu", "Rex", "Max*"]) throws -> (SeedDatabase, Session) {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        for label in labels {
            let d = Dog(); d.label = label
            try session.add(d)
        }
        return (db, session)
    }

    /// Checks the WHERE clause and arguments of a Dog query, and the ids it returns.
    private func expectDogs(_ query: Query<Dog>, where clause: String, _ arguments: [DatabaseValue], ids: [Int],
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (sql, bound) = try query.sql()
        #expect(sql == Self.dogSelect + " WHERE " + clause, sourceLocation: sourceLocation)
        #expect(bound == arguments, sourceLocation: sourceLocation)
        #expect(try query.orderBy("id").all().compactMap(\.id) == ids, sourceLocation: sourceLocation)
    }

    // MARK: Comparisons

    @Test(arguments: ["label = 'Lucy'", "label == 'Lucy'", "label = \"Lucy\"", "'Lucy' = label"])
    func equalityBindsTheValue(_ filter: String) throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter(filter), where: #""dog"."label" = ?"#, ["Lucy"], ids: [1])
    }

    @Test(arguments: ["label != 'Lucy'", "label <> 'Lucy'"])
    func inequalityIsSQLNotEqual(_ filter: String) throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter(filter), where: #""dog"."label" <> ?"#, ["Lucy"], ids: [2, 3, 4, 5])
    }

    @Test(arguments: [
        ("id < 3", "<", [1, 2]), ("id <= 3", "<=", [1, 2, 3]), ("id > 3", ">", [4, 5]), ("id >= 3", ">=", [3, 4, 5]),
        ("id =< 3", "<=", [1, 2, 3]), ("id => 3", ">=", [3, 4, 5]),
    ])
    func orderingComparisons(_ filter: String, _ op: String, _ ids: [Int]) throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter(filter), where: #""dog"."id" \#(op) ?"#, [3], ids: ids)
    }

    @Test func aConstantOnTheLeftIsFlippedToTheRight() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("3 > id"), where: #""dog"."id" < ?"#, [3], ids: [1, 2])
        try expectDogs(session.query(Dog.self).filter("2 <= id"), where: #""dog"."id" >= ?"#, [2], ids: [2, 3, 4, 5])
    }

    @Test func negativeAndRealNumbersAreBound() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("id > -1 AND id < 2.5"), where: #""dog"."id" > ? AND "dog"."id" < ?"#,
                       [-1, 2.5], ids: [1, 2])
    }

    /// SQLite's NOCASE for ASCII rows; rows with other text are compared fully case-folded.
    static let foldedOr = #" OR ("dog"."label" GLOB ? AND amigo_fold("dog"."label", 1) "#
    static let nonASCII = DatabaseValue.text("*[^\u{01}-\u{7f}]*")

    @Test func caseInsensitiveEqualityUsesNoCase() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("label =[c] 'LUCY'"),
                       where: #"("dog"."label" = ? COLLATE NOCASE"# + Self.foldedOr + "= ?))",
                       ["LUCY", Self.nonASCII, "lucy"], ids: [1, 2])
        // A constant without letters that non-ASCII text folds to: NOCASE alone is exact.
        try expectDogs(session.query(Dog.self).filter("label =[c] 'MEO'"), where: #""dog"."label" = ? COLLATE NOCASE"#,
                       ["MEO"], ids: [])
    }

    @Test func caseInsensitiveComparisonsFoldFullyBeyondASCII() throws {
        let (_, session) = try dogs(["Straße", "STRASSE", "ﬁdo", "Fido", "\u{212A}aiser", "ſam", "plain"])
        let labels = { (filter: String) in try session.query(Dog.self).filter(filter).orderBy("id").all().compactMap(\.label) }
        #expect(try labels("label =[c] 'strasse'") == ["Straße", "STRASSE"])
        #expect(try labels("label !=[c] 'strasse'") == ["ﬁdo", "Fido", "\u{212A}aiser", "ſam", "plain"])
        #expect(try labels("label CONTAINS[c] 'ss'") == ["Straße", "STRASSE"])
        #expect(try labels("label BEGINSWITH[c] 'fi'") == ["ﬁdo", "Fido"])
        #expect(try labels("label BEGINSWITH[c] 'k'") == ["\u{212A}aiser"])
        #expect(try labels("label BEGINSWITH[c] 'sam'") == ["ſam"])
        #expect(try labels("label ==[c] 'straße'") == ["Straße", "STRASSE"])
        // IN and BETWEEN fold as == does, whichever side holds the ß.
        #expect(try labels("label IN[c] {'strasse', 'nope'}") == ["Straße", "STRASSE"])
        #expect(try labels("label IN[c] {'straße'}") == ["Straße", "STRASSE"])
        #expect(try labels("label BETWEEN[c] {'strasse', 'strasse'}") == ["Straße", "STRASSE"])
        #expect(try labels("label BETWEEN[c] {'FI', 'FIDO'}") == ["ﬁdo", "Fido"])
        #expect(try labels("label IN[c] {'kaiser', 'SAM'}") == ["\u{212A}aiser", "ſam"])
    }

    @Test func caseAndDiacriticsAreFoldedForEveryScript() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO artist (name) VALUES ('Antônio Carlos Jobim'), ('Chico Science & Nação Zumbi'), ('ÉDITH'), ('edith'), (NULL);
            """)
        let session = try AmigoDatabase(reflecting: engine).openSession()
        func ids(_ filter: String) throws -> [DatabaseValue] {
            try session.query("artist").filter(filter).orderBy("id").all().map { $0["id"] }
        }
        #expect(try ids("name CONTAINS[c] 'ÇÃO'") == [2])
        #expect(try ids("name CONTAINS 'ÇÃO'") == [])
        #expect(try ids("name ==[cd] 'antonio carlos jobim'") == [1])
        #expect(try ids("name BEGINSWITH[d] 'Anto'") == [1])
        #expect(try ids("name =[c] 'édith'") == [3])                // [c] alone keeps the accent
        #expect(try ids("name IN[cd] {'EDITH', 'x'}") == [3, 4])
        #expect(try ids("name LIKE[d] 'Nac*'") == [])            // LIKE matches the whole text
        #expect(try ids("name LIKE[cd] '*nacao*'") == [2])
        #expect(try ids("name MATCHES[cd] '.*nacao.*'") == [2])
        #expect(try ids("name !=[d] 'edith'") == [1, 2, 3])      // 'EDITH' differs in case; NULL matches neither = nor !=
        let (sql, arguments) = try session.query("artist").filter("name CONTAINS[cd] 'ção'").sql()
        #expect(sql.hasSuffix(#"WHERE amigo_fold("artist"."name", 3) GLOB ?"#))
        #expect(arguments == ["*cao*"])
    }

    @Test func aColumnComparedWithAnotherColumnBindsNothing() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "Lucy"
        let same = People(); same.label = "Lucy"; same.dog = lucy
        let other = People(); other.label = "Foo"; other.dog = lucy
        try session.add(same, other)
        let query = session.query(People.self).filter("label = dog.label")
        let (sql, arguments) = try query.sql()
        #expect(sql == Self.peopleSelect + #" LEFT JOIN "dog" ON "dog"."id" = "people"."dog_id" WHERE "people"."label" = "dog"."label""#)
        #expect(arguments.isEmpty)
        #expect(try query.all().map(\.id) == [1])
    }

    // MARK: Logic

    @Test(arguments: ["id > 1 AND id < 4", "id > 1 && id < 4", "id > 1 and id < 4"])
    func andJoinsComparisons(_ filter: String) throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter(filter), where: #""dog"."id" > ? AND "dog"."id" < ?"#, [1, 4], ids: [2, 3])
    }

    @Test(arguments: ["id = 1 OR id = 3", "id = 1 || id = 3", "id = 1 or id = 3"])
    func orIsParenthesisedInTheWhereClause(_ filter: String) throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter(filter), where: #"("dog"."id" = ? OR "dog"."id" = ?)"#, [1, 3], ids: [1, 3])
    }

    @Test(arguments: ["NOT label = 'Lucy'", "!(label = 'Lucy')", "not (label == 'Lucy')"])
    func notIsKept(_ filter: String) throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter(filter), where: #"NOT ("dog"."label" = ?)"#, ["Lucy"], ids: [2, 3, 4, 5])
    }

    @Test func orInsideAndKeepsItsParentheses() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("(id = 1 OR id = 2) AND label = 'Lucy'"),
                       where: #"("dog"."id" = ? OR "dog"."id" = ?) AND "dog"."label" = ?"#, [1, 2, "Lucy"], ids: [1])
        try expectDogs(session.query(Dog.self).filter("id = 1 OR id = 2 AND label = 'Lucy'"),
                       where: #"("dog"."id" = ? OR ("dog"."id" = ? AND "dog"."label" = ?))"#, [1, 2, "Lucy"], ids: [1])
    }

    @Test func anOrFilterStaysGroupedWhenAnotherFilterIsAdded() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("id = 1 OR id = 2").filter("label = 'lucy'"),
                       where: #"("dog"."id" = ? OR "dog"."id" = ?) AND "dog"."label" = ?"#, [1, 2, "lucy"], ids: [2])
    }

    @Test func theOriginalsCompoundPredicateCompilesWithCorrectPrecedence() throws {
        let (_, session) = try dogs((1...30).map { "dog \($0)" })
        try expectDogs(session.query(Dog.self).filter("id > 1 && id < 20 || id = 22 OR id = 26 AND id != 15"),
                       where: #"(("dog"."id" > ? AND "dog"."id" < ?) OR "dog"."id" = ? OR ("dog"."id" = ? AND "dog"."id" <> ?))"#,
                       [1, 20, 22, 26, 15], ids: Array(2...19) + [22, 26])
    }

    @Test func truePredicateAndFalsePredicate() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("TRUEPREDICATE"), where: "1", [], ids: [1, 2, 3, 4, 5])
        try expectDogs(session.query(Dog.self).filter("FALSEPREDICATE"), where: "0", [], ids: [])
    }

    // MARK: IN and BETWEEN

    @Test func inTakesAList() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("label IN {'Lucy', 'Rex'}"), where: #""dog"."label" IN (?, ?)"#,
                       ["Lucy", "Rex"], ids: [1, 4])
    }

    @Test(arguments: ["NOT label IN {'Lucy', 'Rex'}", "label NOT IN {'Lucy', 'Rex'}"])
    func notInIsNegatedIn(_ filter: String) throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter(filter), where: #"NOT ("dog"."label" IN (?, ?))"#,
                       ["Lucy", "Rex"], ids: [2, 3, 5])
    }

    @Test func inTakesAnArrayArgument() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("id IN %@", [1, 3, 5]), where: #""dog"."id" IN (?, ?, ?)"#,
                       [1, 3, 5], ids: [1, 3, 5])
        try expectDogs(session.query(Dog.self).filter("label IN %@", ["Rex", "Lulu"]), where: #""dog"."label" IN (?, ?)"#,
                       ["Rex", "Lulu"], ids: [3, 4])
        try expectDogs(session.query(Dog.self).filter("id IN %@", [Int]()), where: "0", [], ids: [])
        let withNil: [String?] = ["Rex", nil]
        try expectDogs(session.query(Dog.self).filter("label IN %@", withNil), where: #""dog"."label" IN (?, ?)"#,
                       ["Rex", nil], ids: [4])
    }

    @Test func betweenTakesTwoValues() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("id BETWEEN {2, 4}"), where: #""dog"."id" BETWEEN ? AND ?"#,
                       [2, 4], ids: [2, 3, 4])
        try expectDogs(session.query(Dog.self).filter("id BETWEEN %@", [4, 5]), where: #""dog"."id" BETWEEN ? AND ?"#,
                       [4, 5], ids: [4, 5])
        try expectDogs(session.query(Dog.self).filter("id BETWEEN {%@, %@}", 1, 2), where: #""dog"."id" BETWEEN ? AND ?"#,
                       [1, 2], ids: [1, 2])
    }

    // MARK: Patterns

    @Test func likeWildcardsAreCaseSensitiveThroughGlob() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("label LIKE 'Lu*'"), where: #""dog"."label" GLOB ?"#, ["Lu*"], ids: [1, 3])
        try expectDogs(session.query(Dog.self).filter("label LIKE 'l?cy'"), where: #""dog"."label" GLOB ?"#, ["l?cy"], ids: [2])
        try expectDogs(session.query(Dog.self).filter(#"label LIKE 'Max\*'"#), where: #""dog"."label" GLOB ?"#, ["Max[*]"], ids: [5])
    }

    /// A SQL user's `LIKE 'A%'` answers what SQL answers: `%` and `_` are wildcards when the
    /// pattern has no `*` or `?`, and SQLite's LIKE ignores ASCII case — never a silent empty answer.
    @Test func aPatternWrittenWithSQLWildcardsIsReadAsSQLReadsIt() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let amigo = try AmigoDatabase(reflecting: path)
        let session = try amigo.openSession()
        defer { try? session.close() }
        for (filter, sql) in [("Name LIKE 'A%'", "Name LIKE 'A%'"), ("Name LIKE 'a%'", "Name LIKE 'a%'"),
                              ("Name LIKE 'AC_DC'", "Name LIKE 'AC_DC'"), ("Name LIKE '%the%'", "Name LIKE '%the%'"),
                              (#"Name LIKE '100\%'"#, #"Name LIKE '100\%' ESCAPE '\'"#)] {
            let expected = try amigo.engine.fetchScalar("SELECT count(*) FROM Artist WHERE \(sql)").integerValue
            #expect(try session.query("Artist").filter(filter).count() == Int(expected ?? -1), "\(filter)")
        }
        #expect(try session.query("Artist").filter("Name LIKE 'A%'").count() == 26)
        // The filter language's own wildcards keep their meaning (and their case).
        #expect(try session.query("Artist").filter("Name LIKE 'A*'").count() == 26)
        #expect(try session.query("Artist").filter("Name LIKE 'a*'").count() == 0)
        #expect(try session.query("Artist").filter("Name LIKE 'A%*'").count() == 0)   // `%` literal beside `*`
    }

    @Test func caseInsensitiveLikeUsesSQLLike() throws {
        let (_, session) = try dogs()
        let like = #"("dog"."label" LIKE ? ESCAPE '\'"# + Self.foldedOr + "GLOB ?))"
        try expectDogs(session.query(Dog.self).filter("label LIKE[c] 'lu*'"), where: like,
                       ["lu%", Self.nonASCII, "lu*"], ids: [1, 2, 3])
        try expectDogs(session.query(Dog.self).filter("label LIKE[c] 'L?CY'"), where: like,
                       ["L_CY", Self.nonASCII, "l?cy"], ids: [1, 2])
    }

    @Test func beginsWithEndsWithContains() throws {
        let (_, session) = try dogs()
        let glob = #""dog"."label" GLOB ?"#
        let like = #""dog"."label" LIKE ? ESCAPE '\'"#
        let likeOrFolded = "(" + like + Self.foldedOr + "GLOB ?))"
        try expectDogs(session.query(Dog.self).filter("label BEGINSWITH 'Lu'"), where: glob, ["Lu*"], ids: [1, 3])
        try expectDogs(session.query(Dog.self).filter("label BEGINSWITH[c] 'lu'"), where: likeOrFolded, ["lu%", Self.nonASCII, "lu*"], ids: [1, 2, 3])
        try expectDogs(session.query(Dog.self).filter("label ENDSWITH 'cy'"), where: glob, ["*cy"], ids: [1, 2])
        try expectDogs(session.query(Dog.self).filter("label ENDSWITH[c] 'CY'"), where: like, ["%CY"], ids: [1, 2])
        try expectDogs(session.query(Dog.self).filter("label CONTAINS 'u'"), where: glob, ["*u*"], ids: [1, 2, 3])
        try expectDogs(session.query(Dog.self).filter("label CONTAINS[c] 'X'"), where: like, ["%X%"], ids: [4, 5])
    }

    @Test func wildcardCharactersInBeginsWithAreLiteral() throws {
        let (_, session) = try dogs(["Max*", "Maxi", "50% off", "500 off"])
        try expectDogs(session.query(Dog.self).filter("label BEGINSWITH 'Max*'"), where: #""dog"."label" GLOB ?"#,
                       ["Max[*]*"], ids: [1])
        try expectDogs(session.query(Dog.self).filter("label BEGINSWITH[c] '50%'"), where: #""dog"."label" LIKE ? ESCAPE '\'"#,
                       [#"50\%%"#], ids: [3])
    }

    @Test func matchesIsAWholeStringRegularExpression() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("label MATCHES 'L.*'"), where: #""dog"."label" REGEXP ?"#,
                       ["^(?:L.*)$"], ids: [1, 3])
    }

    // MARK: Constants and arguments

    @Test(arguments: ["label = nil", "label == NULL", "label IS NULL", "label = NIL", "NULL = label"])
    func nilComparesWithIsNull(_ filter: String) throws {
        let (_, session) = try dogs(["Lucy", nil])
        try expectDogs(session.query(Dog.self).filter(filter), where: #""dog"."label" IS NULL"#, [], ids: [2])
    }

    @Test(arguments: ["label != nil", "label <> NULL", "label IS NOT NULL"])
    func notNilComparesWithIsNotNull(_ filter: String) throws {
        let (_, session) = try dogs(["Lucy", nil])
        try expectDogs(session.query(Dog.self).filter(filter), where: #""dog"."label" IS NOT NULL"#, [], ids: [1])
    }

    @Test func aNilArgumentComparesWithIsNull() throws {
        let (_, session) = try dogs(["Lucy", nil])
        let none: String? = nil
        try expectDogs(session.query(Dog.self).filter("label = %@", none), where: #""dog"."label" IS NULL"#, [], ids: [2])
        try expectDogs(session.query(Dog.self).filter("label != %@", none), where: #""dog"."label" IS NOT NULL"#, [], ids: [1])
    }

    @Test(arguments: [("squeaky = TRUE", 1, [1]), ("squeaky = YES", 1, [1]), ("squeaky == true", 1, [1]),
                      ("squeaky = FALSE", 0, [2]), ("squeaky = NO", 0, [2]), ("squeaky = %@", 1, [1])])
    func booleanConstantsAreOneAndZero(_ filter: String, _ bound: Int64, _ ids: [Int]) throws {
        let toy = ORMModel(Toy.self, Column("id", \Toy.id, primaryKey: true), Column("name", \Toy.name),
                           Column("squeaky", \Toy.squeaky))
        let amigo = try AmigoDatabase([toy], factory: SQLiteEngineFactory(":memory:"))
        try amigo.createAll()
        let session = try amigo.openSession()
        for squeaky in [true, false] {
            let t = Toy(); t.squeaky = squeaky
            try session.add(t)
        }
        let query = filter.contains("%@") ? session.query(Toy.self).filter(filter, true) : session.query(Toy.self).filter(filter)
        let (sql, arguments) = try query.sql()
        #expect(sql == #"SELECT "toy"."id", "toy"."name", "toy"."squeaky" FROM "toy" WHERE "toy"."squeaky" = ?"#)
        #expect(arguments == [.integer(bound)])
        #expect(try query.all().compactMap(\.id) == ids)
    }

    @Test func quotedStringsDecodeDoubledQuotesAndEscapes() throws {
        let (_, session) = try dogs(["it's", #"say "hi""#, "Lucy"])
        try expectDogs(session.query(Dog.self).filter("label = 'it''s'"), where: #""dog"."label" = ?"#, ["it's"], ids: [1])
        try expectDogs(session.query(Dog.self).filter(#"label = "it's""#), where: #""dog"."label" = ?"#, ["it's"], ids: [1])
        try expectDogs(session.query(Dog.self).filter(#"label = "say \"hi\"""#), where: #""dog"."label" = ?"#,
                       [#"say "hi""#], ids: [2])
        try expectDogs(session.query(Dog.self).filter(#"label = 'say "hi"'"#), where: #""dog"."label" = ?"#,
                       [#"say "hi""#], ids: [2])
    }

    @Test func argumentsAreBoundInOrder() throws {
        let (_, session) = try dogs()
        try expectDogs(session.query(Dog.self).filter("label BEGINSWITH %@ AND id >= %@", "Lu", 2),
                       where: #""dog"."label" GLOB ? AND "dog"."id" >= ?"#, ["Lu*", 2], ids: [3])
    }

    @Test func valuesAreNeverSplicedIntoTheSQL() throws {
        let (db, session) = try dogs()
        let hostile = "x'; DROP TABLE dog; --"
        try expectDogs(session.query(Dog.self).filter("label = %@", hostile), where: #""dog"."label" = ?"#, [.text(hostile)], ids: [])
        try expectDogs(session.query(Dog.self).filter("label = \"x'; DROP TABLE dog; --\""), where: #""dog"."label" = ?"#,
                       [.text(hostile)], ids: [])
        #expect(try db.amigo.engine.rowCount("dog") == 5)
        withExtendedLifetime(session) {}
    }

    // MARK: Paths through relationships

    @Test func aDottedPathThroughAForeignKeyAddsOneJoin() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "Lucy"
        let rex = Dog(); rex.label = "Rex"
        let foo = People(); foo.label = "Foo"; foo.dog = lucy
        let bar = People(); bar.label = "Bar"; bar.dog = rex
        try session.add(foo, bar)
        let query = session.query(People.self).filter("dog.label = %@ OR dog.id = 2", "Lucy")
        let (sql, arguments) = try query.sql()
        #expect(sql == Self.peopleSelect + #" LEFT JOIN "dog" ON "dog"."id" = "people"."dog_id" WHERE ("dog"."label" = ? OR "dog"."id" = ?)"#)
        #expect(arguments == ["Lucy", 2])
        #expect(try query.orderBy("id").all().map(\.label) == ["Foo", "Bar"])
        // Two relationships: one join each, in order of use.
        let both = try session.query(People.self).filter("cat.label = nil AND dog.label = 'Rex'").sql()
        #expect(both.sql == Self.peopleSelect + #" LEFT JOIN "cat" ON "cat"."id" = "people"."cat_id" LEFT JOIN "dog" ON "dog"."id" = "people"."dog_id" WHERE "cat"."label" IS NULL AND "dog"."label" = ?"#)
        #expect(try session.query(People.self).filter("cat.label = nil AND dog.label = 'Rex'").all().map(\.label) == ["Bar"])
    }

    @Test func aForeignKeyNameComparesTheStoredKey() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "Lucy"
        let foo = People(); foo.label = "Foo"; foo.dog = lucy
        let bar = People(); bar.label = "Bar"
        try session.add(foo, bar)
        let query = session.query(People.self).filter("dog = %@", 1)
        #expect(try query.sql().sql == Self.peopleSelect + #" WHERE "people"."dog_id" = ?"#)
        #expect(try query.all().map(\.label) == ["Foo"])
        #expect(try session.query(People.self).filter("dog = nil").all().map(\.label) == ["Bar"])
    }

    @Test func aOneToManyPathCompilesToExists() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "Lucy"
        let rex = Dog(); rex.label = "Rex"
        let foo = People(); foo.label = "Foo"; foo.dog = lucy
        let bar = People(); bar.label = "Bar"; bar.dog = rex
        try session.add(foo, bar)
        let query = session.query(Dog.self).filter("people.label = 'Foo'")
        try expectDogs(query, where: #"EXISTS (SELECT 1 FROM "people" WHERE "people"."dog_id" = "dog"."id" AND "people"."label" = ?)"#,
                       ["Foo"], ids: [1])
        try expectDogs(session.query(Dog.self).filter("NOT people.label BEGINSWITH 'F'"),
                       where: #"NOT (EXISTS (SELECT 1 FROM "people" WHERE "people"."dog_id" = "dog"."id" AND "people"."label" GLOB ?))"#,
                       ["F*"], ids: [2])
    }

    @Test func aManyToManyPathCompilesToExistsOverTheJunction() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p1 = Parent(); p1.label = "p1"
        let p2 = Parent(); p2.label = "p2"
        let c = Child(); c.label = "c"
        let other = Child(); other.label = "other"
        try session.add(p1, p2, c, other)
        try session.using(p1).relationship("children").add(c)
        try session.using(p2).relationship("children").add(other)
        let query = session.query(Parent.self).filter("children.label = %@", "c")
        let (sql, arguments) = try query.sql()
        #expect(sql == #"SELECT "parent"."id", "parent"."label" FROM "parent" WHERE EXISTS (SELECT 1 FROM "child" AS "children" JOIN "child_parent" AS "children#link" ON "children#link"."child_id" = "children"."id" WHERE "children#link"."parent_id" = "parent"."id" AND "children"."label" = ?)"#)
        #expect(arguments == ["c"])
        #expect(try query.all().map(\.label) == ["p1"])
    }
}
