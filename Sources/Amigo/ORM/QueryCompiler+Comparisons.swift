// QueryScope: compiling one comparison against a column (operators, case and diacritic folding).

import Foundation

extension QueryScope {
    func compile(_ comparison: FilterComparison, lhsSQL columnSQL: String, column model: Column) throws -> String {
        var c = comparison
        // A LIKE written with SQL's wildcards follows the database's LIKE, case rule included.
        if c.op == .like, dialect.likeIgnoresASCIICase, case .constant(let value) = c.rhs,
           let text = value.textValue, PatternTranslation.isSQLLikePattern(text) {
            c.options.insert(.caseInsensitive)
        }
        let ci = c.options.contains(.caseInsensitive)
        // Patterns and regular expressions read the column as text (PostgreSQL casts a number).
        let column = [.like, .beginsWith, .endsWith, .contains, .matches].contains(c.op)
            ? dialect.textOperand(columnSQL, kind: model.kind) : columnSQL
        // `[c]` and `[d]` either fold both sides with `amigo_fold` (Unicode case folding, diacritics
        // removed) or, for ASCII-only values under `[c]`, use SQLite's own NOCASE and LIKE.
        let fold = try foldFlags(for: c, column: model)
        let lhsSQL = fold.map { dialect.folded(column, flags: $0) } ?? column
        let placeholder = fold.map { dialect.folded(dialect.placeholder, flags: $0) } ?? dialect.placeholder
        let collate = ci && fold == nil ? dialect.asciiCaseInsensitiveCollation : ""
        // Column compared with column.
        if case .keyPath(let path, let position) = c.rhs {
            guard case .column(let rhsSQL, _) = try resolve(path, position: position, allowToMany: false) else {
                throw error("cannot compare with a to-many path", position: position, token: path.joined(separator: "."))
            }
            guard let sqlOp = comparisonOperator(c.op) else {
                throw error("\(c.op.rawValue) needs a value on its right", position: c.position, token: c.op.rawValue)
            }
            return "\(lhsSQL) \(sqlOp) " + (fold.map { dialect.folded(rhsSQL, flags: $0) } ?? rhsSQL) + collate
        }
        switch c.op {
        case .equal, .notEqual:
            let value = try single(c.rhs, for: model, comparison: c)
            if value.isNull { return column + (c.op == .equal ? " IS NULL" : " IS NOT NULL") }
            arguments.append(value)
            if ci && fold == nil, let text = value.textValue, Self.foldsBeyondASCII(text) {
                // As for patterns: NOCASE for ASCII rows, full folding for the others (Straße = strasse).
                arguments += [.text(dialect.globArgument(Self.nonASCIIGlob)), .text(TextFolding.fold(text, flags: TextFolding.caseFlag))]
                let equal = "(\(column) = \(placeholder)\(collate) OR (\(dialect.caseSensitiveGlob(column)) AND "
                    + "\(dialect.folded(column, flags: TextFolding.caseFlag)) = \(dialect.placeholder)))"
                return c.op == .equal ? equal : "NOT " + equal
            }
            return "\(lhsSQL) \(c.op == .equal ? "=" : "<>") \(placeholder)\(collate)"
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let value = try single(c.rhs, for: model, comparison: c)
            if value.isNull { return dialect.falseCondition }
            arguments.append(value)
            return "\(lhsSQL) \(comparisonOperator(c.op)!) \(placeholder)\(collate)"
        case .like, .beginsWith, .endsWith, .contains:
            let value = try single(c.rhs, for: model, comparison: c)
            guard let text = value.textValue else {
                if value.isNull { return dialect.falseCondition }
                throw error("\(c.op.rawValue) needs text", position: c.position, token: c.op.rawValue)
            }
            // SQLite's LIKE and GLOB stop reading a pattern at U+0000, which would match more than asked.
            if text.unicodeScalars.contains("\u{0}") {
                throw error("a \(c.op.rawValue) pattern cannot contain the NUL character", position: c.position, token: c.op.rawValue)
            }
            let pattern = PatternTranslation(op: c.op, text: text)
            if ci && fold == nil {
                arguments.append(.text(pattern.likePattern))
                let like = dialect.asciiCaseInsensitiveLike(lhsSQL)
                guard Self.foldsBeyondASCII(text) else { return like }
                // SQLite's LIKE folds ASCII letters only: rows holding other text are also
                // compared folded (Straße contains 'ss', ﬁle begins with 'fi'), and only they
                // pay for it.
                arguments += [.text(dialect.globArgument(Self.nonASCIIGlob)),
                              .text(dialect.globArgument(TextFolding.fold(pattern.globPattern, flags: TextFolding.caseFlag)))]
                return "(\(like) OR (\(dialect.caseSensitiveGlob(column)) AND \(dialect.caseSensitiveGlob(dialect.folded(column, flags: TextFolding.caseFlag)))))"
            }
            // Case-sensitive GLOB, over folded text when folding: `*`, `?` and `[x]` survive folding.
            arguments.append(.text(dialect.globArgument(TextFolding.fold(pattern.globPattern, flags: fold ?? 0))))
            return dialect.caseSensitiveGlob(lhsSQL)
        case .in:
            let vs = try values(c.rhs, for: model, comparison: c)
            if vs.isEmpty { return dialect.falseCondition }
            arguments += vs
            let list = "(" + Array(repeating: placeholder, count: vs.count).joined(separator: ", ") + ")"
            let inList = "\(lhsSQL)\(collate) IN \(list)"
            // As for ==[c]: rows holding non-ASCII text are also compared fully folded (Straße IN[c] {'strasse'}).
            guard ci && fold == nil, vs.contains(where: { $0.textValue.map(Self.foldsBeyondASCII) ?? false }) else { return inList }
            return "(\(inList) OR \(foldedBeyondASCII(column, comparedBy: "IN \(list)", with: vs)))"
        case .between:
            let vs = try values(c.rhs, for: model, comparison: c)
            guard vs.count == 2 else {
                throw error("BETWEEN needs two values, as in {1, 5}", position: c.position, token: c.op.rawValue)
            }
            arguments += vs
            let between = "\(lhsSQL)\(collate) BETWEEN \(placeholder) AND \(placeholder)"
            guard ci && fold == nil, vs.contains(where: { $0.textValue.map(Self.foldsBeyondASCII) ?? false }) else { return between }
            return "(\(between) OR \(foldedBeyondASCII(column, comparedBy: "BETWEEN \(placeholder) AND \(placeholder)", with: vs)))"
        case .matches:
            let value = try single(c.rhs, for: model, comparison: c)
            guard let text = value.textValue else {
                throw error("MATCHES needs a regular expression", position: c.position, token: c.op.rawValue)
            }
            // A NUL would cut the pattern where C strings end: refused where it was typed.
            if text.unicodeScalars.contains("\u{0}") {
                throw error("a MATCHES regular expression cannot contain the NUL character", position: c.position, token: c.op.rawValue)
            }
            // The pattern must stand on its own, or `a)|(b` would escape the whole-string anchors.
            guard (try? NSRegularExpression(pattern: text)) != nil else {
                throw error("invalid regular expression '\(text)'", position: c.position, token: c.op.rawValue)
            }
            // Case is ignored by the expression's own (?i); only diacritics are folded.
            arguments.append(.text((ci ? "(?i)" : "") + "^(?:" + TextFolding.fold(text, flags: fold ?? 0) + ")$"))
            return dialect.regularExpressionMatch(lhsSQL)
        }
    }

