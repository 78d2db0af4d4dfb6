import Testing
@testable import Amigo

/// `get`, `all`, `first`, `count`, `exists`, `filter`, `orderBy`, `limit`, `offset`, `selectRelated`,
/// ported from the original's AmigoQuerySetTests, plus the gaps it left (count, AND-ed filters).
@Suite struct QuerySpec {
    static let peopleColumns = #"SELECT "people"."id", "people"."label", "people"."dog_id", "people"."cat_id""#

    /// People Foo (dog Lucy) and Bar (dog Ollie), as in testOrderByDifferentTable.
    private func twoPeopleWithDogs() throws -> (SeedDatabase, Session) {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "Lucy"
        let ollie = Dog(); ollie.label = "Ollie"
        let foo = People(); foo.label = "Foo"; foo.dog = lucy
        let bar = People(); bar.label = "Bar"; bar.dog = ollie
        try session.add(foo, bar)
        return (db, session)
    }

    // MARK: Running

    @Test func countRunsARealCountQuery() throws {
        let (db, session) = try twoPeopleWithDogs()
        db.trace.clear()
        #expect(try session.query(People.self).count() == 2)
        #expect(try session.query(Dog.self).count() == 2)
        #expect(db.trace.statements == [#"SELECT COUNT(*) FROM "people""#, #"SELECT COUNT(*) FROM "dog""#])
        #expect(try session.query(People.self).filter("label = 'Foo'").count() == 1)
        #expect(try session.query(People.self).filter("dog.label = 'Nobody'").count() == 0)
    }

