import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// Find matches a row's label as shown — a label of first and last name is found as one text —
/// besides every column (issue 24, point 6).
@Suite struct FindByLabelSpec {
    @Test("a first and last name typed together finds the row labelled so, which no one column holds")
    func aTwoColumnLabelIsFoundAsShown() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.execute(.open("Employee"))
        let found = try f.explorer.find("steve johnson", column: nil)
        #expect(found.hasPrefix("found 'steve johnson' in any column: row 5 of 8"), "\(found)")
        #expect(try f.explorer.currentRecord()?["EmployeeId"] == .integer(5))
        // One word is still looked for in every column (a last name).
        _ = try f.explorer.execute(.open("Customer"))
        _ = try f.explorer.find("gonçalves", column: nil)
        #expect(try f.explorer.currentRecord()?["CustomerId"] == .integer(1))
        // Words in no label column: nothing, said as such.
        #expect(throws: ShellError.self) { try f.explorer.find("steve nobody", column: nil) }
    }

    @Test("in a view sorted by a computed value (read row by row) the label is matched as shown too, and the wrap-around comes back to the current row")
    func theLabelInAComputedOrder() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.execute(.open("Employee"))
        _ = try f.explorer.execute(.order(column: "customers.@count", descending: true))
        // Jane Peacock has the most customers: she is the current row, found again after wrapping
        // around (as the keyset search does).
        let found = try f.explorer.find("jane peacock", column: nil)
        #expect(found.contains("row 1 of 8 (wrapped around)"), "\(found)")
        #expect(try f.explorer.currentRecord()?["EmployeeId"] == .integer(3))
        _ = try f.explorer.find("margaret park", column: nil)
        #expect(try f.explorer.currentRecord()?["EmployeeId"] == .integer(4))
    }

    @Test("the condition: each word in one of the label's columns; none for a one-column label or one word")
    func theCondition() throws {
        let f = try ChinookFixture()
        let employee = try f.explorer.amigo.model(named: "Employee")
        let label = try #require(RowFinder.labelSearch("gina de", model: employee))
        #expect(label.condition == "((FirstName CONTAINS[c] %@ OR LastName CONTAINS[c] %@) AND (FirstName CONTAINS[c] %@ OR LastName CONTAINS[c] %@))")
        #expect(label.arguments == [.value(.text("gina")), .value(.text("gina")), .value(.text("de")), .value(.text("de"))])
        #expect(RowFinder.labelSearch("gina", model: employee) == nil)
        #expect(RowFinder.labelSearch("two words", model: try f.explorer.amigo.model(named: "Genre")) == nil)
    }
}