    /// The `amigo_fold` flags a comparison needs, or nil when SQLite's own `NOCASE` and `LIKE`
    /// do: `[d]` always folds (SQLite has no diacritic folding); `[c]` folds when a value compared
    /// with is not plain ASCII (SQLite folds the case of ASCII letters only).
    func foldFlags(for c: FilterComparison, column: Column) throws -> Int? {
        var flags = 0
        if c.options.contains(.caseInsensitive) { flags |= TextFolding.caseFlag }
        if c.options.contains(.diacriticInsensitive) { flags |= TextFolding.diacriticFlag }
        if c.op == .matches { flags &= TextFolding.diacriticFlag }   // MATCHES ignores case with (?i)
        guard flags != 0 else { return nil }
        if flags & TextFolding.diacriticFlag != 0 || foldsEveryCaseInsensitiveComparison { return flags }
        // Without a case-insensitive collation (PostgreSQL), comparisons fold; patterns use the dialect's LIKE.
        if !dialect.hasASCIICaseInsensitiveCollation && ![.like, .beginsWith, .endsWith, .contains].contains(c.op) { return flags }
        if case .keyPath = c.rhs { return nil }
        let texts = try values(c.rhs, for: column, comparison: c).compactMap(\.textValue)
        return texts.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } } ? nil : flags
    }

    /// `column GLOB <non-ASCII> AND amigo_fold(column, 1) <comparison>`, binding the pattern and
    /// `values` folded: the part of a `[c]` comparison that only rows holding text beyond ASCII
    /// pay for (SQLite's NOCASE folds ASCII letters only).
    func foldedBeyondASCII(_ column: String, comparedBy comparison: String, with values: [DatabaseValue]) -> String {
        arguments.append(.text(dialect.globArgument(Self.nonASCIIGlob)))
        arguments += values.map { value in value.textValue.map { .text(TextFolding.fold($0, flags: TextFolding.caseFlag)) } ?? value }
        return "(\(dialect.caseSensitiveGlob(column)) AND \(dialect.folded(column, flags: TextFolding.caseFlag)) \(comparison))"
    }

    /// A GLOB pattern matching text with at least one character outside ASCII.
    static let nonASCIIGlob = "*[^\u{01}-\u{7f}]*"

    /// Whether an ASCII constant compared under `[c]` could also match non-ASCII text once both
    /// are fully case-folded: it has a letter that such a folding produces — ß → ss, the
    /// ligatures ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ, the Kelvin sign → k, ſ → s, İ → i̇. (Seven rare letters with a
    /// combining mark that fold to an ASCII letter plus the mark — ŉ ǰ ẖ ẗ ẘ ẙ ẚ — are left out:
    /// a constant without these six letters keeps SQLite's faster NOCASE and LIKE.)
    static func foldsBeyondASCII(_ text: String) -> Bool {
        text.lowercased().contains { "sfilkt".contains($0) }
    }

    func comparisonOperator(_ op: FilterOperator) -> String? {
        switch op {
        case .equal: return "="
        case .notEqual: return "<>"
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        default: return nil
        }
    }
}
