/// A problem found while reading a filter string, with the place where it starts.
///
/// Thrown by ``FilterParser/parse(_:)``. `position` counts `Character`s from 0, so it can be
/// used directly to index the filter as the user typed it; `description` renders a message
/// with the filter echoed and a caret under the offending spot:
///
/// ```text
/// filter error at column 7 near '>': expected a value after '>'
/// age > > 3
///       ^
/// ```
public struct FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of a filter error.
    public enum Kind: Sendable, Equatable {
        /// A token that cannot appear where it was found (`age > > 3`, `a = 1)`).
        case unexpectedToken
        /// The filter stopped where something else was required (`age >`, `(a = 1`).
        case unexpectedEnd
        /// A quoted string or backquoted name without its closing quote.
        case unterminatedString
        /// A malformed or out-of-range number (`12abc`, `0x`, `1e`, `99999999999999999999`).
        case invalidNumber
        /// A character that is not part of the language (`@`, `&`, `%K`), or a bad `\u` escape.
        case invalidCharacter
        /// A `[…]` modifier other than `[c]`, `[d]` or `[cd]`.
        case invalidModifier
        /// The filter is empty or only whitespace.
        case emptyFilter
        /// An operand of the wrong shape, e.g. a `BETWEEN` right-hand side that is not a
        /// two-element list, or a `{…}` list where a single value is needed.
        case invalidOperand
    }

    /// The category of the error.
    public var kind: Kind
    /// A human-readable explanation, e.g. `expected a value after '>'`.
    public var message: String
    /// The whole filter string.
    public var input: String
    /// Offset, in `Character`s from 0, of the place where the problem starts
    /// (the length of the input for problems at its end).
    public var position: Int
    /// The source text of the offending token; empty at the end of the input.
    public var token: String

    /// Creates a filter error.
    public init(kind: Kind, message: String, input: String, position: Int, token: String) {
        self.kind = kind
        self.message = message
        self.input = input
        self.position = position
        self.token = token
    }

    /// The 1-based column of ``position``.
    public var column: Int { position + 1 }

    /// A three-line report: the message with its column and token, the input, and a caret
    /// line pointing at the column.
    ///
    /// Line breaks inside the input are shown as spaces so the caret stays aligned.
    public var description: String {
        var head = "filter error at column \(column)"
        if !token.isEmpty {
            head += " near '\(token)'"
        } else if kind == .unexpectedEnd {
            head += " at end of input"
        }
        head += ": " + message
        var echo = ""
        var caret = ""
        var offset = 0
        for ch in input {
            if ch.isNewline {
                echo.append(" ")
            } else {
                echo.append(ch)
            }
            if offset < position { caret.append(ch == "\t" ? "\t" : " ") }
            offset += 1
        }
        while offset < position {  // position is never past the end, but stay safe
            caret.append(" ")
            offset += 1
        }
        caret.append("^")
        return head + "\n" + echo + "\n" + caret
    }
}
