import Amigo
import Foundation

/// Picks the column that names a row: `Name`, `Title`, `FirstName LastName`, or the first text column.
package enum LabelColumn {
    /// The label columns of `model`, or nil when it has no text column.
    public static func columns(of model: ORMModel) -> [Column]? {
        let lower = { (c: Column) in c.label.lowercased().replacingOccurrences(of: "_", with: "") }
        let firstWords = model.table.columns.map { firstWord(of: $0.label) }
        let linked = Set(model.relationships.filter { $0.kind == .toOne }.flatMap { [$0.name, $0.target.name] }
            .map { $0.lowercased().replacingOccurrences(of: "_", with: "") })
        /// Whether a column describes something else than the row: one of three or more columns
        /// starting with the same word (`ShipName`, `ShipCity`, `ShipAddress`: an order's shipping
        /// address; `billing_*`) or starting with the name of a row it links to (`customer_name`
        /// beside a `customer` link).
        func describesAnother(_ column: Column) -> Bool {
            guard let word = firstWord(of: column.label) else { return false }
            if linked.contains(where: { $0 == word || $0 == word + "s" || $0 + "s" == word }) { return true }
            return firstWords.filter { $0 == word }.count >= 3
        }
        let text = model.table.columns.filter {
            ($0.kind == .text || $0.declaredType.isEmpty) && !$0.primaryKey && !describesAnother($0)
        }
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
    package static func label(of record: Record) -> String? {
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

    /// The first word of a column name of two words or more, lowercased (`ship` in `ShipName` and
    /// `ship_name`); nil for a name of one word.
    static func firstWord(of name: String) -> String? {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            if character == "_" || character == " " || character == "-" {
                if !current.isEmpty { words.append(current); current = "" }
            } else if character.isUppercase, let previous, previous.isLowercase, !current.isEmpty {
                words.append(current); current = String(character)
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.count >= 2 ? words[0].lowercased() : nil
    }
}
