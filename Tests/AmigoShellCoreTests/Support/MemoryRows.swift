import Amigo
@testable import AmigoShellCore

/// Rows for paging specs, made in memory: `item(id INTEGER PRIMARY KEY, grp INTEGER, label TEXT)`,
/// row `i` (from 1) in group `(i * 37) % 10` — NULL on every 7th row, so that about a tenth of
/// the rows share each group across page boundaries — labelled `row i`.
enum MemoryRows {
    /// The rows' model.
    static let model = ORMModel(name: "item", Column("id", type: Int.self, primaryKey: true),
                                Column("grp", type: Int.self), Column("label", type: String.self))

    /// Rows 1 through `count`.
    static func items(_ count: Int) -> [Record] { count > 0 ? (1...count).map(item) : [] }

    /// Row `id`: its group, and `label` (`row id` unless given).
    static func item(_ id: Int) -> Record { item(id, label: "row \(id)") }

    /// Row `id` labelled `label`.
    static func item(_ id: Int, label: String) -> Record {
        let record = Record(model)
        record["id"] = .integer(Int64(id))
        record["grp"] = id % 7 == 0 ? .null : .integer(Int64((id * 37) % 10))
        record["label"] = .text(label)
        return record
    }

    /// The ids of `records`, in order.
    static func ids(_ records: [Record]) -> [Int] { records.map { Int($0["id"].integerValue ?? -1) } }

    /// The `[id]` key of row `id`.
    static func key(_ id: Int) -> [DatabaseValue] { [.integer(Int64(id))] }
}
