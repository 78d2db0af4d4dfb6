import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// Oracle: every case-insensitive comparison of one value finds the same rows, whatever the
/// operator — `==[c] v`, `IN[c] {v}`, `IN[c] {v, 'zzz'}`, `BETWEEN[c] {v, v}` — over text that
/// full case folding changes (ß, ligatures, the Kelvin sign, long s) and text it does not.
@Suite struct FoldingOracleSpec {
    static let values: [String] = ["Straße", "STRASSE", "strasse", "straße", "ﬁdo", "FIDO", "Fido", "\u{212A}aiser", "kaiser",
                                   "ſam", "SAM", "Lucy", "lucy", "Émile", "émile", "emile", "plain", "ﬆar", "STAR", "İstanbul", "istanbul"]

    @Test(arguments: values)
    func everyOperatorFoldsAsEqualityDoes(value: String) throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT)")
        _ = try engine.executeRepeatedly("INSERT INTO t (s) VALUES (?)", Self.values.map { [.text($0)] } + [[.null]])
        let amigo = try AmigoDatabase(reflecting: engine)
        func ids(_ filter: String) throws -> [DatabaseValue] {
            try amigo.query("t").filter(filter, value).orderBy("id").all().map { $0["id"] }
        }
        let equal = try ids("s ==[c] %@")
        #expect(!equal.isEmpty)
        #expect(try ids("s IN[c] {%@}") == equal, "IN[c] {\(value)}")
        #expect(try amigo.query("t").filter("s IN[c] {%@, 'zzz'}", value).orderBy("id").all().map { $0["id"] } == equal, "IN[c] {\(value), zzz}")
        #expect(try amigo.query("t").filter("s BETWEEN[c] {%@, %@}", value, value).orderBy("id").all().map { $0["id"] } == equal,
                "BETWEEN[c] {\(value), \(value)}")
        #expect(try amigo.query("t").filter("NOT s IN[c] {%@}", value).count() == Self.values.count - equal.count)
    }
}
