import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// A corpus of hostile filters: each one is a typed error or a right answer, never a crash, a
/// hang or SQL that runs what was typed; the file is unchanged afterwards.
@Suite struct HostileInputSpec {
    static let filters: [String] = [
        "Name = ''; DROP TABLE Track; --'", "Name = 'x' OR 1=1 --", "Name = \"x\" OR \"1\"=\"1\"", "1 = 1",
        "Name) OR (1=1", "Name = 'a' UNION SELECT * FROM Artist", "`Track\"; DROP TABLE Track; --` = 1",
        "Name LIKE '%' ESCAPE ''", "Name MATCHES '(a+)+$'", "Name MATCHES '['", "Name = '\u{0}'", "Name BEGINSWITH '\u{0}'",
        String(repeating: "(", count: 5000), String(repeating: "NOT ", count: 20_000) + "TrackId = 1",
        "TrackId IN " + String(repeating: "{", count: 50_000), "TrackId IN {" + String(repeating: "1,", count: 20_000) + "1}",
        "Name = '" + String(repeating: "x", count: 1_000_000) + "'", "TrackId = 99999999999999999999999999",
        "TrackId = 1e999", "TrackId = -0", "TrackId = 0x10", "Name = 'unterminated", "Name = `", "@count > 1",
        "album.artist.albums.tracks.album.artist.Name = 'AC/DC'", "album..Name = 1", "album.@count.x = 1",
        "Name = %@", "%@ = 1", "Name == \u{202e}'x'", "Name = '\u{1b}]0;pwned\u{07}'", "\u{feff}TrackId = 1",
        "TrackId = 1 AND", "OR TrackId = 1", "TrackId BETWEEN {1}", "TrackId BETWEEN {1, 2, 3}", "Name IN 'x'",
        "Composer = nil AND NOT Composer != nil", "tracks.@count > 'x'", "UnitPrice > TRUE", "Name =[cd] 'ÉÀ'",
        // Issue 23: a NUL in a regular expression, folding in IN and BETWEEN, a pattern that
        // backtracks (bounded per value and in total), a column named with a dot.
        "Name MATCHES 'a\u{0}b'", "Name MATCHES '\u{0}'", "Name IN[c] {'strasse', 'ﬁ'}", "Name BETWEEN[c] {'a', 'STRASSE'}",
        "Name MATCHES '(a|aa)*b'", "Name MATCHES '(.*)*X'", "`a.b` = 1", "\"a.b\" = 1",
    ]

    @Test func hostileFiltersAreErrorsOrAnswersAndChangeNothing() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let before = FileManager.default.contents(atPath: path)
        let amigo = try AmigoDatabase(reflecting: path)
        for filter in Self.filters {
            let started = Date()
            do {
                _ = try amigo.query("Track").filter(filter).limit(5).all()
            } catch is AmigoError {
            } catch is FilterError {
            } catch {
                Issue.record("untyped error \(type(of: error)) for \(filter.prefix(60))")
            }
            #expect(Date().timeIntervalSince(started) < 5, "slow: \(filter.prefix(60))")
        }
        #expect(try amigo.query("Track").count() == 3503)
        #expect(try amigo.query("Artist").count() == 275)
        #expect(FileManager.default.contents(atPath: path) == before)
    }
}
