/// A key press (or a terminal resize), decoded by the terminal adapter.
///
/// This is the only kind of input the pure shell core sees: no curses key codes, no bytes.
public enum Key: Sendable, Hashable {
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Enter / Return.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL or ^H).
    case backspace
    /// Delete (forward delete).
    case delete
    /// A lone Escape.
    case escape
    /// A printable character.
    case char(Character)
    /// A control character, named by its lowercase letter: Ctrl-A is `.control("a")`.
    /// Tab, Enter, Backspace and Escape have their own cases.
    case control(Character)
    /// Function key F*n*.
    case function(Int)
    /// The terminal was resized to `width` × `height`; re-render everything.
    case resize(width: Int, height: Int)
    /// Text the terminal delivered as one paste (bracketed paste): it is text for the prompt that
    /// is open, never keys — a line break in it submits nothing, a `y` in it confirms nothing.
    case paste(String)
}

extension Key {
    /// `text` as a prompt takes a paste: one line, line breaks (and tabs) inside it become spaces,
    /// line breaks at its end are dropped, and other control characters are left out.
    ///
    /// For example, `"open Genre\nquit\n"` pasted at `:` is the text `open Genre quit`.
    package static func pastedLine(_ text: String) -> String {
        var line = ""
        line.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09, 0x0B, 0x0C: line.unicodeScalars.append(" ")
            case 0x00..<0x20, 0x7F, 0x80..<0xA0: continue
            default: line.unicodeScalars.append(scalar)
            }
        }
        // The breaks that ended the pasted lines are not text: `Rock⏎` pastes `Rock`.
        let trailingBreaks = text.unicodeScalars.reversed().prefix { $0 == "\n" || $0 == "\r" }.count
        if trailingBreaks > 0 { line.unicodeScalars.removeLast(trailingBreaks) }
        return line
    }
}
