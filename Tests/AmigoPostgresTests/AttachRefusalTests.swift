import Amigo
import AmigoPostgres
import Foundation
import Testing

/// PostgreSQL has no attached database files: attaching and detaching are refused with a typed
/// error before anything runs, and a statement copied from the echo writes PostgreSQL's literals.
@Suite struct PostgresAttachLiteralTests {
    @Test func bytesAndSpecialRealsAreWrittenAsPostgreSQLReadsThem() {
        let dialect = PostgresDialect()
        #expect(dialect.literal(.blob([0, 255])) == #"'\x00ff'::bytea"#)
        #expect(dialect.literal(.real(-.infinity)) == "'-Infinity'::float8")
        #expect(dialect.literal("it's") == "'it''s'")
        #expect(SQLText.inlined("SELECT $2, $1", arguments: [1, "b"], dialect: dialect) == "SELECT 'b', 1")
    }
}

@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct PostgresAttachRefusalTests {
    @Test func attachAndDetachAreRefusedWithATypedError() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        let amigo = try AmigoDatabase(reflecting: try store.connect())
        let session = try amigo.openSession()
        defer { try? session.close() }
        let attach = #expect(throws: AmigoError.self) { try session.attach("/tmp/x.sqlite", as: "x") }
        #expect(attach == .attachUnsupported(dialect: "PostgreSQL"))
        #expect(attach?.description == "PostgreSQL has no attached database files: open another database in its own amigo-shell")
        #expect(throws: AmigoError.attachUnsupported(dialect: "PostgreSQL")) { try session.detach("x") }
        #expect(try session.attachedNames().isEmpty)
    }

    @Test func theInlinedStatementRunsOnTheServerAndReadsTheSameValuesBack() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        let engine = try store.connect()
        let values: [DatabaseValue] = ["o'neil\\n", 42, .blob([0, 1, 254])]
        let inlined = SQLText.inlined("SELECT ?, ?, ?", arguments: values, dialect: engine.dialect)
        #expect(try engine.fetchAll(inlined).rows == [values])
    }
}
