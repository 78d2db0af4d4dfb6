/// What a key does in a text overlay (the row's detail, help, a command's output): scrolls it,
/// or closes it.
enum TextOverlayKeys {
    /// The scroll position of a text overlay after `key`, or nil when the key closes it.
    static func scrolled(_ scroll: Int, by key: Key) -> Int? {
        switch key {
        case .up, .char("k"): return max(0, scroll - 1)
        case .down, .char("j"): return scroll + 1
        case .pageDown, .char(" "): return scroll + 10
        case .pageUp: return max(0, scroll - 10)
        case .home, .char("g"): return 0
        case .end, .char("G"): return Int.max / 4    // the renderer clamps it to the last page
        default: return nil
        }
    }
}
