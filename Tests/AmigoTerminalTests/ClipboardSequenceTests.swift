import Foundation
import Testing
@testable import AmigoTerminal

/// OSC 52: the clipboard sequence carries the text base64-encoded, never as is.
@Suite struct ClipboardSequenceTests {
    @Test func theTextIsBase64BetweenTheOSC52IntroducerAndBEL() {
        #expect(ClipboardSequence.osc52("Rock") == "\u{1B}]52;c;Um9jaw==\u{07}")
    }

    @Test func anEscapeSequenceInTheDataNeverReachesTheTerminal() {
        let sequence = ClipboardSequence.osc52("\u{1B}]0;pwned\u{07}\u{1B}[2J")
        let payload = sequence.dropFirst("\u{1B}]52;c;".count).dropLast()
        #expect(!payload.contains("\u{1B}") && !payload.contains("\u{07}"))
        #expect(Data(base64Encoded: String(payload)).map { String(decoding: $0, as: UTF8.self) } == "\u{1B}]0;pwned\u{07}\u{1B}[2J")
    }

    @Test func longTextIsCutAtACharacterBoundary() {
        let text = String(repeating: "é", count: ClipboardSequence.maxBytes)     // 2 bytes each
        let sequence = ClipboardSequence.osc52(text)
        let payload = String(sequence.dropFirst("\u{1B}]52;c;".count).dropLast())
        let decoded = try? #require(Data(base64Encoded: payload))
        #expect(decoded.map { $0.count <= ClipboardSequence.maxBytes } == true)
        #expect(decoded.map { String(data: $0, encoding: .utf8) != nil } == true)
    }
}
