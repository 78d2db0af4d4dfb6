/// What a key does in the list of a column's value frequencies (`F`): the arrows, pages, Home
/// and End move the cursor, Enter keeps the rows with the value on the cursor, any other key
/// closes the list. Pure: the cursor in, the outcome out.
enum FrequencyListKeys {
    /// What the key does.
    enum Outcome: Equatable {
        /// The list stays open with the cursor at `cursor`.
        case stay(cursor: Int)
        /// Keep the rows with the value at `index` (the list closes).
        case keep(index: Int)
        /// Close the list.
        case close
    }

    /// The outcome of `key` in a list of `count` values, the cursor on `cursor`.
    static func outcome(of key: Key, count: Int, cursor: Int) -> Outcome {
        let last = max(0, count - 1)
        switch key {
        case .up, .char("k"): return .stay(cursor: max(0, cursor - 1))
        case .down, .char("j"): return .stay(cursor: min(last, cursor + 1))
        case .pageUp: return .stay(cursor: max(0, cursor - 10))
        case .pageDown: return .stay(cursor: min(last, cursor + 10))
        case .home, .char("g"): return .stay(cursor: 0)
        case .end, .char("G"): return .stay(cursor: last)
        case .enter: return cursor < count ? .keep(index: cursor) : .close
        default: return .close
        }
    }
}
