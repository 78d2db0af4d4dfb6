import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Nothing from the data reaches the terminal as a control sequence in text mode.
@Suite struct TerminalTextSpec {
    @Test func controlsBecomeVisibleAndLineBreaksStay() {
        #expect(TerminalText.safe("plain text\twith tab\nand line") == "plain text\twith tab\nand line")
        #expect(TerminalText.safe("a,b\r\nc\rd\r", keepingLineEnds: true) == "a,b\r\nc^Md^M")
        #expect(TerminalText.safe("a,b\r\n") == "a,b^M\n")
        #expect(TerminalText.safe("p\u{1b}]0;pwned\u{07}") == "p^[]0;pwned^G")
        #expect(TerminalText.safe("a\u{7f}b\u{9b}31mc") == "a^?b<U+009B>31mc")
        #expect(TerminalText.safe("evil\u{202e}txt.exe\u{2066}") == "evil<U+202E>txt.exe<U+2066>")
        #expect(TerminalText.safe("Straße ✓ 山田") == "Straße ✓ 山田")
    }

    @Test func hostileNamesAreEscapedInEveryTextModePath() throws {
        let path = TemporaryFile.path("hostile")
        defer { TemporaryFile.remove(path) }
        let table = "p\u{1b}]0;pwned-table\u{07}"
        let column = "c\u{9b}2J"
        do {
            let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
            try engine.executeScript("CREATE TABLE \"\(table)\" (id INTEGER PRIMARY KEY, \"\(column)\" TEXT); INSERT INTO \"\(table)\" VALUES (1, 'v\u{1b}[31m');")
        }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "hostile")
        var written = ""
        let runner = TextModeRunner(explorer: explorer, echo: true, output: { written += $0 + "\n" }, errors: { written += $0 + "\n" })
        for line in ["tables", "schema", "open \"\(table)\"", "order \"\(column)\" desc", "get 1", "set \"\(column)\" = 'x'", "open nothing\u{1b}[2J"] {
            runner.run(line)
        }
        #expect(written.contains("pwned-table"))
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) })
        try? explorer.session.close()
    }
}
