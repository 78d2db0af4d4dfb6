// PatternTranslation: LIKE / MATCHES / BEGINSWITH patterns translated to SQL pieces.

import Foundation

/// Translates a filter pattern (LIKE with `*`/`?` wildcards — or SQL's `%`/`_` when it has
/// those and none of the others — and `\` escapes) or a literal
/// (BEGINSWITH/ENDSWITH/CONTAINS) into SQLite GLOB and LIKE patterns.
struct PatternTranslation {
    /// Pattern pieces: literal characters or wildcards.
    enum Piece: Equatable { case literal(Character), anyString, anyCharacter }
    let pieces: [Piece]

    /// Whether a LIKE pattern is written in SQL's wildcards: an unescaped `%` or `_`, and no
    /// unescaped `*` or `?`. Such a pattern is read as SQL reads it, so that `Name LIKE 'A%'`
    /// answers what it answers in SQL instead of matching a literal `%`.
    static func isSQLLikePattern(_ text: String) -> Bool {
        var escaped = false
        var sqlWildcard = false
        for ch in text {
            if escaped { escaped = false; continue }
            switch ch {
            case "\\": escaped = true
            case "*", "?": return false
            case "%", "_": sqlWildcard = true
            default: break
            }
        }
        return sqlWildcard
    }

    init(op: FilterOperator, text: String) {
        var pieces: [Piece] = []
        if op == .like {
            let sqlStyle = Self.isSQLLikePattern(text)
            var escaped = false
            for ch in text {
                if escaped { pieces.append(.literal(ch)); escaped = false; continue }
                switch ch {
                case "\\": escaped = true
                case "*" where !sqlStyle, "%" where sqlStyle: pieces.append(.anyString)
                case "?" where !sqlStyle, "_" where sqlStyle: pieces.append(.anyCharacter)
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
