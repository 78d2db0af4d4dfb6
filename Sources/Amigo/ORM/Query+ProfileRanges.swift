// Query: the profiles that group values — ranges of a numeric column, buckets of related counts.

import Foundation

extension Query {
    /// The profile of a numeric column by about ten ranges of one round width (1, 2 or 5 times a
    /// power of ten), in value order, NULL last; nil when the column's smallest or largest value
    /// is not a number (text stored in a numeric column), or all values are equal.
    ///
    /// For example, `Milliseconds` of Track (1,071 … 5,286,953):
    ///
    ///     // SELECT MIN("Track"."Milliseconds"), MAX("Track"."Milliseconds") FROM "Track"
    ///     // SELECT CAST(("Track"."Milliseconds" - ?) / ? AS INTEGER), COUNT(*) FROM "Track" GROUP BY 1 LIMIT ?
    ///     // 0 ≤ x < 500000: 3,441 rows, 500000 ≤ x < 1000000: 4 rows …
    func rangeProfile(_ source: ProfileSource, rowCount: Int, distinctCount: Int) throws -> ValueProfile? {
        let dialect = amigo.engine.dialect
        var bounds: (DatabaseValue, DatabaseValue) = (.null, .null)
        try onConnection {
            _ = try amigo.engine.fetch(ProfileStatements.bounds(source.expression, from: source.from), source.arguments) { row in
                bounds = (row.value(at: 0), row.value(at: 1))
                return false
            }
        }
        guard let (low, width) = ValueProfile.rangeWidth(from: bounds.0, to: bounds.1) else { return nil }
        let sql = ProfileStatements.ranges(source.expression, from: source.from, dialect: dialect)
        var counts: [(Int?, Int)] = []
        try onConnection {
            _ = try amigo.engine.fetch(sql, [low, width] + source.arguments + [.integer(1000)]) { row in
                let value = row.value(at: 0)
                counts.append((value.isNull ? nil : Self.integer(value), Self.integer(row.value(at: 1))))
                return true
            }
        }
        // Every range from the first to the last, empty ones too (a histogram shows its gaps), NULL last.
        let byIndex = Dictionary(counts.compactMap { index, count in index.map { ($0, count) } }, uniquingKeysWith: +)
        var lines = (0...(byIndex.keys.max() ?? 0)).map { index in
            ValueCount(group: .range(low: ValueProfile.bound(low, width, index), high: ValueProfile.bound(low, width, index + 1)),
                       count: byIndex[index] ?? 0)
        }
        if let nulls = counts.first(where: { $0.0 == nil }) { lines.append(ValueCount(value: .null, count: nulls.1)) }
        return ValueProfile(column: source.column, values: lines, rowCount: rowCount, distinctCount: distinctCount, grouping: .ranges)
    }

    /// The profile of a date column (ISO text, `2009-01-01 00:00:00`) by periods: years when
    /// its dates span two years or more, else months when they span two months, else days; in
    /// order, NULL last; nil when the smallest or largest value does not start as an ISO date.
    func periodProfile(_ source: ProfileSource, rowCount: Int, distinctCount: Int) throws -> ValueProfile? {
        var bounds: (DatabaseValue, DatabaseValue) = (.null, .null)
        try onConnection {
            _ = try amigo.engine.fetch(ProfileStatements.bounds(source.expression, from: source.from), source.arguments) { row in
                bounds = (row.value(at: 0), row.value(at: 1))
                return false
            }
        }
        guard let first = ValueProfile.isoDate(bounds.0), let last = ValueProfile.isoDate(bounds.1) else { return nil }
        let length = last.year - first.year >= 2 ? 4 : (last.year * 12 + last.month) - (first.year * 12 + first.month) >= 2 ? 7 : 10
        let sql = ProfileStatements.periods(source.expression, from: source.from, dialect: amigo.engine.dialect)
        var counts: [(String?, Int)] = []
        try onConnection {
            _ = try amigo.engine.fetch(sql, [.integer(Int64(length))] + source.arguments + [.integer(1000)]) { row in
                counts.append((row.value(at: 0).textValue, Self.integer(row.value(at: 1))))
                return true
            }
        }
        var lines: [ValueCount] = []
        for (period, count) in counts.sorted(by: { ($0.0 ?? "\u{10FFFF}") < ($1.0 ?? "\u{10FFFF}") }) {
            guard let period else { lines.append(ValueCount(value: .null, count: count)); continue }
            guard let (low, high) = ValueProfile.periodBounds(period) else { return nil }
            lines.append(ValueCount(group: .range(low: .text(low), high: .text(high)), count: count))
        }
        return ValueProfile(column: source.column, values: lines, rowCount: rowCount, distinctCount: distinctCount, grouping: .ranges)
    }

