@preconcurrency import CNcursesw
import Testing
import AmigoShellCore
@testable import AmigoTerminal

@Suite("Key decoding")
struct KeyDecodingTests {
    private func key(_ code: Int32, keyCode: Bool = false) -> Key? {
        KeyDecoding.key(fromCurses: code, isKeyCode: keyCode, size: (width: 80, height: 24))
    }

    @Test func keypadCodes() {
        let expected: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_END, .end),
            (KEY_ENTER, .enter), (KEY_BTAB, .backTab), (KEY_BACKSPACE, .backspace), (KEY_DC, .delete),
            (KEY_RESIZE, .resize(width: 80, height: 24)),
            (amigo_KEY_F(1), .function(1)), (amigo_KEY_F(12), .function(12)),
        ]
        for (code, result) in expected {
            #expect(key(code, keyCode: true) == result)
        }
        #expect(key(KEY_MOUSE, keyCode: true) == nil)
    }

    @Test func characterCodes() {
        #expect(key(13) == .enter)
        #expect(key(10) == .enter)
        #expect(key(9) == .tab)
        #expect(key(127) == .backspace)
        #expect(key(8) == .backspace)
        #expect(key(27) == .escape)
        #expect(key(1) == .control("a"))
        #expect(key(7) == .control("g"))
        #expect(key(26) == .control("z"))
        #expect(key(31) == .control("_"))
        #expect(key(0x71) == .char("q"))
        #expect(key(0x65E5) == .char("日"))
        #expect(key(0x1F600) == .char("😀"))
        #expect(key(0x85) == nil)
        #expect(key(0xD800) == nil)
    }

    @Test func readlineBytesFollowTheEmacsKeymap() {
        #expect(KeyDecoding.readlineBytes(for: .left) == [0x1B, 0x5B, 0x44])
        #expect(KeyDecoding.readlineBytes(for: .right) == [0x1B, 0x5B, 0x43])
        #expect(KeyDecoding.readlineBytes(for: .up) == [0x1B, 0x5B, 0x41])
        #expect(KeyDecoding.readlineBytes(for: .down) == [0x1B, 0x5B, 0x42])
        #expect(KeyDecoding.readlineBytes(for: .home) == [1])
        #expect(KeyDecoding.readlineBytes(for: .end) == [5])
        #expect(KeyDecoding.readlineBytes(for: .backspace) == [127])
        #expect(KeyDecoding.readlineBytes(for: .delete) == [0x1B, 0x5B, 0x33, 0x7E])
        #expect(KeyDecoding.readlineBytes(for: .enter) == [13])
        #expect(KeyDecoding.readlineBytes(for: .tab) == [9])
        #expect(KeyDecoding.readlineBytes(for: .control("w")) == [23])
        #expect(KeyDecoding.readlineBytes(for: .control("k")) == [11])
        #expect(KeyDecoding.readlineBytes(for: .char("日")) == [0xE6, 0x97, 0xA5])
        #expect(KeyDecoding.readlineBytes(for: .char("a")) == [0x61])
    }

    @Test func keysTheEditorHandlesItselfHaveNoBytes() {
        for key: Key in [.escape, .pageUp, .pageDown, .backTab, .function(1), .resize(width: 1, height: 1)] {
            #expect(KeyDecoding.readlineBytes(for: key) == nil)
        }
        #expect(KeyDecoding.readlineBytes(for: .control("日")) == nil)
    }
}
