import Amigo

/// Names a row for a person, where the row's own columns cannot: a junction row (an order line,
/// a playlist entry) is named by the rows its key points at, and a one-to-one link row (a
/// student's `advisor`) by the row it leads on to.
///
/// ``LabelColumn`` picks a row's own naming columns without a query; this reads the few parent
/// rows needed (one lookup by key each, at most ``parentLimit``), so it is for one row at a time:
/// the status line's caption, the links line, a row's page.
package enum RowLabel {
    /// The most parents a composed label names.
    package static let parentLimit = 3

    /// The row's label: its own (``LabelColumn/label(of:)``), or, when it has none and its key is
    /// made of links (a junction row), the labels of the rows its key points at
    /// (`Music · For Those About To Rock`), leaving out the links whose columns are `excluding`
    /// (the way back to the row it was reached from). Nil when neither names it.
    package static func label(of record: Record, in session: Session, excluding: [Column] = []) -> String? {
        if let own = LabelColumn.label(of: record) { return own }
        let model = record.model
        let key = model.table.primaryKey
        // Only the links of its key: an order line keyed by order and product is that product of
        // that order, but an order is not its customer (naming it so would read as the customer).
        let links = model.relationships.filter { relationship in
            relationship.kind == .toOne
                && !relationship.sourceColumns.allSatisfy { column in excluding.contains { $0 === column } }
                && relationship.sourceColumns.allSatisfy { column in key.contains { $0 === column } }
        }
        var parts: [String] = []
        for relationship in links.prefix(parentLimit) {
            guard let parent = row(along: relationship, from: record, in: session), let label = LabelColumn.label(of: parent) else { continue }
            parts.append(label)
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The label of the one row a one-to-one relationship of `record` leads to: its own, or for a
    /// link row the label of the row it leads on to (a student's `advisor` → the instructor's
    /// name); nil when it leads to no row or nothing names it.
    package static func oneToOneLabel(of record: Record, along relationship: Relationship, in session: Session) -> String? {
        guard relationship.isOneToOne, let row = row(along: relationship, from: record, in: session) else { return nil }
        if let own = LabelColumn.label(of: row) { return own }
        // A link row (`advisor`: a student's key and an instructor's) leads on to the row it names.
        let back = relationship.targetColumns
        for onward in row.model.relationships where onward.kind == .toOne
            && !onward.sourceColumns.allSatisfy({ column in back.contains { $0 === column } }) {
            if let next = Self.row(along: onward, from: row, in: session), let label = LabelColumn.label(of: next) {
                return label
            }
        }
        return label(of: row, in: session, excluding: back)
    }

    /// The first row `relationship` leads to from `record`; nil when none, or when it cannot be read
    /// (a label is never worth an error).
    private static func row(along relationship: Relationship, from record: Record, in session: Session) -> Record? {
        (try? session.query(relationship.target.name).using(record).relationship(relationship.name).first()) ?? nil
    }
}
