import Amigo

/// A value profile (``ValueProfile``) as people read it, in the `F` box and in text mode's
/// `freq`: a line per value — the value (NULL as `∅`, an empty text as `(blank)`, a foreign key
/// with its parent's label, a range as `200000–299999`, a bucket of related counts as `2–5`,
/// keys that point at no row as `(dangling: no genre row)`), its count, its share of the rows
/// and a bar as long as that share of the largest line's — and a summary line.
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

    /// What a line stands for, as the first column shows it.
    static func label(_ line: ValueCount, in profile: ValueProfile) -> String {
        switch line.group {
        case .value(let value):
            guard let name = profile.labels[value], !name.isEmpty else { return label(value) }
            return label(value) + " → " + DisplayWidth.sanitize(name)
        case .range(let low, let high):
            if case .integer(let l) = low, case .integer(let h) = high { return h - l == 1 ? "\(l)" : "\(l)–\(h - 1)" }
            if case .text(let l) = low, case .text(let h) = high {
                // A period of dates: its year, its month, or its day.
                if l.hasSuffix("-01-01") && h.hasSuffix("-01-01") { return String(l.prefix(4)) }
                return l.hasSuffix("-01") && h.hasSuffix("-01") ? String(l.prefix(7)) : l
            }
            return label(low) + "–<" + label(high)
        case .relatedCount(let low, let high):
            let range = low == high ? "\(low)" : "\(low)–\(high)"
            return low == 0 && high == 0 ? "0 (none)" : range
        case .dangling(let via):
            return "(dangling: no \(via) row)"
        }
    }

    /// The first column's value in the machine output modes (CSV, JSON …): the value itself for
    /// a value line, the text of ``label(_:in:)`` for the others.
    static func machineValue(_ line: ValueCount, in profile: ValueProfile) -> DatabaseValue {
        if case .value(let value) = line.group { return value }
        return .text(label(line, in: profile))
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
        let labels = profile.values.map { DisplayWidth.truncate(label($0, in: profile), to: valueWidth) }
        let labelWidth = max(5, labels.map { DisplayWidth.of($0) }.max() ?? 0)
        let countWidth = max(5, profile.values.map { String($0.count).count }.max() ?? 0)
        let largest = profile.values.map(\.count).max() ?? 0
        return zip(labels, profile.values).map { label, entry in
            DisplayWidth.pad(label, to: labelWidth) + "  " + DisplayWidth.pad(String(entry.count), to: countWidth, alignRight: true)
                + "  " + DisplayWidth.pad(percent(entry.count, of: profile.rowCount), to: 6, alignRight: true)
                + "  " + bar(entry.count, largest: largest)
        }
    }

    /// `3503 rows · 25 distinct values` (and what the list leaves out, or how it groups them).
    static func summary(_ profile: ValueProfile) -> String {
        var text = Plural.count(profile.rowCount, "row") + " · " + Plural.count(profile.distinctCount, "distinct value")
        switch profile.grouping {
        case .ranges: return text + " · in ranges"
        case .relatedCounts: return text.replacingOccurrences(of: "distinct value", with: "distinct count") + " · in buckets"
        case .values: break
        }
        let shown = profile.values.reduce(0) { $0 + $1.count }
        let listed = profile.values.filter { if case .value = $0.group { true } else { false } }.count
        if listed < profile.distinctCount {
            text += " · \(profile.distinctCount - listed) more not listed (\(Plural.count(profile.rowCount - shown, "row")))"
        }
        return text
    }
}
