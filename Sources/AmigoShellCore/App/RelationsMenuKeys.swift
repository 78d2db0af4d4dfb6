/// What a key does in the relations menu (`r`): the arrows move the cursor, letters jump to the
/// first relationship whose name starts with what was typed, a line's number or Enter follows a
/// relationship, Esc closes. Pure: the menu's cursor and type-ahead in, the outcome out.
enum RelationsMenuKeys {
    /// What the key does.
    enum Outcome: Equatable {
        /// The menu stays open with the cursor at `cursor` and `typeAhead` typed.
        case stay(cursor: Int, typeAhead: String)
        /// Follow the relationship on the line numbered `number` (1-based).
        case followNumber(Int)
        /// Follow the relationship named.
        case follow(String)
        /// Close the menu.
        case close
    }

    /// The outcome of `key` in a menu of the relationships `names`, the cursor on `cursor`, with
    /// `typeAhead` typed so far.
    static func outcome(of key: Key, names: [String], cursor: Int, typeAhead: String) -> Outcome {
        switch key {
        case .up, .char("k"): return .stay(cursor: max(0, cursor - 1), typeAhead: typeAhead)
        case .down, .char("j"): return .stay(cursor: min(names.count - 1, cursor + 1), typeAhead: typeAhead)
        case .home: return .stay(cursor: 0, typeAhead: typeAhead)
        case .end: return .stay(cursor: names.count - 1, typeAhead: typeAhead)
        case .char(let digit) where digit.wholeNumberValue.map { (1...min(names.count, RowLinks.numberedLimit)).contains($0) } == true:
            // A line's number follows it at once.
            return .followNumber(digit.wholeNumberValue ?? 1)
        case .enter, .right:
            return .follow(names[cursor])
        case .escape, .backspace, .char("q"), .left:
            return .close
        case .char(let ch) where ch.isLetter:
            var typed = typeAhead + String(ch)
            var match = names.firstIndex { $0.lowercased().hasPrefix(typed.lowercased()) }
            if match == nil {
                // A miss starts the type-ahead again from this letter.
                typed = String(ch)
                match = names.firstIndex { $0.lowercased().hasPrefix(typed.lowercased()) }
            }
            return .stay(cursor: match ?? cursor, typeAhead: typed)
        default:
            return .stay(cursor: cursor, typeAhead: typeAhead)
        }
    }
}
