import Foundation

/// Makes a table of a data file (``DataFile``: CSV, TSV, JSON): each column typed INTEGER, REAL
/// or TEXT from its values (``InferredType``: empty values are NULL, mixed numbers REAL, anything
/// else TEXT), then every row inserted with one prepared INSERT in one transaction.
///
/// Delimited files are read twice, streamed (once to check them and infer the types, once to
/// insert), so memory stays flat for any size; a JSON file is read whole. Every problem that
/// would stop the import is found before the table is created, and anything failing later rolls
/// the transaction back: the table is made complete or not at all.
///
/// For example, `people.csv` holding `id,name,score` / `1,Ada,9.5` / `2,Tim,` becomes:
///
///     let result = try TypedImport.importFile(DataFile(path: "people.csv")!, into: engine)
///     // BEGIN
///     // CREATE TABLE "people" ("id" INTEGER NULL, "name" TEXT NULL, "score" REAL NULL)
///     // INSERT INTO "people" ("id", "name", "score") VALUES (?, ?, ?)   -- once per row
///     // COMMIT
///     result.rowCount   // 2
package enum TypedImport {
    /// A column the import created.
    public struct Column: Sendable, Equatable {
        /// Its name (made unique and non-empty from the header).
        public let name: String
        /// Its type: ``ColumnKind/integer``, ``ColumnKind/real`` or ``ColumnKind/text``.
        public let kind: ColumnKind
    }

    /// What an import made.
    public struct Result: Sendable, Equatable {
        /// The table's name.
        public let table: String
        /// Its columns, in the file's order.
        public let columns: [Column]
        /// The rows inserted.
        public let rowCount: Int
        /// What the reader should know about the file (one line each): columns renamed, short
        /// rows padded with NULL, bytes that were not UTF-8.
        public let notes: [String]
    }

    /// What the first pass found: the table to create and what to say about it.
    struct Plan {
        var names: [String]
        var types: [InferredType]
        var rowCount = 0
        var notes: [String] = []
        /// Whether some value is not valid UTF-8 (the insert then repairs such values).
        var repairsUTF8 = false
    }

    /// Creates the table `table` (the file's stem by default) in `engine` from `file` and fills it.
    ///
    /// - Throws: ``DataFileError`` when the file cannot be read, is empty, is not rows (a record
    ///   longer than the header, an unclosed quote, JSON that is not objects), has more columns
    ///   than a table may, or when `engine` has a table of that name already; an
    ///   ``AmigoError/database(_:)`` when the database refuses. Nothing is created then.
    @discardableResult
    package static func importFile(_ file: DataFile, into engine: any Engine, table: String? = nil) throws -> Result {
        let table = table ?? file.tableName
        if try engine.schemaCatalog.entries().contains(where: { $0.name.lowercased() == table.lowercased() }) {
            throw DataFileError.tableExists(table: table, database: engine.path)
        }
        let columnLimit = (engine as? SQLiteEngine)?.columnLimit
        switch file.format {
        case .csv, .tsv:
            let reader = DelimitedFileReader(path: file.path, separator: UInt8(ascii: file.format == .tsv ? "\t" : ","))
            let plan = try survey(reader, file: file, columnLimit: columnLimit)
            try create(table, plan, in: engine) { run in
                var isHeader = true
                try reader.forEachRecord { record in
                    if isHeader { isHeader = false; return }
                    _ = try run { binder in bind(record, columns: plan.names.count, repairing: plan.repairsUTF8, to: &binder) }
                }
            }
            return Result(table: table, columns: columns(plan), rowCount: plan.rowCount, notes: plan.notes)
        case .json, .jsonLines:
            let reader = try JSONRecordReader(path: file.displayName, bytes: readWholeFile(file.path), oneObjectALine: file.format == .jsonLines)
            var order: [String: Int] = [:]
            var keys: [String] = []
            var types: [InferredType] = []
            for record in reader.records {
                for (key, value) in record {
                    let index = order[key] ?? {
                        order[key] = keys.count
                        keys.append(key)
                        types.append(.empty)
                        return keys.count - 1
                    }()
                    types[index] = max(types[index], inferredType(of: value))
                }
            }
            var plan = Plan(names: ColumnNames.unique(keys), types: types, rowCount: reader.records.count)
            try check(&plan, header: keys, file: file, columnLimit: columnLimit)
            if let line = reader.firstInvalidUTF8Line { plan.notes.append(invalidUTF8Note(file, count: reader.invalidUTF8Count, line: line)) }
            try create(table, plan, in: engine) { run in
                var row = [DatabaseValue](repeating: .null, count: keys.count)
                for record in reader.records {
                    for index in row.indices { row[index] = .null }
                    for (key, value) in record { row[order[key]!] = value }
                    _ = try run { binder in for value in row { binder.bind(value) } }
                }
            }
            return Result(table: table, columns: columns(plan), rowCount: plan.rowCount, notes: plan.notes)
        }
    }

    private static func columns(_ plan: Plan) -> [Column] {
        zip(plan.names, plan.types).map { Column(name: $0, kind: $1.columnKind) }
    }

    private static func inferredType(of value: DatabaseValue) -> InferredType {
        switch value {
        case .null: return .empty
        case .integer: return .integer
        case .real: return .real
        case .text, .blob: return .text
        }
    }

    /// The first pass over a delimited file: the header, each column's type, the row count,
    /// and every problem that would stop the import.
    static func survey(_ reader: DelimitedFileReader, file: DataFile, columnLimit: Int?) throws -> Plan {
        var header: [String]?
        var types: [InferredType] = []
        var rows = 0, shortRows = 0, firstShortLine = 0, invalidUTF8 = 0, firstInvalidLine = 0
        try reader.forEachRecord { record in
            guard header != nil else {
                header = (0..<record.count).map(record.text)
                types = Array(repeating: .empty, count: record.count)
                if let columnLimit, record.count > columnLimit {
                    throw DataFileError.tooManyColumns(path: file.displayName, columns: record.count, limit: columnLimit)
                }
                return
            }
            guard record.count <= types.count else {
                throw DataFileError.tooManyFields(path: file.displayName, line: record.line, fields: record.count, columns: types.count)
            }
            rows += 1
            if record.count < types.count {
                shortRows += 1
                if shortRows == 1 { firstShortLine = record.line }
            }
            for index in 0..<record.count where types[index] != .text {
                let type = InferredType.of(record.field(index))
                if type > types[index] { types[index] = type }
            }
            if record.hasNonASCII {
                for index in 0..<record.count where String(validating: record.field(index), as: UTF8.self) == nil {
                    invalidUTF8 += 1
                    if invalidUTF8 == 1 { firstInvalidLine = record.line }
                }
            }
        }
        guard let header else { throw DataFileError.empty(path: file.displayName) }
        var plan = Plan(names: ColumnNames.unique(header), types: types, rowCount: rows)
        try check(&plan, header: header, file: file, columnLimit: columnLimit)
        if shortRows > 0 {
            plan.notes.append("\(file.displayName): \(shortRows) row\(shortRows == 1 ? " has" : "s have") fewer fields than the header "
                              + "(the first on line \(firstShortLine)); the missing values are NULL")
        }
        if invalidUTF8 > 0 {
            plan.notes.append(invalidUTF8Note(file, count: invalidUTF8, line: firstInvalidLine))
            plan.repairsUTF8 = true
        }
        return plan
    }

    /// Checks the column count against the limit and notes the columns that were renamed.
    private static func check(_ plan: inout Plan, header: [String], file: DataFile, columnLimit: Int?) throws {
        if let columnLimit, plan.names.count > columnLimit {
            throw DataFileError.tooManyColumns(path: file.displayName, columns: plan.names.count, limit: columnLimit)
        }
        let renamed = zip(header, plan.names).filter { $0 != $1 }.map(\.1)
        if !renamed.isEmpty {
            plan.notes.append("\(file.displayName): columns without a name or with one used before were named "
                              + renamed.prefix(10).joined(separator: ", ") + (renamed.count > 10 ? " …" : ""))
        }
    }

    private static func invalidUTF8Note(_ file: DataFile, count: Int, line: Int) -> String {
        "\(file.displayName): \(count) value\(count == 1 ? " is" : "s are") not valid UTF-8 (the first on line \(line)); "
            + "each bad byte was read as U+FFFD"
    }

    /// Binds one record's fields: an empty or missing field NULL, the rest their text (SQLite's
    /// column affinity stores an INTEGER or REAL column's text as the number).
    @inline(__always)
    private static func bind(_ record: DelimitedRecord, columns: Int, repairing: Bool, to binder: inout StatementBinder) {
        for index in 0..<columns {
            guard index < record.count else { binder.bindNull(); continue }
            let field = record.field(index)
            if field.isEmpty {
                binder.bindNull()
            } else if repairing && record.hasNonASCII && String(validating: field, as: UTF8.self) == nil {
                binder.bind(String(decoding: field, as: UTF8.self))
            } else {
                binder.bindText(utf8: field)
            }
        }
    }

    /// Creates the table of `plan` and runs `insert` with its prepared INSERT, in one transaction.
    private static func create(_ table: String, _ plan: Plan, in engine: any Engine, insert: (PreparedWrite) throws -> Void) throws {
        let definition = Table(table, columns: zip(plan.names, plan.types).map { Amigo.Column($0, kind: $1.columnKind) })
        try engine.inTransaction {
            try engine.execute(SchemaCompiler(dialect: engine.dialect).createTable(definition, ifNotExists: false), [])
            try engine.withPreparedWrite(engine.dialect.insert(into: table, columns: plan.names), insert)
        }
    }

    /// The bytes of the file at `path`.
    ///
    /// - Throws: ``DataFileError/unreadable(path:reason:)`` with the system's reason.
    static func readWholeFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw DataFileError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DataFileError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
