import Foundation
import Testing
@testable import Amigo

/// `prefixingValues(to:)`: a query that reads at most N characters of text and N bytes of a
/// blob per value, with the full size of what it cut, and records that refuse to write a prefix.
@Suite struct ValuePrefixSpec {
    /// Forty characters: longer than the 32 the queries below read.
    static let long = String(repeating: "é", count: 40)

    static let script = """
        CREATE TABLE owner (code TEXT PRIMARY KEY);
        CREATE TABLE note (id INTEGER PRIMARY KEY, owner TEXT REFERENCES owner(code), body TEXT, data BLOB, n INTEGER, meta JSON);
        INSERT INTO owner VALUES ('\(long)');
        INSERT INTO note VALUES (1, '\(long)', '\(long)', zeroblob(40), 12, 12.5);
        INSERT INTO note VALUES (2, NULL, 'short', x'01', '\(long)', '\(long)');
        INSERT INTO note VALUES (3, NULL, '\(String(repeating: "x", count: 32))', zeroblob(32), NULL, 123456789012345678);
        """

    @Test func longTextAndBlobsAreCutAndKnowTheirFullSizeInBytes() throws {
        let db = try SyntheticDatabase(Self.script)
        let session = try db.reflect().openSession()
        let rows = try session.query("note").prefixingValues(to: 32).orderBy("id").all()
        #expect(rows[0]["body"] == .text(String(repeating: "é", count: 32)))
        #expect(rows[0].fullSize(at: 2) == 80)                          // forty two-byte characters
        #expect(rows[0]["data"] == .blob(Array(repeating: 0, count: 32)) && rows[0].fullSize(at: 3) == 40)
        #expect(rows[0]["n"] == .integer(12) && rows[0]["meta"] == .real(12.5))
        #expect(rows[0].prefixColumns == [2, 3])
        #expect(rows[1]["n"] == .text(Self.long))                       // an INTEGER column is read as it is
        #expect(rows[1]["meta"] == .text(String(repeating: "é", count: 32)) && rows[1].fullSize(at: 5) == 80)
        #expect(rows[1]["body"] == .text("short") && rows[1]["data"] == .blob([1]))
        #expect(rows[2].prefixColumns.isEmpty)                           // exactly 32: whole
        #expect(rows[2]["meta"] == .integer(123456789012345678))
    }

    @Test func keysForeignKeysAndNamedColumnsAreReadWhole() throws {
        let db = try SyntheticDatabase(Self.script)
        let session = try db.reflect().openSession()
        let owner = try #require(try session.query("owner").prefixingValues(to: 32).first())
        #expect(owner["code"] == .text(Self.long))
        let note = try #require(try session.query("note").prefixingValues(to: 32, except: ["BODY"]).get(1))
        #expect(note["owner"] == .text(Self.long))
        #expect(note["body"] == .text(Self.long))
        #expect(note.prefixColumns == [3])
        let (sql, _) = try session.query("note").prefixingValues(to: 32, except: ["data"]).sql()
        #expect(sql.contains("substr(\"note\".\"body\", 1, 32) AS \"body\""))
        #expect(sql.contains("CASE WHEN length(\"note\".\"meta\") > 32 THEN substr(\"note\".\"meta\", 1, 32) ELSE \"note\".\"meta\" END AS \"meta\""))
        #expect(sql.contains("CASE WHEN length(\"note\".\"body\") > 32 THEN length(CAST(\"note\".\"body\" AS BLOB)) END"))
        #expect(!sql.contains("substr(\"note\".\"data\"") && !sql.contains("substr(\"note\".\"owner\"") && !sql.contains("substr(\"note\".\"n\""))
    }

    @Test func aPrefixIsNeverWrittenBackButOtherColumnsAndNewValuesAre() throws {
        let db = try SyntheticDatabase(Self.script)
        let session = try db.reflect().openSession()
        let note = try #require(try session.query("note").prefixingValues(to: 32, except: ["data", "meta"]).get(1))
        #expect(throws: AmigoError.partialValue(model: "note", column: "body", operation: "update")) {
            try session.update(note, columns: ["body"])
        }
        #expect(throws: AmigoError.partialValue(model: "note", column: "body", operation: "update")) { try session.add(note) }
        try note.set("n", 7)
        try session.update(note, columns: ["n"])
        try note.set("body", "new")                                     // a whole value replaces the prefix
        #expect(note.fullSize(at: 2) == nil)
        try session.add(note)
        try session.commit()
        let other = try db.secondConnection()
        #expect(try other.fetchScalar("SELECT body FROM note WHERE id = 1") == .text("new"))
        #expect(try other.fetchScalar("SELECT length(data) FROM note WHERE id = 1") == .integer(40))
        #expect(try other.int("SELECT n FROM note WHERE id = 1") == 7)
    }

    @Test func aQueryWithoutPrefixesReadsEverythingWhole() throws {
        let db = try SyntheticDatabase(Self.script)
        let session = try db.reflect().openSession()
        let note = try #require(try session.query("note").get(1))
        #expect(note["body"] == .text(Self.long) && note.prefixColumns.isEmpty)
    }
}
