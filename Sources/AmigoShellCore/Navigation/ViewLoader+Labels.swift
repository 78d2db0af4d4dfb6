// ViewLoader: foreign-key labels (the name of the row a key points at).

import Amigo
import Foundation

extension ViewLoader {
    // MARK: Foreign-key labels

    /// The label of the row a foreign-key cell of `view` points at (`AC/DC` for `ArtistId` 1),
    /// fetched for `rows` at once and cached in the view. Empty when the column is not a foreign
    /// key or the parent has no text column to show.
    func foreignKeyLabels(of view: BrowseView, column index: Int, rows: [[DatabaseValue]]) -> [DatabaseValue: String] {
        guard let model = view.model, index < view.modelColumns.count else { return [:] }
        let column = view.modelColumns[index]
        guard let relationship = model.relationships.first(where: { $0.kind == .toOne && $0.sourceColumns.count == 1 && $0.sourceColumns[0] === column }),
              LabelColumn.columns(of: relationship.target) != nil, let key = relationship.targetColumns.first else { return [:] }
        var cache = view.labels[index] ?? [:]
        let missing = Array(Set(rows.compactMap { $0.indices.contains(index) ? $0[index] : nil }.filter { !$0.isNull && cache[$0] == nil }))
        if !missing.isEmpty {
            let filter = ValueText.keyPath(key.label) + " IN %@"
            if let parents = try? database.session.query(relationship.target.name).filter(filter, arguments: [.list(missing)]).all() {
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
