/// A column of a query's result, as an engine describes it before the rows: its name and the
/// ``ValueForm`` of its values.
public struct ResultColumn: Sendable, Hashable {
    /// The column's name in the result.
    public var name: String
    /// How its values are written (``ValueForm/plain`` for every SQLite column).
    public var form: ValueForm

    /// A result column named `name` whose values have the form `form`.
    public init(name: String, form: ValueForm = .plain) {
        self.name = name
        self.form = form
    }
}
