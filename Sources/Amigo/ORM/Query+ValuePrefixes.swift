// Query: reading bounded prefixes of long values (what a grid of rows needs), with their full sizes.

extension Query {
    /// Reads at most `maxLength` characters of each text value and `maxLength` bytes of each
    /// blob, so that rows of megabyte cells cost a few kilobytes each; the records built know which
    /// values they hold only a prefix of, and the whole value's size (``Record/fullSize(at:)``).
    ///
    ///     let rows = try session.query("Document").prefixingValues(to: 1024).limit(100).all()
    ///     rows[0].fullSize(at: 2)   // 5_000_000: the Body column was cut to its first 1,024 characters
    ///
    /// The primary key, foreign keys and the columns named in `except` (case-insensitive; the
    /// columns a keyset seeks from, say) are always read whole. A record that holds a prefix
    /// refuses to be written in a way that would store it (see ``AmigoError/partialValue(model:column:operation:)``):
    /// read the row again by key to edit or copy it.
    public func prefixingValues(to maxLength: Int, except: [String] = []) -> Query {
        var copy = self
        copy.valuePrefix = ValuePrefix(maxLength: Swift.max(1, maxLength), wholeColumns: Set(except.map { $0.lowercased() }))
        return copy
    }
}

/// How much of each long value a query reads (see ``Query/prefixingValues(to:except:)``).
struct ValuePrefix: Equatable {
    /// Characters of text, bytes of a blob.
    let maxLength: Int
    /// Lower-cased names of columns read whole whatever their length.
    let wholeColumns: Set<String>

    /// Where the full size of a cut column is in a result row.
    struct SizeColumn: Equatable {
        /// The column's index in the model.
        let column: Int
        /// The result column holding its full size (NULL when the value was not cut).
        let result: Int
    }

    /// The model's columns that may be cut: not a key, not a foreign key, not asked to be whole,
    /// and of a kind the dialect can cut.
    func cutColumns(of model: ORMModel, dialect: any SQLDialect) -> [Column] {
        let linking = Set(model.relationships.filter(\.isToOne).flatMap { $0.sourceColumns.map(\.index) })
        return model.table.columns.filter { column in
            !column.primaryKey && column.foreignKey == nil && !linking.contains(column.index)
                && !wholeColumns.contains(column.label.lowercased())
                && dialect.valuePrefix(of: "", column: column, maxLength: maxLength) != nil
        }
    }

    /// The select list of the model's columns under `alias`, cut columns as prefixes, and the
    /// expressions of the cut columns' full sizes (in ``cutColumns(of:dialect:)``'s order).
    func selectList(of model: ORMModel, alias: String, dialect: any SQLDialect) -> (list: String, sizes: [String]) {
        let cut = Set(cutColumns(of: model, dialect: dialect).map(\.index))
        let prefix = dialect.quote(alias) + "."
        var values: [String] = []
        var sizes: [String] = []
        for column in model.table.columns {
            let qualified = prefix + dialect.quote(column.label)
            if cut.contains(column.index), let expressions = dialect.valuePrefix(of: qualified, column: column, maxLength: maxLength) {
                values.append(expressions.value + " AS " + dialect.quote(column.label))
                sizes.append(expressions.fullSize)
            } else {
                values.append(qualified)
            }
        }
        return (values.joined(separator: ", "), sizes)
    }
}
