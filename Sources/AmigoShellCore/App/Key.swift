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
}
