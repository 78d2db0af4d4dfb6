import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Errors say what happened, in the user's terms.
@Suite struct ClearErrorsSpec {
    @Test func quotedNamesMayDoubleTheirQuote() throws {
        #expect(CommandParser.unquote(#""a""b""#) == #"a"b"#)
        #expect(CommandParser.unquote("`x``y`") == "x`y")
        #expect(CommandParser.unquote("'it''s'") == "it's")
        #expect(CommandParser.unquote("[a b]") == "a b")
        #expect(try CommandParser.parse(#"open "a""b""#) == .open(#"a"b"#))
    }

    @Test func aPlaceholderTypedInTheShellSaysToWriteTheValue() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Genre")
        #expect(throws: ShellError.placeholderInFilter) {
            try f.explorer.run("filter Name = %@")
        }
    }

    @Test func aFileReplacedWhileOpenIsSaidSoAndWritesToItExplainWhy() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Genre")
        _ = try f.explorer.run("get 1")
        let aside = f.path + ".aside"
        try FileManager.default.moveItem(atPath: f.path, toPath: aside)
        defer { try? FileManager.default.removeItem(atPath: aside) }
        try FileManager.default.copyItem(atPath: aside, toPath: f.path)
        #expect(f.explorer.fileReplacedElsewhere)
        #expect(f.explorer.refreshIfChangedElsewhere())
        #expect(f.explorer.takeNotice()?.contains("was moved, replaced or deleted by another program") == true)
        do {
            _ = try f.explorer.run("set Name = 'x'")
            _ = try f.explorer.run("commit")
            Issue.record("the write to a moved file succeeded")
        } catch {
            #expect(ErrorText.describe(error).contains("the database file was moved, replaced or deleted while open"), "\(ErrorText.describe(error))")
        }
    }

    @Test func typedShellErrorsReadAsOneLineNamingTheCommandAndWhatWentWrong() {
        #expect(ShellError.readOnlyDatabase(command: "insert", path: "chinook.sqlite").description
                == "insert: chinook.sqlite is open read-only (--read-only or a read-only file); nothing is written")
        #expect(ShellError.noRowWithKey(command: "get", table: "Album", key: "1,2").description == "get: no Album row with key 1,2")
        #expect(ShellError.noMatch(command: "find", place: "in Name", text: "zzz").description == "find: no row in Name contains 'zzz'")
        #expect(ShellError.sqlResult(command: "order", instead: "cannot be sorted; add ORDER BY").description
                == "order: a sql result cannot be sorted; add ORDER BY")
        #expect(ShellError.viewNotEditable(command: "delete", view: "AlbumTitle").description == "delete: AlbumTitle is a view; its rows cannot be changed")
        #expect(ShellError.keyColumnNotEditable(command: "set", column: "Id", table: "T").description
                == "set: Id is part of T's primary key and cannot be edited")
        #expect(ShellError.badValue(column: "Milliseconds", reason: "no value given").description == "Milliseconds: no value given")
        #expect(ShellError.writeRefused(command: "delete all", reason: "the view has 3 rows, not 4; nothing was deleted").description
                == "delete all: the view has 3 rows, not 4; nothing was deleted")
        #expect(ShellError.textModeOnly(command: "mode").description == "mode: only in text mode (-c, or commands on standard input)")
        #expect(ShellError.unreadableTable(command: "open", table: "fts", reason: "no such module: fts9").description == "open: fts cannot be read: no such module: fts9")
        #expect(ShellError.noSuchTable("zz").description == "no table or view matches 'zz'")
        #expect(ShellError.nullLink(column: "ReportsTo", target: "Employee").description == "ReportsTo is NULL: no Employee to jump to")
        #expect(ShellError.notANumber(column: "Milliseconds", value: "abc").description
                == "Milliseconds holds numbers: abc is not one (type a number, NULL, or quote text to store it anyway)")
        #expect(ShellError.constraintViolated(command: "insert", detail: "UNIQUE constraint failed: Genre.Name (Name = 'Rock')").description
                == "insert: UNIQUE constraint failed: Genre.Name (Name = 'Rock'); nothing was changed by it, earlier changes are kept")
        #expect(ShellError.notAWrite(command: "count").description == "count does not write")
    }

    /// Database errors are explained by their kind, whichever engine reported them: the shell
    /// reads no code number and no message text.
    @Test func databaseErrorsAreExplainedByTheirKind() {
        func text(_ error: DatabaseError) -> String { ErrorText.describe(AmigoError.database(error)) }
        #expect(text(DatabaseError(code: 5, message: "database is locked"))
                == "SQLite error 5 (database is locked): database is locked — the database is locked by another connection")
        #expect(text(DatabaseError(code: 8, extendedCode: 1544, message: "attempt to write a readonly database"))
                == "SQLite error 8 (attempt to write a readonly database): attempt to write a readonly database — the folder of the database cannot be written (SQLite keeps its journal beside the file)")
        #expect(text(DatabaseError(code: 1, message: "no such table: nope")) == "SQLite error 1 (SQL logic error): no such table: nope")
        // A server's read-only transaction is not a file: its message says it all.
        #expect(text(DatabaseError(sqlState: "25006", message: "cannot execute INSERT in a read-only transaction", system: "PostgreSQL"))
                == "PostgreSQL error 25006: cannot execute INSERT in a read-only transaction")
        #expect(text(DatabaseError(sqlState: "55P03", message: "could not obtain lock on row in relation \"t\"", system: "PostgreSQL"))
                == "PostgreSQL error 55P03: could not obtain lock on row in relation \"t\" — the database is locked by another connection")
    }
}
