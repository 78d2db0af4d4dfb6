import Amigo

/// A value profile (``ValueProfile``) as people read it, in the `F` box and in text mode's
/// `freq`: a line per value — the value (NULL as `∅`, an empty text as `(blank)`), its count,
/// its share of the rows and a bar as long as that share of the most frequent value's — and a
/// summary line.
///
///     Rock                 1297  37.0%  ████████████████████
///     Latin                 579  16.5%  ████████▉
enum FrequencyText {
    /// The longest bar, in cells.
    static let barWidth = 20

    /// The value as the first column shows it.
    static func label(_ value: DatabaseValue) -> String {
        if value.isNull { return "∅" }
        if case .text(let text) = value, text.trimmingCharacters(in: .whitespaces).isEmpty { return "(blank)" }
        return DisplayWidth.sanitize(ValueText.display(value))
    }

    /// `count` of `total` as a percentage with one decimal (`37.0%`).
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "0.0%" }
        let tenths = (count * 1000 + total / 2) / total
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A bar of `count` against `largest`, in eighths of a cell.
    static func bar(_ count: Int, largest: Int) -> String {
        guard largest > 0 else { return "" }
        let eighths = (count * barWidth * 8 + largest / 2) / largest
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }

    /// One line per value, the value column at most `valueWidth` cells.
    static func lines(_ profile: ValueProfile, valueWidth: Int = 40) -> [String] {
        let labels = profile.values.map { DisplayWidth.truncate(label($0.value), to: valueWidth) }
        let labelWidth = max(5, labels.map { DisplayWidth.of($0) }.max() ?? 0)
        let countWidth = max(5, profile.values.map { String($0.count).count }.max() ?? 0)
        let largest = profile.values.first?.count ?? 0
        return zip(labels, profile.values).map { label, entry in
            DisplayWidth.pad(label, to: labelWidth) + "  " + DisplayWidth.pad(String(entry.count), to: countWidth, alignRight: true)
                + "  " + DisplayWidth.pad(percent(entry.count, of: profile.rowCount), to: 6, alignRight: true)
                + "  " + bar(entry.count, largest: largest)
        }
    }

    /// `3503 rows · 25 distinct values` (and what the list leaves out).
    static func summary(_ profile: ValueProfile) -> String {
        var text = Plural.count(profile.rowCount, "row") + " · " + Plural.count(profile.distinctCount, "distinct value")
        let shown = profile.values.reduce(0) { $0 + $1.count }
        if profile.values.count < profile.distinctCount {
            text += " · \(profile.distinctCount - profile.values.count) more not listed (\(Plural.count(profile.rowCount - shown, "row")))"
        }
        return text
    }
}
