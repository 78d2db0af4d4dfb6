import CWidth

/// Terminal column widths, measured exactly the way ncursesw positions characters.
///
/// ncursesw sums glibc `wcwidth` over the code points it is given, so this type uses the same
/// function (through `CWidth`, under a thread-local C.UTF-8 locale) or the screen model and the
/// curses virtual screen would drift apart.
///
/// Every function first *sanitizes* its input (see ``sanitize(_:)``), so that what is measured is
/// exactly what will be drawn. After sanitizing, every `Character` is at least one column wide:
/// control characters become visible substitutes and zero-width graphemes are dropped.
///
/// For example:
///
///     DisplayWidth.of("日本語")                 // 6
///     DisplayWidth.of("👨‍👩‍👧")                   // 2 (only 👨 is kept)
///     DisplayWidth.truncate("日本語", to: 4)     // "日…"
///     DisplayWidth.pad("ab", to: 4, alignRight: true)  // "  ab"
package enum DisplayWidth {
    /// The number of terminal columns `s` occupies once sanitized.
    public static func of(_ s: String) -> Int {
        if let ascii = printableASCIIWidth(s) { return ascii }
        var total = 0
        for character in s {
            if let sanitized = sanitizedGrapheme(character) { total += sanitized.width }
        }
        return total
    }

    /// The number of terminal columns `c` occupies once sanitized (0 for a zero-width grapheme).
    public static func of(_ c: Character) -> Int {
        sanitizedGrapheme(c)?.width ?? 0
    }

    /// Makes `s` safe to draw in a grid of terminal cells.
    ///
    /// Per grapheme:
    /// - a ZWJ sequence keeps only its first scalar (`👨‍👩‍👧` → `👨`), because terminals disagree
    ///   with `wcwidth` about their width (tmux draws the family in 2 columns, glibc says 6);
    /// - VS16 (U+FE0F) and the skin-tone modifiers U+1F3FB…U+1F3FF are dropped;
    /// - control characters get a visible single-width substitute: `\n` (and `\r\n`) → `↵`,
    ///   `\t` → `→`, every other C0/C1 control and DEL → `·`;
    /// - a grapheme whose base is not printable (`wcwidth` -1) → `·`;
    /// - a grapheme of zero width (a lone combining mark, U+200B, a BOM) is dropped.
    ///
    /// Combining marks attached to a base (`é` written as `e` + U+0301) are kept.
    package static func sanitize(_ s: String) -> String {
        if printableASCIIWidth(s) != nil { return s }
        var result = ""
        result.reserveCapacity(s.utf8.count)
        for character in s {
            if let sanitized = sanitizedGrapheme(character) { result.append(sanitized.character) }
        }
        return result
    }

    /// Sanitizes `s` and shortens it to at most `width` columns.
    ///
    /// When anything is cut the result ends with `…`. A wide character is never split: if it does
    /// not fit, it is left out and the result is one column narrower than `width` (nothing is padded).
    /// A `width` of 0 or less gives `""`.
    package static func truncate(_ s: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        let graphemes = sanitizedGraphemes(s)
        let total = graphemes.reduce(0) { $0 + $1.width }
        if total <= width { return String(graphemes.map(\.character)) }
        var result = ""
        var used = 0
        for grapheme in graphemes {
            if used + grapheme.width > width - 1 { break }
            result.append(grapheme.character)
            used += grapheme.width
        }
        result.append("…")
        return result
    }

    /// Truncates `s` to `width` columns (see ``truncate(_:to:)``), then pads it with spaces to
    /// exactly `width` columns: on the right, or on the left when `alignRight` is true.
    package static func pad(_ s: String, to width: Int, alignRight: Bool = false) -> String {
        guard width > 0 else { return "" }
        let truncated = truncate(s, to: width)
        let padding = String(repeating: " ", count: max(0, width - of(truncated)))
        return alignRight ? padding + truncated : truncated + padding
    }

    // MARK: - Internals shared with ScreenGrid

    /// One sanitized grapheme and its width (always ≥ 1).
    struct SanitizedGrapheme {
        var character: Character
        var width: Int
    }

    /// The graphemes of `s`, sanitized, with their widths.
    static func sanitizedGraphemes(_ s: String) -> [SanitizedGrapheme] {
        var result: [SanitizedGrapheme] = []
        result.reserveCapacity(s.utf8.count)
        for character in s {
            if let sanitized = sanitizedGrapheme(character) { result.append(sanitized) }
        }
        return result
    }

    /// Sanitizes one grapheme; nil when it has no width and should be dropped.
    static func sanitizedGrapheme(_ character: Character) -> SanitizedGrapheme? {
        if let ascii = character.asciiValue {
            switch ascii {
            case 0x20..<0x7F: return SanitizedGrapheme(character: character, width: 1)
            case 0x0A: return SanitizedGrapheme(character: "↵", width: 1)
            case 0x09: return SanitizedGrapheme(character: "→", width: 1)
            default:
                // "\r\n" is one grapheme whose asciiValue is 0x0A; every other case is a control.
                return SanitizedGrapheme(character: "·", width: 1)
            }
        }
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return nil }
        if isControl(base) { return SanitizedGrapheme(character: "·", width: 1) }
        let baseWidth = Int(amigo_scalar_width(base.value))
        if baseWidth < 0 { return SanitizedGrapheme(character: "·", width: 1) }

        var kept = String.UnicodeScalarView()
        var width = 0
        for scalar in scalars {
            if scalar.value == 0x200D { break }  // ZWJ: keep only what precedes it
            if scalar.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalar.value) { continue }
            let scalarWidth = Int(amigo_scalar_width(scalar.value))
            if scalarWidth < 0 { continue }  // an unprintable extender: drop it
            kept.append(scalar)
            width += scalarWidth
        }
        guard width > 0, !kept.isEmpty else { return nil }
        let string = String(kept)
        // Dropping scalars can (rarely) leave more than one grapheme; keep the first.
        guard let first = string.first else { return nil }
        if string.count == 1 { return SanitizedGrapheme(character: first, width: width) }
        return sanitizedGrapheme(first)
    }

    /// C0, DEL and C1 controls.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The width of `s` when it is entirely printable ASCII (the common, fast case); nil otherwise.
    private static func printableASCIIWidth(_ s: String) -> Int? {
        var count = 0
        for byte in s.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }
}
