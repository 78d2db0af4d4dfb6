// SchemaDescriber: the schema as text — DDL, keys, indexes, relationships and comments.

import Amigo
import Foundation

/// Describes the reflected schema as `schema` and `.indexes` write it: each table's DDL (as the
/// database keeps it, as its catalog defines it, or as Amigo would create it), its keys,
/// indexes, relationships and comments.
struct SchemaDescriber {
    /// The database described.
    let database: BrowsedDatabase

    /// The names of `table`'s indexes, or of every table's, as reflected (sqlite3's `.indexes`).
    func indexNames(of table: String?) throws -> [String] {
        let models = try table.map { [try database.amigo.model(named: $0)] } ?? database.amigo.models.filter { !$0.name.isEmpty }
        return models.flatMap { $0.table.indexes.map(\.label) }
    }

    /// DDL, keys, indexes and relationships of `table`, or of every table.
    func schemaText(_ table: String?) throws -> String {
        if let table {
            let model = try database.amigo.model(named: table)
            if let reason = model.table.unreadableReason {
                return (model.table.sql ?? model.name) + "\n-- cannot be read: \(reason)"
            }
            var lines = [try tableDefinition(model)]
            lines += SchemaDescriber.commentLines(model.table)
            let pk = model.table.primaryKey.map(\.label)
            lines.append("-- primary key: " + (pk.isEmpty ? (model.table.hasRowID ? "rowid" : "none") : pk.joined(separator: ", ")))
            for fk in model.table.foreignKeys {
                lines.append("-- foreign key: (\(fk.columns.joined(separator: ", "))) → \(fk.referencedTable)(\(fk.referencedColumns.joined(separator: ", ")))")
            }
            for index in model.table.indexes {
                lines.append("-- index: \(index.label)\(index.unique ? " unique" : "") (\(index.columns.joined(separator: ", ")))")
            }
            let generated = model.table.columns.filter(\.isGenerated).map(\.label)
            if !generated.isEmpty { lines.append("-- generated (read-only): " + generated.joined(separator: ", ")) }
            for relationship in model.relationships { lines.append("-- relationship: " + relationship.summary) }
            for warning in database.amigo.reflectionWarnings where warning.hasPrefix(model.name + ":") { lines.append("-- warning: \(warning)") }
            return lines.joined(separator: "\n")
        }
        // SQLite keeps each table's DDL; other engines' tables are written as this program would create them.
        var lines = ["-- \(database.displayPath)"]
        if database.isSQLite {
            lines += ["-- user_version: \(try SQLiteCatalog(engine: database.amigo.engine).userVersion())", "-- SQLite \(SQLiteEngine.sqliteVersion)"]
        } else {
            lines.append("-- tables as the server's catalog defines them (as pg_dump writes them), views as defined")
        }
        for model in database.amigo.models where !model.name.isEmpty {
            let ddl = try tableDefinition(model)
            lines.append(ddl + (ddl.hasSuffix(";") ? "" : ";"))
            lines += SchemaDescriber.commentLines(model.table)
        }
        // The map of how the tables connect, one relationship a line, after the DDL.
        let relationships = database.amigo.models.filter { !$0.name.isEmpty }.flatMap { model in
            model.relationships.map { "-- \(model.name).\($0.summary)" }
        }
        if !relationships.isEmpty { lines.append("-- relationships:") }
        lines += relationships
        for warning in database.amigo.reflectionWarnings { lines.append("-- warning: \(warning)") }
        return lines.joined(separator: "\n")
    }

    /// The DDL of `model`'s table: as the database keeps it (SQLite), as its catalog defines it
    /// (PostgreSQL), else as Amigo would create it.
    func tableDefinition(_ model: ORMModel) throws -> String {
        if let sql = model.table.sql { return sql }
        if let ddl = try database.amigo.engine.unechoed({ try database.amigo.engine.schemaCatalog.definition(ofTable: model.name) }) { return ddl }
        return SchemaCompiler(dialect: database.amigo.engine.dialect).createTable(model.table)
    }

    /// The database's comments on `table` and its columns (PostgreSQL's `COMMENT ON`) as SQL
    /// comment lines: `-- comment: …`, `-- comment on Name: …`; a comment's further lines stay
    /// comments. None for a table without (every SQLite table).
    static func commentLines(_ table: Table) -> [String] {
        func line(_ prefix: String, _ text: String) -> String {
            prefix + text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\n--   ")
        }
        var lines: [String] = []
        if let comment = table.comment { lines.append(line("-- comment: ", comment)) }
        for column in table.columns {
            if let comment = column.comment { lines.append(line("-- comment on \(column.label): ", comment)) }
        }
        return lines
    }
}
