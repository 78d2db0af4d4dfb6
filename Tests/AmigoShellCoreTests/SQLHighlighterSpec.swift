import Foundation
import Testing
@testable import AmigoShellCore

/// Syntax colour for SQL from one tokenizer: the kinds it finds, what an earlier line leaves
/// open, and where a `:` line's SQL starts.
@Suite struct SQLHighlighterSpec {
    private func kinds(_ text: String) -> [String] {
        SQLHighlighter.spans(text).filter { $0.kind != .space }.map { "\($0.kind):\($0.text)" }
    }

    @Test func keywordsNamesStringsNumbersCommentsAndPlaceholdersAreTold() {
        #expect(kinds(#"select "a b", x FROM [t] WHERE y = 'it''s' AND z > 1.5e3 -- done"#) == [
            "keyword:select", #"quotedName:"a b""#, "punctuation:,", "name:x", "keyword:FROM", "quotedName:[t]", "keyword:WHERE",
            "name:y", "punctuation:=", "string:'it''s'", "keyword:AND", "name:z", "punctuation:>", "number:1.5e3", "comment:-- done",
        ])
        #expect(kinds("SELECT ?, ?2, :name, $1 /* c */") == [
            "keyword:SELECT", "placeholder:?", "punctuation:,", "placeholder:?2", "punctuation:,", "placeholder::name",
            "punctuation:,", "placeholder:$1", "comment:/* c */",
        ])
        // The spans are the text, whole.
        let text = "INSERT INTO t VALUES ('日本', x'00') ;"
        #expect(SQLHighlighter.spans(text).map(\.text).joined() == text)
    }

    @Test func aStringOrCommentLeftOpenGoesOnOnTheNextLine() {
        var carry = SQLHighlighter.Carry.none
        #expect(SQLHighlighter.spans("SELECT 'one", carry: &carry).last?.kind == .string)
        #expect(carry == .quote("'"))
        let next = SQLHighlighter.spans("two' FROM t /* a", carry: &carry)
        #expect(next.first == SQLHighlighter.Span(text: "two'", kind: .string))
        #expect(carry == .blockComment)
        #expect(SQLHighlighter.spans("b */ x", carry: &carry).first == SQLHighlighter.Span(text: "b */", kind: .comment))
        #expect(carry == .none)
    }

    @Test func aCommandLinesSQLIsColouredFromWhereItStarts() {
        #expect(SQLHighlighter.sqlStart(inCommandLine: "sql SELECT 1") == 4)
        #expect(SQLHighlighter.sqlStart(inCommandLine: ": select 1") == 2)
        #expect(SQLHighlighter.sqlStart(inCommandLine: "INSERT INTO t VALUES (1)") == 0)
        #expect(SQLHighlighter.sqlStart(inCommandLine: "open Track") == nil)
        #expect(SQLHighlighter.sqlStart(inCommandLine: "insert Name='x'") == nil)
        let runs = SQLHighlighter.promptRuns(commandLine: "sql SELECT 'a'")
        #expect(runs == [SQLHighlighter.Run(column: 4, text: "SELECT", style: TextStyle(.bold, color: .blue)),
                         SQLHighlighter.Run(column: 11, text: "'a'", style: TextStyle(color: .green))])
        #expect(SQLHighlighter.promptRuns(commandLine: "filter Name = 'x'").isEmpty)
    }
}
