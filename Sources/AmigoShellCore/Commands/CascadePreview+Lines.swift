import Amigo

/// A delete's preview as the shell shows it.
extension CascadePreview {
    /// Lines for people: `also deletes 2 rows of Album (ON DELETE CASCADE)` …, or nothing.
    public var lines: [String] {
        var lines = cascaded.map { "also deletes \(Plural.count($0.count, "row")) of \($0.table) (ON DELETE CASCADE)" }
        lines += nulled.map { "sets the foreign key of \(Plural.count($0.count, "row")) of \($0.table) to NULL (ON DELETE SET NULL)" }
        lines += restrictions.map {
            "will fail: \(Plural.count($0.count, "row")) of \($0.table) still refer to it through \($0.table)(\($0.columns.joined(separator: ", "))) → \($0.parent) (ON DELETE \($0.action))"
        }
        return lines
    }
}
