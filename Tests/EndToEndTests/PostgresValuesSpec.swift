import Foundation
import Testing

/// PostgreSQL's values written as psql and the server write them (issue 25, points 5 and 8): one
/// type per column whatever the value, exact decimals with their scale, booleans `true`/`false`,
/// bytea `\x…`, jsonb nested in JSON, `NaN` and `Infinity` — and a CSV export that `\copy`
/// reads back into an identical table.
@Suite("PostgreSQL values as psql writes them (text mode)",
       .enabled(if: PostgresDatabase.serverURL != nil, PostgresDatabase.skipReason))
struct PostgresValuesSpec {
    /// Every kind of value that differs from its storage class: bytes, booleans, decimals, JSON,
    /// text needing quotes, and floating point's special values; NULLs and empty values too.
    static let schema = """
        CREATE TABLE t (id integer PRIMARY KEY, b bytea, ok boolean, price numeric(10,2), doc jsonb, note text, f float8);
        INSERT INTO t VALUES
            (1, '\\x000102ff', true, 0.00, '{"a": [1, 2], "b": "x,y"}', 'plain', 'NaN'),
            (2, '\\x', false, 100.00, '[]', 'comma, "quote"', 'Infinity'),
            (3, NULL, NULL, 3.99, NULL, '', '-Infinity'),
            (4, 'abc', true, 0.99, '"str"', NULL, 1.5);
        """


    @Test("a CSV export is read back by psql's \\copy into an identical table: bytea, boolean, numeric(10,2), jsonb, text and float8 alike")
    func aCSVExportRoundTripsThroughCopy() throws {
        let db = try PostgresDatabase(Self.schema + "CREATE TABLE t2 (LIKE t);")
        let workspace = try Workspace("pg-values")
        let file = workspace.path("t.csv")
        let result = try PostgresDatabase.shell(db.url, ["open t", "export csv \(file)"])
        #expect(result.stderr == "")
        let csv = try String(contentsOfFile: file, encoding: .utf8)
        #expect(csv == #"""
            id,b,ok,price,doc,note,f\#r
            1,\x000102ff,true,0.00,"{""a"": [1, 2], ""b"": ""x,y""}",plain,NaN\#r
            2,\x,false,100.00,[],"comma, ""quote""",Infinity\#r
            3,,,3.99,,"",-Infinity\#r
            4,\x616263,true,0.99,"""str""",,1.5\#r

            """#)
        try db.psql("\\copy t2 FROM '\(file)' CSV HEADER")
        #expect(try db.psql("SELECT count(*) FROM t2") == "4\n")
        #expect(try db.psql("SELECT count(*) FROM (SELECT * FROM t EXCEPT SELECT * FROM t2) d") == "0\n")
        #expect(try db.psql("SELECT count(*) FROM (SELECT * FROM t2 EXCEPT SELECT * FROM t) d") == "0\n")
        // NULL stays NULL and empty text empty.
        #expect(try db.psql("SELECT id FROM t2 WHERE note = '' OR (note IS NULL AND id = 4) ORDER BY id") == "3\n4\n")
    }

    @Test("JSON writes each column one way, as the server's to_json does: decimals as numbers with their scale, booleans, nested jsonb, bytea and NaN as strings")
    func jsonKeepsOneTypePerColumn() throws {
        let db = try PostgresDatabase(Self.schema)
        let workspace = try Workspace("pg-values")
        let file = workspace.path("t.json")
        let exported = try PostgresDatabase.shell(db.url, ["open t", "export json \(file)"])
        #expect(exported.stderr == "")
        let expected = #"""
            [
              {"id": 1, "b": "\\x000102ff", "ok": true, "price": 0.00, "doc": {"a": [1, 2], "b": "x,y"}, "note": "plain", "f": "NaN"},
              {"id": 2, "b": "\\x", "ok": false, "price": 100.00, "doc": [], "note": "comma, \"quote\"", "f": "Infinity"},
              {"id": 3, "b": null, "ok": null, "price": 3.99, "doc": null, "note": "", "f": "-Infinity"},
              {"id": 4, "b": "\\x616263", "ok": true, "price": 0.99, "doc": "str", "note": null, "f": 1.5}
            ]

            """#
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
        // A `sql` result is written the same way, the forms coming from the result's column types.
        let streamed = try PostgresDatabase.shell(db.url, ["mode json", "sql SELECT * FROM t ORDER BY id"])
        #expect(streamed.stderr == "")
        #expect(streamed.stdout == expected)
        // And the JSON parses, with every price a number.
        let parsed = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? [[String: Any]]
        #expect(parsed?.allSatisfy { $0["price"] is NSNumber } == true)
    }

    @Test("text output: decimals keep their scale and are right-aligned, booleans read true/false, bytea is \\x hex in CSV-like modes, NaN and Infinity as psql writes them")
    func textOutputAsPsqlWritesIt() throws {
        let db = try PostgresDatabase(Self.schema)
        let table = try PostgresDatabase.shell(db.url, ["sql SELECT id, ok, price, f FROM t ORDER BY id"])
        #expect(table.stderr == "")
        #expect(table.stdout.contains("""
            id  ok      price          f
            --  -----  ------  ---------
            1   true     0.00        NaN
            2   false  100.00   Infinity
            3   ∅        3.99  -Infinity
            4   true     0.99        1.5
            """))
        let opened = try PostgresDatabase.shell(db.url, ["open t", "show"])
        #expect(opened.stdout.contains("1   ⟨4 bytes⟩ 000102ff  true     0.00"))
        let list = try PostgresDatabase.shell(db.url, ["mode list", "sql SELECT b, ok, price, f FROM t WHERE id < 3 ORDER BY id"])
        #expect(list.stdout == "b|ok|price|f\n\\x000102ff|true|0.00|NaN\n\\x|false|100.00|Infinity\n")
        let tsv = try PostgresDatabase.shell(db.url, ["mode tsv", "sql SELECT b, ok FROM t WHERE id = 1"])
        // TSV escapes a backslash as COPY's text format does (which reads it back).
        #expect(tsv.stdout == "b\tok\n\\\\x000102ff\ttrue\n")
    }

    @Test("stats over a numeric(10,2) column keep its scale, and sum and avg are shown as for numbers")
    func statsKeepTheScale() throws {
        let db = try PostgresDatabase(Self.schema)
        let result = try PostgresDatabase.shell(db.url, ["open t", "stats price"])
        #expect(result.stderr == "")
        #expect(result.stdout.contains("min       0.00"))
        #expect(result.stdout.contains("max       100.00"))
        #expect(result.stdout.contains("sum       104.98"))
        #expect(result.stdout.contains("avg       26.2450000000000000"))
    }
}