    /// The profile of `relationship.@count`: how many rows have 0, 1, 2–5, 6–10 … related rows
    /// (``ValueProfile/countBuckets``), every bucket up to the largest count listed, empty ones too.
    ///
    ///     // SELECT "n", COUNT(*) FROM (SELECT (SELECT COUNT(*) FROM "Track" AS "tracks#count" WHERE …) AS "n"
    ///     //   FROM "Album") AS counts GROUP BY "n" ORDER BY "n" LIMIT ?
    func relatedCountProfile(_ source: ProfileSource) throws -> ValueProfile {
        let sql = ProfileStatements.relatedCounts(source.expression, from: source.from, dialect: amigo.engine.dialect)
        var byCount: [(Int, Int)] = []
        try onConnection {
            // Distinct counts are few (n children have fewer than √(2n) + 1 distinct counts): the limit only bounds the read.
            _ = try amigo.engine.fetch(sql, source.arguments + [.integer(Int64(ValueProfile.relatedCountsRead))]) { row in
                byCount.append((Self.integer(row.value(at: 0)), Self.integer(row.value(at: 1))))
                return true
            }
        }
        let largest = byCount.map(\.0).max() ?? 0
        var lines: [ValueCount] = []
        for bucket in ValueProfile.countBuckets(upTo: largest) {
            let rows = byCount.filter { bucket.contains($0.0) }.reduce(0) { $0 + $1.1 }
            lines.append(ValueCount(group: .relatedCount(low: bucket.lowerBound, high: bucket.upperBound), count: rows))
        }
        return ValueProfile(column: source.column, values: lines, rowCount: byCount.reduce(0) { $0 + $1.1 },
                            distinctCount: byCount.count, grouping: .relatedCounts)
    }
}

extension ValueProfile {
    /// How many distinct related counts a profile reads at most.
    package static let relatedCountsRead = 100_000

    /// The buckets of related counts up to `largest`: 0, 1, 2–5, 6–10, 11–20, 21–50, 51–100,
    /// 101–200 … (each bound 1, 2 or 5 times a power of ten), at least 0 and 1.
    package static func countBuckets(upTo largest: Int) -> [ClosedRange<Int>] {
        var buckets: [ClosedRange<Int>] = [0...0, 1...1]
        var low = 2
        var power = 1
        var step = 0
        while low <= largest {
            let high = [5, 10, 20][step] * power
            buckets.append(low...high)
            low = high + 1
            step += 1
            if step == 3 { step = 0; power *= 10 }
        }
        return buckets
    }

    /// The low end and the width of ranges from `min` to `max`: about ten ranges of a round
    /// width, integers for integers; nil unless both are numbers and differ.
    static func rangeWidth(from min: DatabaseValue, to max: DatabaseValue) -> (DatabaseValue, DatabaseValue)? {
        func number(_ value: DatabaseValue) -> Double? {
            switch value {
            case .integer(let n): return Double(n)
            case .real(let r) where r.isFinite: return r
            default: return nil
            }
        }
        guard let lo = number(min), let hi = number(max), hi > lo else { return nil }
        let integers: Bool
        if case .integer = min, case .integer = max { integers = true } else { integers = false }
        let raw = (hi - lo) / 10
        let power = pow(10, floor(log10(raw)))
        var width = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? raw
        if integers { width = Swift.max(1, width.rounded(.up)) }
        let start = floor(lo / width) * width
        if integers { return (.integer(Int64(start)), .integer(Int64(width))) }
        return (.real(start), .real(width))
    }

    /// The year, month and day a value's text starts with (`2009-01-31…`), or nil.
    static func isoDate(_ value: DatabaseValue) -> (year: Int, month: Int, day: Int)? {
        guard let text = value.textValue, text.count >= 10 else { return nil }
        let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        return (y, m, d)
    }

    /// The first day of a period (`2009`, `2009-03`, `2009-03-05`) and the first day after it, as ISO dates.
    package static func periodBounds(_ period: String) -> (String, String)? {
        let parts = period.split(separator: "-").compactMap { Int($0) }
        func iso(_ y: Int, _ m: Int, _ d: Int) -> String { String(format: "%04d-%02d-%02d", y, m, d) }
        switch parts.count {
        case 1: return (iso(parts[0], 1, 1), iso(parts[0] + 1, 1, 1))
        case 2: return (iso(parts[0], parts[1], 1), parts[1] == 12 ? iso(parts[0] + 1, 1, 1) : iso(parts[0], parts[1] + 1, 1))
        case 3:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let day = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
                  let next = calendar.date(byAdding: .day, value: 1, to: day) else { return nil }
            let n = calendar.dateComponents([.year, .month, .day], from: next)
            return (iso(parts[0], parts[1], parts[2]), iso(n.year ?? 0, n.month ?? 1, n.day ?? 1))
        default: return nil
        }
    }

    /// The `index`th bound of ranges starting at `low`, `width` wide.
    static func bound(_ low: DatabaseValue, _ width: DatabaseValue, _ index: Int) -> DatabaseValue {
        if case .integer(let l) = low, case .integer(let w) = width { return .integer(l + Int64(index) * w) }
        let value = (low.doubleValue ?? 0) + Double(index) * (width.doubleValue ?? 1)
        // Rounded to the width's decimals, so that 0.1 steps read 0.3, not 0.30000000000000004.
        let scale = pow(10, Swift.max(0, -floor(log10(width.doubleValue ?? 1))) + 1)
        return .real((value * scale).rounded() / scale)
    }
}
