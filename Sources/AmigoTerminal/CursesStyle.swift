@preconcurrency import CNcursesw
@preconcurrency import Glibc
import AmigoShellCore

/// Maps ``TextStyle`` to curses attributes; colour pair *n* is ``TerminalColor`` with raw value *n*.
enum CursesStyle {
    /// Starts colour support if the terminal has it, defining one pair per ``TerminalColor``
    /// (foreground only, on the terminal's default background where supported).
    ///
    /// - Returns: whether colours are in use.
    /// - Parameter allowed: false when the user asked for no colour (``userWantsNoColor``).
    static func startColors(allowed: Bool = true) -> Bool {
        guard allowed, has_colors() else { return false }
        guard start_color() == OK else { return false }
        let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
        for color in TerminalColor.allCases where color != .normal {
            init_pair(Int16(color.rawValue), foreground(color), background)
        }
        return true
    }

    /// Whether `NO_COLOR` is set to anything but the empty text (no-color.org).
    static var userWantsNoColor: Bool {
        guard let value = getenv("NO_COLOR") else { return false }
        return value.pointee != 0
    }

    /// The curses attributes for `style`; colour pairs only when `colors` is true.
    static func attributes(for style: TextStyle, colors: Bool) -> attr_t {
        var attributes = amigo_A_NORMAL()
        if style.attributes.contains(.bold) { attributes |= amigo_A_BOLD() }
        if style.attributes.contains(.reverse) { attributes |= amigo_A_REVERSE() }
        if style.attributes.contains(.underline) { attributes |= amigo_A_UNDERLINE() }
        if style.attributes.contains(.dim) { attributes |= amigo_A_DIM() }
        if colors && style.color != .normal { attributes |= amigo_COLOR_PAIR(Int32(style.color.rawValue)) }
        return attributes
    }

    private static func foreground(_ color: TerminalColor) -> Int16 {
        switch color {
        case .normal: return -1
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        case .gray: return COLORS >= 16 ? 8 : Int16(COLOR_WHITE)   // 8 is bright black
        }
    }
}
