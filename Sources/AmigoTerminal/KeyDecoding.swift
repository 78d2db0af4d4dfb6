@preconcurrency import CNcursesw
import AmigoShellCore

/// Pure translations between curses input codes, ``Key`` and the bytes readline expects.
enum KeyDecoding {
    /// The ``Key`` for what `wget_wch` returned: `code` is a curses key code (`KEY_UP` …) when
    /// `isKeyCode` (the call returned `KEY_CODE_YES`), a Unicode scalar otherwise.
    /// `size` is reported for `KEY_RESIZE`. Nil for codes the shell does not use.
    static func key(fromCurses code: Int32, isKeyCode: Bool, size: (width: Int, height: Int)) -> Key? {
        isKeyCode ? key(fromKeyCode: code, size: size) : key(fromCharacter: code)
    }

    private static func key(fromKeyCode code: Int32, size: (width: Int, height: Int)) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_RESIZE: return .resize(width: size.width, height: size.height)
        case amigo_KEY_F(1)...amigo_KEY_F(63): return .function(Int(code - amigo_KEY_F(0)))
        default: return nil
        }
    }

    private static func key(fromCharacter code: Int32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 0..<32:
            // Ctrl-A is 1 … Ctrl-Z is 26; 0 and 28…31 are Ctrl-@ \ ] ^ _.
            let scalar = Unicode.Scalar(UInt8(code) + 0x40)
            return .control(Character(String(scalar).lowercased()))
        case 0x80..<0xA0: return nil   // C1 controls
        default:
            guard code > 0, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            return .char(Character(scalar))
        }
    }

    /// The bytes to feed GNU readline for `key`, matching its default emacs key map; nil for keys
    /// the line editor handles itself or ignores (Escape, resize, paging, function keys).
    static func readlineBytes(for key: Key) -> [UInt8]? {
        let escape: UInt8 = 0x1B
        switch key {
        case .char(let character): return Array(String(character).utf8)
        case .control(let letter):
            guard let ascii = letter.uppercased().first?.asciiValue, (0x40...0x5F).contains(ascii) else {
                return nil
            }
            return [ascii & 0x1F]
        case .enter: return [13]
        case .tab: return [9]
        case .backspace: return [127]
        case .delete: return [escape, 0x5B, 0x33, 0x7E]   // ESC [ 3 ~ (not C-d: EOF on an empty line)
        case .home: return [1]                            // C-a
        case .end: return [5]                             // C-e
        case .up: return [escape, 0x5B, 0x41]             // ESC [ A
        case .down: return [escape, 0x5B, 0x42]           // ESC [ B
        case .right: return [escape, 0x5B, 0x43]          // ESC [ C
        case .left: return [escape, 0x5B, 0x44]           // ESC [ D
        case .escape, .pageUp, .pageDown, .backTab, .function, .resize: return nil
        case .paste: return nil   // inserted as text (``ReadlineGlue/insert(_:)``), never fed as keys
        }
    }
}
