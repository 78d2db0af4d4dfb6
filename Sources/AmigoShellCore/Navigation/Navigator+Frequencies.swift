// Navigator: value profiles of the current view (`F`, `freq`) and Enter on one of their lines.

import Amigo

extension Navigator {
    /// The current view's value profile of `column` (a name, a to-one path, or
    /// `relationship.@count`): the most frequent values first, up to ``frequencyLimit`` (or
    /// ranges, or buckets of counts), a foreign key's values with their parents' labels.
    package func valueProfile(of column: String) throws -> ValueProfile {
        guard let view = current, view.isModelView, let model = view.model else { throw ShellError.noView(command: "freq") }
        // A scan of every row of the table: its count is the total when the view is the whole table.
        var total: Int?
        if case .table = view.source, view.filter == nil, view.countIsExact { total = view.totalCount }
        var profile = try database.scanning("profiling \(column)", total: total) {
            try view.query(in: session).valueProfile(of: column, limit: Navigator.frequencyLimit)
        }
        if let via = profile.labelledBy { profile.labels = parentLabels(of: profile.values.map(\.value), via: via, in: model) }
        return profile
    }

    /// The labels of the rows that `values` of the foreign key of `via` point at (`1` → `Rock`).
    func parentLabels(of values: [DatabaseValue], via: String, in model: ORMModel) -> [DatabaseValue: String] {
        guard let relationship = model.relationship(named: via), let key = relationship.targetColumns.first,
              LabelColumn.columns(of: relationship.target) != nil else { return [:] }
        let keys = values.filter { !$0.isNull }
        guard !keys.isEmpty,
              let parents = try? session.query(relationship.target.name).filter(ValueText.keyPath(key.label) + " IN %@", arguments: [.list(keys)]).all()
        else { return [:] }
        var labels: [DatabaseValue: String] = [:]
        for parent in parents {
            guard let label = LabelColumn.label(of: parent) else { continue }
            let value = parent.value(at: key.index)
            labels[value] = label
            labels[key.kind.toDatabase(value)] = label
        }
        return labels
    }

    /// Enter on a line of the frequencies (`F`, `freq`): ANDs the filter that keeps its rows
    /// (``FrequencyFilter``) onto the current filter, as a facet does.
    package func keepRows(of line: ValueCount, in profile: ValueProfile) throws {
        guard let view = current, view.isModelView, let model = view.model else { throw ShellError.noView(command: "freq") }
        let term = try FrequencyFilter.term(for: line, of: profile, model: model)
        try setFilter(view.filter.map { "(\($0)) AND \(term)" } ?? term)
    }
}
