import Testing
@testable import AmigoShellCore

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test func asciiIsOneColumnPerCharacter() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("select * from users") == 19)
        #expect(DisplayWidth.of(Character("a")) == 1)
    }

    @Test func cjkIsTwoColumnsPerCharacter() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("名前: 太郎") == 10)
        #expect(DisplayWidth.of(Character("日")) == 2)
        #expect(DisplayWidth.of("한국어") == 6)
    }

    @Test func emojiWidthsMatchTheTerminal() {
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("🇯🇵") == 2)
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("…─│") == 3)
    }

    @Test func zwjSequenceKeepsOnlyItsFirstScalar() {
        // glibc says 6 columns for the family, tmux draws 2: keep 👨 and both agree on 2.
        #expect(DisplayWidth.sanitize("👨‍👩‍👧") == "👨")
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("a👨‍👩‍👧b") == 4)
        #expect(DisplayWidth.sanitize("👩🏽‍💻 dev") == "👩 dev")
    }

    @Test func variationSelector16AndSkinTonesAreDropped() {
        #expect(DisplayWidth.sanitize("❤️") == "❤")
        #expect(DisplayWidth.of("❤️") == 1)
        #expect(DisplayWidth.sanitize("👍🏽") == "👍")
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of(Character("👍🏽")) == 2)
    }

    @Test func combiningMarksStayWithTheirBase() {
        let decomposed = "e\u{301}te\u{301}"
        #expect(DisplayWidth.of(decomposed) == 3)
        #expect(Array(DisplayWidth.sanitize(decomposed).unicodeScalars) == Array(decomposed.unicodeScalars))
    }

    @Test func zeroWidthGraphemesAreDropped() {
        #expect(DisplayWidth.sanitize("a\u{200B}b") == "ab")
        #expect(DisplayWidth.sanitize("\u{FEFF}id") == "id")
        #expect(Array(DisplayWidth.sanitize("\u{301}x").unicodeScalars) == ["x"])
        #expect(DisplayWidth.of(Character("\u{200B}")) == 0)
    }

    @Test func controlCharactersGetVisibleSubstitutes() {
        #expect(DisplayWidth.sanitize("a\nb\tc") == "a↵b→c")
        #expect(DisplayWidth.sanitize("a\r\nb") == "a↵b")
        #expect(DisplayWidth.sanitize("a\rb\u{1B}c\u{7F}d\u{0}e\u{85}f") == "a·b·c·d·e·f")
        #expect(DisplayWidth.of("line1\nline2") == 11)
    }

    @Test func nonPrintableScalarsBecomeADot() {
        #expect(DisplayWidth.sanitize("a\u{378}b") == "a·b")      // unassigned
        #expect(DisplayWidth.sanitize("a\u{2028}b") == "a·b")     // line separator
        #expect(DisplayWidth.of("\u{378}") == 1)
    }

    @Test func sanitizeLeavesPlainTextAlone() {
        #expect(DisplayWidth.sanitize("users.name = 'Zoë' -- 日本") == "users.name = 'Zoë' -- 日本")
    }

    @Test func truncateKeepsTextThatFits() {
        #expect(DisplayWidth.truncate("hello", to: 5) == "hello")
        #expect(DisplayWidth.truncate("日本語", to: 6) == "日本語")
        #expect(DisplayWidth.truncate("a\nb", to: 5) == "a↵b")
    }

    @Test func truncateEndsWithAnEllipsis() {
        #expect(DisplayWidth.truncate("hello world", to: 5) == "hell…")
        #expect(DisplayWidth.truncate("hello", to: 1) == "…")
        #expect(DisplayWidth.truncate("hello", to: 0) == "")
        #expect(DisplayWidth.truncate("hello", to: -3) == "")
    }

    @Test func truncateNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.truncate("日本語", to: 5) == "日本…")
        // "日" + "…" would need 3 columns at 4; the second wide character cannot be split.
        #expect(DisplayWidth.truncate("日本語", to: 4) == "日…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("日本語", to: 4)) == 3)
        #expect(DisplayWidth.truncate("ab日本", to: 3) == "ab…")
        #expect(DisplayWidth.truncate("日本", to: 1) == "…")
        #expect(DisplayWidth.truncate("👨‍👩‍👧👨‍👩‍👧", to: 3) == "👨…")
    }

    @Test func padFillsToExactlyTheWidth() {
        #expect(DisplayWidth.pad("ab", to: 4) == "ab  ")
        #expect(DisplayWidth.pad("ab", to: 4, alignRight: true) == "  ab")
        #expect(DisplayWidth.pad("日本", to: 5) == "日本 ")
        #expect(DisplayWidth.pad("42", to: 5, alignRight: true) == "   42")
        #expect(DisplayWidth.pad("", to: 0) == "")
    }

    @Test func padTruncatesFirst() {
        #expect(DisplayWidth.pad("hello world", to: 6) == "hello…")
        #expect(DisplayWidth.pad("日本語", to: 4) == "日… ")
        #expect(DisplayWidth.pad("日本語", to: 4, alignRight: true) == " 日…")
        #expect(DisplayWidth.of(DisplayWidth.pad("日本語", to: 4)) == 4)
    }
}
