import Foundation
import Testing

/// A CSV of many rows streamed out of PostgreSQL (issue 25, point 7) is what `\copy … FROM … CSV
/// HEADER` reads back into an identical table: line breaks (LF and CRLF), quotes, commas, tabs,
/// bytea, booleans, numeric and NULL beside empty text, from `export csv FILE` and from
/// `--csv -c 'sql …'` alike.
@Suite("PostgreSQL: a streamed CSV export reads back with \\copy",
       .enabled(if: PostgresDatabase.serverURL != nil, PostgresDatabase.skipReason))
struct PostgresStreamedCSVSpec {
    /// 30,000 rows: enough for the server to send them in many pieces.
    static let rows = 30_000

    static let schema = """
        CREATE TABLE big (id integer PRIMARY KEY, b bytea, ok boolean, price numeric(12,2), note text);
        INSERT INTO big SELECT i,
            CASE WHEN i % 5 = 0 THEN NULL WHEN i % 5 = 1 THEN '\\x'::bytea ELSE decode(md5(i::text), 'hex') END,
            CASE i % 3 WHEN 0 THEN true WHEN 1 THEN false END,
            i * 1.25,
            CASE i % 6 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'line ' || i || E'\\nnext'
                 WHEN 3 THEN E'crlf\\r\\n"quoted", ' || i WHEN 4 THEN E'tab\\there,' ELSE 'plain ' || i END
          FROM generate_series(1, \(rows)) AS i;
        CREATE TABLE from_export (LIKE big);
        CREATE TABLE from_sql (LIKE big);
        """

    /// Whether `copy` holds exactly the rows of `big`.
    static func sameRows(_ db: PostgresDatabase, _ copy: String) throws -> Bool {
        try db.psql("SELECT count(*) FROM \(copy)") == "\(rows)\n"
            && db.psql("SELECT count(*) FROM (SELECT * FROM big EXCEPT SELECT * FROM \(copy)) d") == "0\n"
            && db.psql("SELECT count(*) FROM (SELECT * FROM \(copy) EXCEPT SELECT * FROM big) d") == "0\n"
    }

    @Test("export csv FILE and --csv -c 'sql SELECT …' both read back into an identical table")
    func aStreamedCSVRoundTripsThroughCopy() throws {
        let db = try PostgresDatabase(Self.schema)
        let workspace = try Workspace("pg-streamed-csv")
        let exported = workspace.path("export.csv")
        let export = try ProcessRunner.run(try Fixture.binary(), [db.url, "-c", "open big", "-c", "export csv \(exported)"],
                                           timeout: 300)
        #expect(!export.timedOut)
        #expect(export.stderr == "")
        try db.psql("\\copy from_export FROM '\(exported)' CSV HEADER")
        #expect(try Self.sameRows(db, "from_export"))

        let query = try ProcessRunner.run(try Fixture.binary(), [db.url, "--csv", "-c", "sql SELECT * FROM big ORDER BY id"],
                                          timeout: 300)
        #expect(!query.timedOut)
        #expect(query.stderr == "")
        let streamed = workspace.path("sql.csv")
        try query.stdout.write(toFile: streamed, atomically: true, encoding: .utf8)
        try db.psql("\\copy from_sql FROM '\(streamed)' CSV HEADER")
        #expect(try Self.sameRows(db, "from_sql"))
        // Both the same bytes: the view's export and the query's rows.
        #expect(try String(contentsOfFile: exported, encoding: .utf8) == query.stdout)
    }
}
