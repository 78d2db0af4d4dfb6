/// The options of sqlite3's columnar modes, given after the mode: `.mode column --wrap 30
/// --wordwrap on --quote`. A `.mode` without them puts back the defaults (`qbox` quotes).
package struct ColumnarOptions: Equatable, Sendable {
    /// Where a value is cut when `.width` gives its column none (`--wrap N`; 0: never).
    package var wrap = ColumnWrap.defaultWidth
    /// Whether a full line is cut at a word's end (`--wordwrap on`, `-ww`).
    package var wordWrap = false
    /// Whether each value is written as an SQL literal (`--quote`; `--noquote` not).
    package var quote = false

    /// The defaults, or what `qbox` means by them.
    package init(quote: Bool = false) { self.quote = quote }

    /// The options `mode` has when none are given: sqlite3's defaults, `qbox` quoting.
    package static func defaults(for mode: OutputMode) -> ColumnarOptions { ColumnarOptions(quote: mode == .qbox) }

    /// sqlite3's `--wrap 60 --wordwrap off --noquote`, as `.show` writes them.
    package var sqlite3Text: String {
        "--wrap \(wrap) --wordwrap \(wordWrap ? "on" : "off") --\(quote ? "" : "no")quote"
    }

    /// The options `words` (after the mode's name) give, starting from `mode`'s defaults.
    ///
    /// - Throws: ``ShellError/usage(command:usage:)`` naming `command` for an option it does not
    ///   know or a `--wrap` without a number.
    package static func parse(_ words: [String], mode: OutputMode, command: String) throws -> ColumnarOptions {
        let usage = "mode MODE [--wrap N] [--wordwrap on|off] [--quote|--noquote]"
        var options = ColumnarOptions(quote: mode == .qbox)
        var rest = words[...]
        while let word = rest.popFirst() {
            switch word {
            case "--wrap":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 0, value <= 1_000_000 else {
                    throw ShellError.usage(command: command, usage: usage)
                }
                options.wrap = value
            case "--wordwrap":
                guard let on = rest.popFirst().flatMap(CommandInput.switchWord) else { throw ShellError.usage(command: command, usage: usage) }
                options.wordWrap = on
            case "-ww": options.wordWrap = true
            case "--quote": options.quote = true
            case "--noquote": options.quote = false
            default: throw ShellError.usage(command: command, usage: usage)
            }
        }
        return options
    }
}
