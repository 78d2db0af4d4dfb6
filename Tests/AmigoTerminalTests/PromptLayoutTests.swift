import Testing
@testable import AmigoTerminal

@Suite("Prompt layout")
struct PromptLayoutTests {
    private func layout(_ line: String, point: Int? = nil, width: Int = 40) -> PromptLayout {
        let bytes = Array(line.utf8)
        return PromptLayout(prompt: "filter> ", line: bytes, point: point ?? bytes.count, width: width)
    }

    @Test func cursorColumnIsTheWidthOfTheBytesBeforeThePoint() {
        #expect(layout("select * from users 日本") == PromptLayout(text: "filter> select * from users 日本", cursorColumn: 32))
        #expect(layout("日本x", point: 3).cursorColumn == 10)   // after 日
        #expect(layout("日本x", point: 0).cursorColumn == 8)
        #expect(layout("").cursorColumn == 8)
    }

    @Test func lineIsSanitized() {
        #expect(layout("a\tb👨‍👩‍👧") == PromptLayout(text: "filter> a→b👨", cursorColumn: 13))
    }

    @Test func longLineShowsItsStartWhileTheCursorFits() {
        let long = String(repeating: "a", count: 30) + "END"
        #expect(layout(long, point: 0, width: 20) == PromptLayout(text: "filter> aaaaaaaaaaa…", cursorColumn: 8))
    }

    @Test func longLineScrollsToKeepTheCursorVisible() {
        let long = String(repeating: "a", count: 30) + "END"
        let atEnd = layout(long, width: 20)
        #expect(atEnd == PromptLayout(text: "filter> …aaaaaaaEND", cursorColumn: 19))
        // With text after the cursor, the cursor stays off the trailing "…".
        let middle = layout(long, point: 25, width: 20)
        #expect(middle.text == "filter> …aaaaaaaaaa…")
        #expect(middle.cursorColumn == 18)
    }

    @Test func scrollingNeverSplitsAWideCharacter() {
        let wide = String(repeating: "日", count: 10)
        let result = layout(wide, width: 15)
        #expect(result.text == "filter> …日日")    // a third 日 would put the cursor past column 14
        #expect(result.cursorColumn == 13)
    }

    @Test func tinyWidths() {
        #expect(layout("abc", width: 0) == PromptLayout(text: "", cursorColumn: 0))
        let narrow = layout("abc", width: 5)
        #expect(narrow.cursorColumn < 5)
    }

    @Test func theLinesRunsArePlacedWhereTheRowShowsThem() {
        // Not scrolled: the line starts after the prompt; a cut line's "…" is not the line's.
        let plain = layout("select 1")
        #expect(plain.lineOrigin == 8 && plain.field == 8..<16)
        let long = String(repeating: "a", count: 30) + "END"
        let start = layout(long, point: 0, width: 20)
        #expect(start.lineOrigin == 8 && start.field == 8..<19)
        // Scrolled: the line's first column is left of the row; the "…" marks are left out.
        let end = layout(long, width: 20)
        #expect(end.lineOrigin == -14 && end.field == 9..<19)
        let middle = layout(long, point: 25, width: 20)
        #expect(middle.lineOrigin == -7 && middle.field == 9..<19)
    }
}
