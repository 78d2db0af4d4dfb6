import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// Property: for randomly generated filters over Chinook's Track table, the ORM returns exactly
/// the rows an independently written SQL condition selects. The generator is seeded, so a failure
/// names the seed and the filter, and runs again the same way.
@Suite struct FilterOracleSpec {
    /// SplitMix64 (``SeededGenerator``): small, fast and reproducible.
    typealias Generator = SeededGenerator

    /// A filter in the ORM's language and the same condition in SQL (written here, not compiled).
    struct Case { var filter: String; var sql: String; var arguments: [DatabaseValue] }

    static let numbers = ["Milliseconds", "Bytes", "GenreId", "AlbumId", "MediaTypeId"]
    static let texts = ["Name", "Composer"]
    static let fragments = ["a", "Love", "the", "AC/DC", "%", "_", "*", "?", "[", "'", "é", "ß", "", "Rock", "o", " "]

    static func comparison(_ g: inout Generator) -> Case {
        if g.int(0...1) == 0 {
            let column = g.pick(numbers)
            let value = g.pick([0, 1, 2, 5, 10, 25, 100, 200_000, 300_000, 5_000_000, 10_000_000, -1])
            switch g.int(0...6) {
            case 0: return Case(filter: "\(column) = \(value)", sql: "\(column) = ?", arguments: [.integer(Int64(value))])
            case 1: return Case(filter: "\(column) != \(value)", sql: "\(column) <> ?", arguments: [.integer(Int64(value))])
            case 2: return Case(filter: "\(column) < \(value)", sql: "\(column) < ?", arguments: [.integer(Int64(value))])
            case 3: return Case(filter: "\(column) >= \(value)", sql: "\(column) >= ?", arguments: [.integer(Int64(value))])
            case 4:
                let high = value + g.int(0...500_000)
                return Case(filter: "\(column) BETWEEN {\(value), \(high)}", sql: "\(column) BETWEEN ? AND ?", arguments: [.integer(Int64(value)), .integer(Int64(high))])
            case 5:
                let list = (0..<g.int(1...4)).map { _ in g.int(0...30) }
                return Case(filter: "\(column) IN {\(list.map(String.init).joined(separator: ", "))}",
                            sql: "\(column) IN (\(list.map { _ in "?" }.joined(separator: ", ")))", arguments: list.map { .integer(Int64($0)) })
            default:
                return Case(filter: "\(column) = nil", sql: "\(column) IS NULL", arguments: [])
            }
        }
        let column = g.pick(texts)
        let fragment = g.pick(fragments)
        let quoted = "'" + fragment.replacingOccurrences(of: "'", with: "''") + "'"
        switch g.int(0...4) {
        case 0: return Case(filter: "\(column) = \(quoted)", sql: "\(column) = ?", arguments: [.text(fragment)])
        case 1: return Case(filter: "\(column) BEGINSWITH \(quoted)", sql: "substr(\(column), 1, length(?)) = ?", arguments: [.text(fragment), .text(fragment)])
        case 2: return Case(filter: "\(column) ENDSWITH \(quoted)",
                            sql: "(length(?) = 0 AND \(column) IS NOT NULL OR substr(\(column), -length(?)) = ?)", arguments: [.text(fragment), .text(fragment), .text(fragment)])
        case 3: return Case(filter: "\(column) CONTAINS \(quoted)", sql: "instr(\(column), ?) > 0", arguments: [.text(fragment)])
        default: return Case(filter: "\(column) != nil", sql: "\(column) IS NOT NULL", arguments: [])
        }
    }

    static func expression(_ g: inout Generator, depth: Int) -> Case {
        if depth == 0 || g.int(0...2) == 0 { return comparison(&g) }
        switch g.int(0...2) {
        case 0:
            let (a, b) = (expression(&g, depth: depth - 1), expression(&g, depth: depth - 1))
            return Case(filter: "(\(a.filter)) AND (\(b.filter))", sql: "(\(a.sql)) AND (\(b.sql))", arguments: a.arguments + b.arguments)
        case 1:
            let (a, b) = (expression(&g, depth: depth - 1), expression(&g, depth: depth - 1))
            return Case(filter: "(\(a.filter)) OR (\(b.filter))", sql: "(\(a.sql)) OR (\(b.sql))", arguments: a.arguments + b.arguments)
        default:
            let a = expression(&g, depth: depth - 1)
            return Case(filter: "NOT (\(a.filter))", sql: "NOT (\(a.sql))", arguments: a.arguments)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func generatedFiltersSelectWhatSQLSelects(seed: UInt64) throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let amigo = try AmigoDatabase(reflecting: path, options: OpenOptions(readOnly: true))
        var g = Generator(seed: seed)
        for _ in 0..<100 {
            let c = Self.expression(&g, depth: 3)
            let expected = try amigo.engine.fetchAll("SELECT TrackId FROM Track WHERE \(c.sql) ORDER BY TrackId", c.arguments)
                .rows.compactMap { $0.first?.integerValue }
            let actual = try amigo.query("Track").filter(c.filter).orderBy("TrackId").all().compactMap { $0["TrackId"].integerValue }
            #expect(actual == expected, "seed \(seed): \(c.filter)")
        }
    }
}

extension SeededGenerator {
    /// One of `items`, at random.
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
