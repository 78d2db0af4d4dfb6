/// English counts for messages: `1 row`, `2 rows`.
enum Plural {
    /// `count` and `noun`, with an `s` unless the count is one.
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