    @Test func countRespectsLimitAndOffset() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.add((1...5).map { n -> Dog in let d = Dog(); d.label = "\(n)"; return d })
        #expect(try session.query(Dog.self).limit(3).count() == 3)
        #expect(try session.query(Dog.self).offset(4).count() == 1)
        #expect(try session.query(Dog.self).limit(3).offset(3).count() == 2)
    }

    @Test func firstAndExists() throws {
        let (_, session) = try twoPeopleWithDogs()
        #expect(try session.query(People.self).orderBy("label").first()?.label == "Bar")
        #expect(try session.query(People.self).filter("label = 'Nobody'").first() == nil)
        #expect(try session.query(People.self).filter("label = 'Foo'").exists())
        #expect(try !session.query(People.self).filter("label = 'Nobody'").exists())
    }

    @Test func firstAndExistsRespectAZeroLimit() throws {
        let (_, session) = try twoPeopleWithDogs()
        #expect(try session.query(People.self).limit(0).all().isEmpty)
        #expect(try session.query(People.self).limit(0).first() == nil)
        #expect(try !session.query(People.self).limit(0).exists())
        #expect(try session.query(People.self).orderBy("id").limit(5).offset(1).first()?.label == "Bar")
    }

    @Test func forEachStreamsUntilTheBodyReturnsFalse() throws {
        let (_, session) = try twoPeopleWithDogs()
        var seen: [String] = []
        try session.query(People.self).orderBy("id").forEach { p in seen.append(p.label ?? ""); return false }
        #expect(seen == ["Foo"])
    }

    @Test func amigoQueryOutsideTheSessionSeesTheSessionsUncommittedRows() throws {
        let (db, session) = try twoPeopleWithDogs()
        #expect(try db.amigo.query(People.self).count() == 2)
        withExtendedLifetime(session) {}
    }

    // MARK: Filters

    @Test func filterByAColumn() throws {
        let (_, session) = try twoPeopleWithDogs()
        let rows = try session.query(People.self).filter("label = 'Foo'").all()
        #expect(rows.map(\.id) == [1])
        #expect(try session.query(People.self).filter("label = 'Foo'").sql().sql
                == Self.peopleColumns + #" FROM "people" WHERE "people"."label" = ?"#)
    }

    @Test func filterThroughAForeignKeyWithOrdering() throws {
        let (_, session) = try twoPeopleWithDogs()
        let rows = try session.query(People.self).selectRelated("dog").orderBy("dog.label", ascending: false)
            .filter("dog.label = \"Lucy\"").all()
        #expect(rows.count == 1)
        #expect(rows.first?.id == 1)
        #expect(rows.first?.dog?.label == "Lucy")
    }

    @Test func aSecondFilterIsCombinedWithAnd() throws {
        let (_, session) = try twoPeopleWithDogs()
        let query = session.query(People.self).filter("label = 'Foo'").filter("id = %@", 2)
        let (sql, arguments) = try query.sql()
        #expect(sql == Self.peopleColumns + #" FROM "people" WHERE "people"."label" = ? AND "people"."id" = ?"#)
        #expect(arguments == ["Foo", 2])
        #expect(try query.all().isEmpty)
        #expect(try session.query(People.self).filter("label = 'Foo'").filter("id = 1").count() == 1)
    }

    @Test func getKeepsEarlierFilters() throws {
        let (_, session) = try twoPeopleWithDogs()
        #expect(try session.query(People.self).filter("label = 'Bar'").get(1) == nil)
        #expect(try session.query(People.self).filter("label = 'Foo'").get(1)?.label == "Foo")
    }

    @Test func refiningAQueryLeavesTheOriginalUnchanged() throws {
        let (_, session) = try twoPeopleWithDogs()
        let all = session.query(People.self)
        let foo = all.filter("label = 'Foo'").limit(1)
        #expect(try all.count() == 2)
        #expect(try foo.count() == 1)
        #expect(try all.sql().sql == Self.peopleColumns + #" FROM "people""#)
    }

    // MARK: Ordering, limit, offset

    @Test func orderByAColumnOfTheSameTable() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "Lucy"
        let ollie = Dog(); ollie.label = "Ollie"
        try session.add(lucy, ollie)
        let descending = try session.query(Dog.self).orderBy("label", ascending: false).all()
        #expect(descending.map(\.id) == [2, 1])
        #expect(descending.first?.label == "Ollie")
        let ascending = try session.query(Dog.self).orderBy("label").all()
        #expect(ascending.map(\.label) == ["Lucy", "Ollie"])
        #expect(try session.query(Dog.self).orderBy("-label").all().map(\.label) == ["Ollie", "Lucy"])
        #expect(try session.query(Dog.self).orderBy("label", ascending: false).sql().sql
                == #"SELECT "dog"."id", "dog"."label" FROM "dog" ORDER BY "dog"."label" DESC"#)
    }

    @Test func orderByAColumnOfARelatedTable() throws {
        let (_, session) = try twoPeopleWithDogs()
        let query = session.query(People.self).selectRelated("dog").orderBy("dog.label", ascending: false)
        let rows = try query.all()
        #expect(rows.first?.id == 2)
        #expect(rows.first?.dog?.label == "Ollie")
        #expect(try query.sql().sql == Self.peopleColumns + #", "dog"."id", "dog"."label" FROM "people" LEFT JOIN "dog" ON "dog"."id" = "people"."dog_id" ORDER BY "dog"."label" DESC"#)
        // Ordering by a related column joins by itself, without selectRelated.
        #expect(try session.query(People.self).orderBy("dog.label").all().map(\.label) == ["Foo", "Bar"])
    }

    @Test func orderByIsCaseInsensitiveForColumnNames() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        for (first, last) in [("Ada", "Lovelace"), ("Alan", "Turing")] {
            let a = Author(); a.firstName = first; a.lastName = last
            try session.add(a)
        }
        #expect(try session.query(Author.self).orderBy("LASTNAME", ascending: false).all().map(\.firstName) == ["Alan", "Ada"])
        #expect(try session.query(Author.self).orderBy("firstName").all().map(\.lastName) == ["Lovelace", "Turing"])
    }

    @Test func limitAndOffsetFollowInsertionOrder() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Author(); lucy.firstName = "Lucy"; lucy.lastName = "Dog"
        let ollie = Author(); ollie.firstName = "Ollie"; ollie.lastName = "Cat"
        try session.add(lucy, ollie)
        let first = try session.query(Author.self).limit(1).all()
        #expect(first.map(\.firstName) == ["Lucy"])
        #expect(first.map(\.lastName) == ["Dog"])
        let second = try session.query(Author.self).limit(1).offset(1).all()
        #expect(second.map(\.firstName) == ["Ollie"])
        #expect(second.map(\.lastName) == ["Cat"])
        #expect(try session.query(Author.self).limit(1).offset(1).sql().sql.hasSuffix(#"FROM "author" LIMIT 1 OFFSET 1"#))
        // OFFSET without LIMIT is valid SQL (LIMIT -1).
        #expect(try session.query(Author.self).offset(1).all().map(\.firstName) == ["Ollie"])
    }

    // MARK: selectRelated

    @Test func relatedObjectsAreOnlyFilledInBySelectRelated() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "Lucy"
        let p = People(); p.label = "Foo"; p.dog = lucy
        try session.add(p)
        #expect(try session.query(People.self).get(1)?.dog == nil)
        let joined = try #require(try session.query(People.self).selectRelated("dog").get(1))
        #expect(joined.dog?.label == "Lucy")
        #expect(joined.dog?.isPersisted == true)
        #expect(try session.query(People.self).selectRelated("dog").sql().sql
                == Self.peopleColumns + #", "dog"."id", "dog"."label" FROM "people" LEFT JOIN "dog" ON "dog"."id" = "people"."dog_id""#)
    }

    @Test func aLeftJoinWithoutAMatchLeavesTheRelatedObjectNil() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p = People(); p.label = "Lonely"
        try session.add(p)
        let rows = try session.query(People.self).selectRelated("dog", "cat").all()
        #expect(rows.count == 1)
        #expect(rows.first?.dog == nil)
        #expect(rows.first?.cat == nil)
    }

    @Test func rowsSharingARelatedRowShareOneRelatedObject() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "Lucy"
        let rex = Dog(); rex.label = "Rex"
        for (label, dog) in [("a", lucy), ("b", rex), ("c", lucy)] {
            let p = People(); p.label = label; p.dog = dog
            try session.add(p)
        }
        let rows = try session.query(People.self).selectRelated("dog").orderBy("label").all()
        #expect(rows.map { $0.dog?.label } == ["Lucy", "Rex", "Lucy"])
        #expect(rows[0].dog === rows[2].dog)      // built once for the query
        #expect(rows[0].dog !== rows[1].dog)
        // Another query builds its own objects.
        let again = try session.query(People.self).selectRelated("dog").orderBy("label").all()
        #expect(again[0].dog !== rows[0].dog)
    }

    @Test func getOnARelationshipKeepsTheScopeAndLeavesPlainGetAlone() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let a1 = Author(); a1.firstName = "Lucy"
        let a2 = Author(); a2.firstName = "Ollie"
        for (title, author) in [("p1", a1), ("p2", a2)] {
            let post = Post(); post.title = title; post.author = author
            try session.add(post)
        }
        let unsaved = Author()
        // Scoped first: the scope applies, and the model's plain `get` is not affected.
        #expect(try session.query(Post.self).using(a1).relationship("posts").get(2) == nil)
        #expect(try session.query(Post.self).using(unsaved).relationship("posts").get(1) == nil)
        #expect(try session.query(Post.self).get(2)?.title == "p2")
        #expect(try session.query(Post.self).using(a2).relationship("posts").get(2)?.title == "p2")
        #expect(try session.query(Post.self).using(a1).relationship("posts").get(2) == nil)
        #expect(try session.query(Post.self).get(1)?.title == "p1")
    }

    @Test func oneToManyThroughUsing() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let a1 = Author(); a1.firstName = "Lucy"
        let a2 = Author(); a2.firstName = "Ollie"
        for (title, author) in [("p1", a1), ("p2", a1), ("p3", a2)] {
            let post = Post(); post.title = title; post.author = author
            try session.add(post)
        }
        #expect(try session.query(Post.self).using(a1).relationship("posts").count() == 2)
        #expect(try session.query(Post.self).using(a2).relationship("posts").all().map(\.title) == ["p3"])
        #expect(try session.query(Post.self).using(a1).relationship("posts").filter("title = 'p2'").all().map(\.title) == ["p2"])
    }
}
