/// How a table name typed by a person finds the table it means, as `t`, `open` and `t Name:key`
/// share it: the whole name first (any case), then the whole name read without its plural or
/// its separators (`employee` is `Employees`, `order details` is `Order_Details`), and only then
/// a name that starts with it, whose words start with its pieces (`PT` and `pltr` are
/// `PlaylistTrack`, `il` is `InvoiceLine`, as an editor's "go to" reads camel case), that contains
/// it, or has its letters in order. Tables come before views at every step, so that `order`
/// opens `Orders`, never `Order Details`.
enum TableNameMatch {
    /// The table or view of `names` (tables first, then views) that `typed` means, or nil.
    static func best(_ typed: String, tables: [String], views: [String]) -> String? {
        let ranked = tables + views
        let lower = typed.lowercased()
        guard !lower.isEmpty else { return nil }
        if let exact = ranked.first(where: { $0.lowercased() == lower }) { return exact }
        let key = normalized(typed)
        if let whole = ranked.first(where: { normalized($0) == key }) { return whole }
        if let prefix = ranked.first(where: { $0.lowercased().hasPrefix(lower) }) { return prefix }
        let pieces = lower.filter { $0 != " " && $0 != "_" && $0 != "-" }
        if let initials = ranked.first(where: { startsWords(pieces, of: words(of: $0)) }) { return initials }
        if let inside = ranked.first(where: { $0.lowercased().contains(lower) }) { return inside }
        return ranked.first(where: { isSubsequence(lower.filter { $0 != " " }, of: $0.lowercased()) })
    }

    /// The name most like `typed` for a "did you mean": the best match above, else the nearest
    /// by edit distance within a third of the name's length.
    static func suggestion(for typed: String, among names: [String]) -> String? {
        if let match = best(typed, tables: names, views: []) { return match }
        let lower = typed.lowercased()
        let nearest = names.map { ($0, CommandParser.editDistance(lower, $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let nearest, nearest.1 <= max(1, typed.count / 3) else { return nil }
        return nearest.0
    }

    /// `name` lower-cased, without spaces, `_` and `-`, and in the singular (`Employees` →
    /// `employee`, `Categories` → `category`, `Addresses` → `address`).
    static func normalized(_ name: String) -> String {
        var word = name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" }
        if word.hasSuffix("ies"), word.count > 4 {
            word = String(word.dropLast(3)) + "y"
        } else if word.hasSuffix("sses") || word.hasSuffix("shes") || word.hasSuffix("ches") || word.hasSuffix("xes") {
            word = String(word.dropLast(2))
        } else if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 {
            word = String(word.dropLast())
        }
        return word
    }

    /// The words of a name, lower-cased: split at `_`, `-`, spaces, digits and where a lower-case
    /// letter is followed by an upper-case one (`PlaylistTrack` → playlist, track; `HTTPLog` →
    /// httplog, as one word, since a run of capitals is an acronym).
    static func words(of name: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var previous: Character?
        for index in name.indices {
            let ch = name[index]
            let separator = !(ch.isLetter)
            let boundary = ch.isUppercase && (previous?.isLowercase ?? false)
            if separator || boundary, let s = start {
                words.append(name[s..<index])
                start = nil
            }
            if !separator, start == nil { start = index }
            previous = ch
        }
        if let s = start { words.append(name[s...]) }
        return words.map { Substring($0.lowercased()) }
    }

    /// Whether `typed` (lower case) splits into pieces that start successive words of `words`, in
    /// order, words may be skipped but not the first (`pt` and `pltr` start playlist·track, `lt`
    /// does not).
    static func startsWords(_ typed: String, of words: [Substring]) -> Bool {
        guard words.count > 1, !typed.isEmpty else { return false }
        let letters = Array(typed)
        let wordLetters = words.map(Array.init)
        // reachable[w] holds the typed positions reached with words 0..<w used or skipped;
        // the first word must start the typed text (one pass over word × position: no backtracking).
        var reachable: Set<Int> = [0]
        for (index, word) in wordLetters.enumerated() {
            var next = index == 0 ? Set<Int>() : reachable
            for position in reachable {
                var length = 0
                while length < word.count, position + length < letters.count, word[length] == letters[position + length] {
                    length += 1
                    next.insert(position + length)
                }
            }
            if next.contains(letters.count) { return true }
            reachable = next
        }
        return false
    }

    /// Whether the characters of `needle` appear in `haystack` in order.
    static func isSubsequence(_ needle: String, of haystack: String) -> Bool {
        var rest = haystack[...]
        for ch in needle {
            guard let i = rest.firstIndex(of: ch) else { return false }
            rest = rest[rest.index(after: i)...]
        }
        return true
    }
}
