// ViewLoader: foreign-key labels (the name of the row a key points at).

import Amigo
import Foundation

extension ViewLoader {
    // MARK: Foreign-key labels

    /// The label of the row a foreign-key cell of `view` points at (`AC/DC` for `ArtistId` 1),
    /// fetched for `rows` at once and cached in the view; for a parent with nothing to name it,
    /// the row its first named to-one leads to (`film: ACADEMY DINOSAUR`). Empty when the column
    /// is not a foreign key or neither names the row.
    func foreignKeyLabels(of view: BrowseView, column index: Int, rows: [[DatabaseValue]]) -> [DatabaseValue: String] {
        guard let model = view.model, index < view.modelColumns.count else { return [:] }
        let column = view.modelColumns[index]
        guard let relationship = model.relationships.first(where: { $0.kind == .toOne && $0.sourceColumns.count == 1 && $0.sourceColumns[0] === column }),
              let key = relationship.targetColumns.first else { return [:] }
        // A parent with nothing to name it (pagila's `inventory`: keys only) is shown by the row its
        // first named to-one leads to, with that link's name: `367 → film: ACADEMY DINOSAUR`.
        let onward = LabelColumn.columns(of: relationship.target) != nil ? nil : relationship.target.relationships.first {
            $0.kind == .toOne && $0.sourceColumns.count == 1 && $0.targetColumns.count == 1 && LabelColumn.columns(of: $0.target) != nil
        }
        guard LabelColumn.columns(of: relationship.target) != nil || onward != nil else { return [:] }
        var cache = view.labels[index] ?? [:]
        let missing = Array(Set(rows.compactMap { $0.indices.contains(index) ? $0[index] : nil }.filter { !$0.isNull && cache[$0] == nil }))
        if !missing.isEmpty {
            let filter = ValueText.keyPath(key.label) + " IN %@"
            if let parents = try? database.session.query(relationship.target.name).filter(filter, arguments: [.list(missing)]).all() {
                // A NULL label falls back to the next readable column or the key; labels equal for
                // different rows get the key added, so that `1 → product` and `8 → product` differ.
                let onwardLabels = onward.map { labels(along: $0, of: parents) } ?? [:]
                let labelled = parents.map { parent in
                    (parent, LabelColumn.label(of: parent)
                        ?? onward.flatMap { link in onwardLabels[parent.value(at: link.sourceColumns[0].index)].map { link.name + ": " + $0 } }
                        ?? ValueText.display(parent.value(at: key.index)))
                }
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

    /// The labels of the rows `link` (a to-one of `rows`' model, one column each side) leads to,
    /// by the key value the rows hold: one query for them all.
    private func labels(along link: Relationship, of rows: [Record]) -> [DatabaseValue: String] {
        let source = link.sourceColumns[0], target = link.targetColumns[0]
        let keys = Array(Set(rows.map { $0.value(at: source.index) }.filter { !$0.isNull }))
        guard !keys.isEmpty,
              let found = try? database.session.query(link.target.name).filter(ValueText.keyPath(target.label) + " IN %@", arguments: [.list(keys)]).all()
        else { return [:] }
        var labels: [DatabaseValue: String] = [:]
        for row in found {
            guard let label = LabelColumn.label(of: row) else { continue }
            labels[row.value(at: target.index)] = label
            labels[target.kind.toDatabase(row.value(at: target.index))] = label
        }
        return labels
    }
}
