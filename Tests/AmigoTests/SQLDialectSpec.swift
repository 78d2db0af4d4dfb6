import Testing
@testable import Amigo

/// Statement texts come from the dialect: another database's dialect changes every quote,
/// placeholder, conflict clause and type name, and nothing else has to change.
@Suite struct SQLDialectSpec {
    /// A dialect unlike SQLite's in every point a statement text depends on.
    struct OtherDialect: SQLDialect {
        func quote(_ identifier: String) -> String { "`" + identifier + "`" }
        var placeholder: String { "$?" }
        var upsertPrefix: String { "UPSERT INTO" }
        func insertVerb(onConflict: ConflictResolution) -> String { onConflict == .replace ? "UPSERT INTO" : "INSERT INTO" }
        func insertSuffix(onConflict: ConflictResolution) -> String { onConflict == .ignore ? " ON CONFLICT DO NOTHING" : "" }
        var rowIdentifier: String? { nil }
        func typeName(for kind: ColumnKind) -> String { kind == .boolean ? "BOOLEAN" : kind.portableTypeName }
        var asciiCaseInsensitiveCollation: String { "" }
        func folded(_ sql: String, flags: Int) -> String { "lower(\(sql))" }
        func asciiCaseInsensitiveLike(_ lhs: String) -> String { "\(lhs) ILIKE $? ESCAPE '\\'" }
        func caseSensitiveGlob(_ lhs: String) -> String { "\(lhs) SIMILAR TO $?" }
        func regularExpressionMatch(_ lhs: String) -> String { "\(lhs) ~ $?" }
    }

    @Test func writeStatementsAreCompiledByTheDialect() {
        let sqlite = SQLiteDialect(), other = OtherDialect()
        #expect(sqlite.insert(into: "child_parent", columns: ["parent_id", "child_id"], onConflict: .ignore)
                == #"INSERT OR IGNORE INTO "child_parent" ("parent_id", "child_id") VALUES (?, ?)"#)
        #expect(other.insert(into: "child_parent", columns: ["parent_id", "child_id"], onConflict: .ignore)
                == "INSERT INTO `child_parent` (`parent_id`, `child_id`) VALUES ($?, $?) ON CONFLICT DO NOTHING")
        #expect(sqlite.insert(into: "t", columns: []) == #"INSERT INTO "t" DEFAULT VALUES"#)
        #expect(other.update("dog", set: ["label", "age"], where: other.equalityCondition(["id"]))
                == "UPDATE `dog` SET `label` = $?, `age` = $? WHERE `id` = $?")
        #expect(sqlite.delete(from: "dog", where: sqlite.equalityCondition(["a", "b"], table: "dog"))
                == #"DELETE FROM "dog" WHERE "dog"."a" = ? AND "dog"."b" = ?"#)
    }

    @Test func everyLookupOfTheFilterLanguageIsTheDialectsText() throws {
        let sqlite = SQLiteDialect()
        #expect(sqlite.asciiCaseInsensitiveLike("x") == #"x LIKE ? ESCAPE '\'"#)
        #expect(sqlite.caseSensitiveGlob("x") == "x GLOB ?")
        #expect(sqlite.regularExpressionMatch("x") == "x REGEXP ?")
        #expect(sqlite.folded("x", flags: 3) == "amigo_fold(x, 3)")
        #expect(sqlite.asciiCaseInsensitiveCollation == " COLLATE NOCASE")
        // The compiler writes no operator text of its own: what it emits for SQLite is the dialect's.
        let amigo = try AmigoDatabase([ORMModel(name: "dog", Column("id", type: Int.self, primaryKey: true), Column("label", type: String.self))],
                              factory: SQLiteEngineFactory(":memory:"))
        let (sql, _) = try amigo.query("dog").filter("label MATCHES 'R.*' AND label LIKE[c] 'r*' AND label CONTAINS 'e'").sql()
        #expect(sql.contains(sqlite.regularExpressionMatch(#""dog"."label""#)))
        #expect(sql.contains(sqlite.asciiCaseInsensitiveLike(#""dog"."label""#)))
        #expect(sql.contains(sqlite.caseSensitiveGlob(#""dog"."label""#)))
    }

    @Test func aColumnDeclaredWithoutATypeGetsTheDialectsName() {
        let flag = ORMModel(name: "flag", Column("id", type: Int.self, primaryKey: true), Column("on", type: Bool.self))
        let onColumn = flag.table.column(named: "on")!
        #expect(onColumn.declaredType == "INTEGER")
        #expect(!onColumn.hasDeclaredType)
        #expect(SchemaCompiler(dialect: OtherDialect()).columnDefinition(onColumn, inlinePrimaryKey: false).hasPrefix("`on` BOOLEAN"))
        #expect(SchemaCompiler(dialect: SQLiteDialect()).columnDefinition(onColumn, inlinePrimaryKey: false).hasPrefix(#""on" INTEGER"#))
    }
}
