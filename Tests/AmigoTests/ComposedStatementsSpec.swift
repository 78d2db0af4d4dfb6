import Testing
@testable import Amigo

/// The statements the library composes outside a SELECT value — counts, a table's columns,
/// imported rows, subquery conditions, value frequencies, and the DDL of a schema sync — are
/// the dialect's text: quotes and placeholders change with it, and nothing else has to.
@Suite struct ComposedStatementsSpec {
    let sqlite = SQLiteDialect()
    let other = SQLDialectSpec.OtherDialect()

    @Test func countsColumnsAndImportedRows() {
        #expect(sqlite.countRows(of: "Track") == #"SELECT count(*) FROM "Track""#)
        #expect(other.countRows(of: "book", where: "`author_id` = $?") == "SELECT count(*) FROM `book` WHERE `author_id` = $?")
        #expect(sqlite.columnsOnly(of: "people") == #"SELECT * FROM "people" LIMIT 0"#)
        #expect(other.insertRow(into: "people", valueCount: 3) == "INSERT INTO `people` VALUES ($?, $?, $?)")
        #expect(SchemaCompiler(dialect: other).createTable("people", textColumns: ["name", "age"])
                == "CREATE TABLE `people`(\n`name` TEXT, `age` TEXT)")
    }

    @Test func subqueryConditionsNameTheirSourceAndAliasOnlyWhenGiven() {
        #expect(sqlite.inSubquery(#""artist_id""#, selecting: #""id""#, from: "artist", where: #""id" > ?"#)
                == #""artist_id" IN (SELECT "id" FROM "artist" WHERE "id" > ?)"#)
        #expect(other.inSubquery("`t`.`id`", selecting: "`l`.`tag_id`", from: "post_tag", alias: "l", where: "`l`.`post_id` = $?")
                == "`t`.`id` IN (SELECT `l`.`tag_id` FROM `post_tag` AS `l` WHERE `l`.`post_id` = $?)")
        #expect(sqlite.existsSubquery(from: "post_tag", where: "a = b") == #"EXISTS (SELECT 1 FROM "post_tag" WHERE a = b)"#)
        #expect(other.existsSubquery(from: "post_tag", alias: "l", where: "a = b") == "EXISTS (SELECT 1 FROM `post_tag` AS `l` WHERE a = b)")
    }

    @Test func aBoundedQueryIsASubqueryWhoseValueIsNamed() {
        let from = other.fromSubquery("SELECT " + other.named("`g`", "value") + " FROM `t` LIMIT 5", alias: "bounded")
        #expect(from == "FROM (SELECT `g` AS `value` FROM `t` LIMIT 5) AS bounded")
    }

    @Test func theSchemaSyncsDDLIsTheCompilers() {
        let compiler = SchemaCompiler(dialect: other)
        let table = Table("dog", columns: [Column("id", type: Int.self, primaryKey: true), Column("name", type: String.self, optional: false)])
        #expect(compiler.createTable(table, ifNotExists: false, named: "dog_amigo_sync").hasPrefix("CREATE TABLE `dog_amigo_sync` (\n"))
        #expect(compiler.addColumn(Column("breed", type: String.self), to: "dog") == "ALTER TABLE `dog` ADD COLUMN `breed` TEXT NULL")
        #expect(compiler.dropColumn("breed", from: "dog") == "ALTER TABLE `dog` DROP COLUMN `breed`")
        #expect(compiler.setNullability(of: "name", in: "dog", optional: true) == "ALTER TABLE `dog` ALTER COLUMN `name` DROP NOT NULL")
        #expect(compiler.setNullability(of: "name", in: "dog", optional: false) == "ALTER TABLE `dog` ALTER COLUMN `name` SET NOT NULL")
        #expect(compiler.renameTable("dog_amigo_sync", to: "dog") == "ALTER TABLE `dog_amigo_sync` RENAME TO `dog`")
        #expect(compiler.copyRows(from: "dog", to: "dog_amigo_sync", columns: ["id", "name"])
                == "INSERT INTO `dog_amigo_sync` (`id`, `name`) SELECT `id`, `name` FROM `dog`")
        #expect(compiler.createIndexes(of: table) == "")
    }
}
