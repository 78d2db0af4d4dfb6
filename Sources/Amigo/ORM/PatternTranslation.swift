// PatternTranslation: LIKE / MATCHES / BEGINSWITH patterns translated to SQL pieces.

import Foundation

/// Translates a filter pattern (LIKE with `*`/`?` wildcards and `\` escapes) or a literal
/// (BEGINSWITH/ENDSWITH/CONTAINS) into SQLite GLOB and LIKE patterns.
struct PatternTranslation {
    /// Pattern pieces: literal characters or wildcards.
    enum Piece: Equatable { case literal(Character), anyString, anyCharacter }
    let pieces: [Piece]

    init(op: FilterOperator, text: String) {
        var pieces: [Piece] = []
        if op == .like {
            var escaped = false
            for ch in text {
                if escaped { pieces.append(.literal(ch)); escaped = false; continue }
                switch ch {
                case "\\": escaped = true
                case "*": pieces.append(.anyString)
                case "?": pieces.append(.anyCharacter)
                default: pieces.append(.literal(ch))
                }
            }
            if escaped { pieces.append(.literal("\\")) }
        } else {
            let literal = text.map(Piece.literal)
            switch op {
            case .beginsWith: pieces = literal + [.anyString]
            case .endsWith: pieces = [.anyString] + literal
            default: pieces = [.anyString] + literal + [.anyString]
            }
        }
        self.pieces = pieces
    }

    /// For `GLOB` (case-sensitive): `*`, `?`, and `[x]` to make a special character literal.
    var globPattern: String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .anyString: out += "*"
            case .anyCharacter: out += "?"
            case .literal(let ch):
                if ch == "*" || ch == "?" || ch == "[" { out += "[\(ch)]" } else { out.append(ch) }
            }
        }
        return out
    }

    /// For `LIKE … ESCAPE '\'` (case-insensitive for ASCII): `%`, `_`, and `\` before literal `%`, `_`, `\`.
    var likePattern: String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .anyString: out += "%"
            case .anyCharacter: out += "_"
            case .literal(let ch):
                if ch == "%" || ch == "_" || ch == "\\" { out += "\\\(ch)" } else { out.append(ch) }
            }
        }
        return out
    }
}
