import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// Values after `column =` in SQL text: a column with few distinct values offers them as SQL
/// literals, read from a bounded sample and never echoed; a column with many offers nothing.
@Suite struct SQLValueCompletionSpec {
    /// Candidates for the last word of `line` at the `:` prompt.
    private func complete(_ line: String, in explorer: Explorer) -> [String] {
        let start = line.lastIndex(where: { $0 == " " }).map { line.index(after: $0) } ?? line.startIndex
        return Completion.candidates(line: line, wordStart: line.distance(from: line.startIndex, to: start),
                                     word: String(line[start...]), kind: .command, explorer: explorer)
    }

    @Test("after Name = the column's values, most frequent first, as quoted literals; a prefix narrows them, with or without the quote")
    func aFewValuesAreOffered() throws {
        let f = try ChinookFixture()
        let all = complete("sql SELECT * FROM MediaType WHERE Name = ", in: f.explorer)
        #expect(Set(all) == ["'MPEG audio file'", "'Protected AAC audio file'", "'Protected MPEG-4 video file'",
                             "'Purchased AAC audio file'", "'AAC audio file'"])
        #expect(complete("sql SELECT * FROM MediaType WHERE Name = 'Pr", in: f.explorer).count == 2)
        #expect(complete("sql SELECT * FROM MediaType WHERE Name = Pu", in: f.explorer) == ["'Purchased AAC audio file'"])
        // Qualified by an alias, and after <> as after =.
        #expect(complete("SELECT * FROM Track t JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId WHERE m.Name <> 'MP", in: f.explorer)
                == ["'MPEG audio file'"])
        // Numbers are written bare.
        #expect(Set(complete("sql SELECT * FROM Track WHERE MediaTypeId = ", in: f.explorer)) == ["1", "2", "3", "4", "5"])
    }

    @Test("a column with many distinct values offers nothing; the reads behind a completion are not echoed")
    func manyValuesOfferNothingAndNothingIsEchoed() throws {
        let f = try ChinookFixture()
        let before = f.explorer.echoLog.totalCount
        #expect(complete("sql SELECT * FROM Genre WHERE Name = 'R", in: f.explorer).isEmpty, "25 genres are more than a few")
        #expect(complete("sql SELECT * FROM Customer WHERE Country = ", in: f.explorer).isEmpty, "24 countries")
        #expect(f.explorer.echoLog.totalCount == before)
    }

    @Test("literals: quotes doubled, NULL and control characters left out")
    func literals() {
        #expect(SQLCompletion.literal(.text("O'Brien")) == "'O''Brien'")
        #expect(SQLCompletion.literal(.integer(42)) == "42")
        #expect(SQLCompletion.literal(.null) == nil)
        #expect(SQLCompletion.literal(.text("two\nlines")) == nil)
        #expect(SQLCompletion.literal(.text("\u{1B}[2J")) == nil)
    }
}
