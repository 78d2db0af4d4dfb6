// Explorer: foreign-key labels (the name of the row a key points at) and the heuristics that pick a label column.

import Amigo
import Foundation

extension Explorer {
    // MARK: Foreign-key labels

    /// The label of the row a foreign-key cell points at (`AC/DC` for `ArtistId` 1), fetched for
    /// `rows` at once and cached in the view. Nil when the column is not a foreign key or the
    /// parent has no text column to show.
    public func foreignKeyLabels(column index: Int, rows: [[DatabaseValue]]) -> [DatabaseValue: String] {
        guard let view = current, let model = view.model, index < view.modelColumns.count else { return [:] }
        let column = view.modelColumns[index]
        guard let relationship = model.relationships.first(where: { $0.kind == .toOne && $0.sourceColumns.count == 1 && $0.sourceColumns[0] === column }),
              LabelColumn.columns(of: relationship.target) != nil, let key = relationship.targetColumns.first else { return [:] }
        var cache = view.labels[index] ?? [:]
        let missing = Array(Set(rows.compactMap { $0.indices.contains(index) ? $0[index] : nil }.filter { !$0.isNull && cache[$0] == nil }))
        if !missing.isEmpty {
            let filter = ValueText.keyPath(key.label) + " IN %@"
            if let parents = try? session.query(relationship.target.name).filter(filter, arguments: [.list(missing)]).all() {
                // A NULL label falls back to the next readable column or the key; labels equal for
                // different rows get the key added, so that `1 → product` and `8 → product` differ.
                let labelled = parents.map { ($0, LabelColumn.label(of: $0) ?? ValueText.display($0.value(at: key.index))) }
                var seen: [String: Int] = [:]
                for (_, label) in labelled { seen[label, default: 0] += 1 }
                for (parent, label) in labelled {
                    let keyText = ValueText.display(parent.value(at: key.index))
                    let text = (seen[label] ?? 0) > 1 && label != keyText ? "\(label) (\(keyText))" : label
                    cache[key.kind.toDatabase(parent.value(at: key.index))] = text
                    cache[parent.value(at: key.index)] = text
                }
            }
            for value in missing where cache[value] == nil { cache[value] = "" }
            view.labels[index] = cache
        }
        return cache
    }
}

/// Picks the column that names a row: `Name`, `Title`, `FirstName LastName`, or the first text column.
public enum LabelColumn {
    /// The label columns of `model`, or nil when it has no text column.
    public static func columns(of model: ORMModel) -> [Column]? {
        let text = model.table.columns.filter { ($0.kind == .text || $0.declaredType.isEmpty) && !$0.primaryKey }
        let lower = { (c: Column) in c.label.lowercased().replacingOccurrences(of: "_", with: "") }
        if let first = text.first(where: { lower($0) == "firstname" }), let last = text.first(where: { lower($0) == "lastname" }) {
            return [first, last]
        }
        for wanted in ["name", "title", "label", "description"] {
            if let c = text.first(where: { lower($0) == wanted }) { return [c] }
        }
        for suffix in ["name", "title"] {
            if let c = text.first(where: { lower($0).hasSuffix(suffix) }) { return [c] }
        }
        // A readable text key (`dept_name`) names the row itself, and a row keyed by several
        // columns (an enrolment: student, course, term) is named by them; another text column
        // (its grade, say) would only mislead. So would a foreign key, which names another row.
        let key = model.table.primaryKey
        if key.count > 1 || (key.count == 1 && key[0].kind == .text) { return nil }
        let foreign = Set(model.table.foreignKeys.flatMap { $0.columns.map { $0.lowercased() } }
            + model.relationships.filter { $0.kind == .toOne }.flatMap { $0.sourceColumns.map { $0.label.lowercased() } })
        return text.first { !foreign.contains($0.label.lowercased()) }.map { [$0] }
    }

    /// The label of a row, or nil: the label columns' text, or when it is NULL or empty, the next
    /// readable text column that is not a link (never `∅`).
    public static func label(of record: Record) -> String? {
        guard let columns = columns(of: record.model) else { return nil }
        let values = columns.map { record.value(at: $0.index) }
        if !values.allSatisfy(\.isNull) {
            let text = values.map(ValueText.display).joined(separator: " ")
            if !text.trimmingCharacters(in: .whitespaces).isEmpty { return text }
        }
        let links = Set(record.model.relationships.filter { $0.kind == .toOne }.flatMap { $0.sourceColumns.map(ObjectIdentifier.init) })
        for column in record.model.table.columns where (column.kind == .text || column.declaredType.isEmpty) && !column.primaryKey
            && !columns.contains(where: { $0 === column }) && !links.contains(ObjectIdentifier(column)) {
            let value = record.value(at: column.index)
            if case .text(let text) = value, !text.trimmingCharacters(in: .whitespaces).isEmpty { return ValueText.display(value) }
        }
        return nil
    }
}
