import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// A row's label names that row: not a customer's name on an order, not bare codes on a junction
/// row, not a count where a one-to-one link leads to one row; and it is cut only where the screen
/// has no room for it.
@Suite struct LabelsSpec {
    private func northwind() throws -> (Explorer, String) {
        let path = try SampleDatabase.northwind.copy()
        return (try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "northwind"), path)
    }

    @Test func aColumnOfAGroupOrNamedAfterALinkedRowDoesNotNameTheRow() throws {
        let (explorer, path) = try northwind()
        defer { try? explorer.session.close(); TemporaryFile.remove(path) }
        func label(_ table: String) -> [String]? {
            explorer.amigo.models.first { $0.name == table }.flatMap { LabelColumn.columns(of: $0) }?.map(\.label)
        }
        // ShipName, ShipAddress, ShipCity …: the order's shipping address, which would read as
        // though the order were its customer.
        #expect(label("Orders") == nil)
        #expect(label("Customers") == ["CompanyName"])
        #expect(label("Products") == ["ProductName"])
        #expect(label("Employees") == ["FirstName", "LastName"])
        #expect(LabelColumn.firstWord(of: "ShipName") == "ship")
        #expect(LabelColumn.firstWord(of: "billing_city") == "billing")
        #expect(LabelColumn.firstWord(of: "Name") == nil)
    }

    @Test func aNameAfterTheRowALinkPointsAtIsNotTheLabel() throws {
        let path = TemporaryFile.path("labels")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE purchase (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(id), customer_name TEXT, note TEXT);
            INSERT INTO customer VALUES (1, 'Ada');
            INSERT INTO purchase VALUES (7, 1, 'Ada', 'gift wrap');
            """)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "labels")
        try explorer.open("purchase")
        let record = try #require(try explorer.currentRecord())
        #expect(LabelColumn.columns(of: record.model)?.map(\.label) == ["note"])
        #expect(explorer.rowCaption(record) == "purchase 7 \"gift wrap\"")
    }

    @Test func aJunctionRowIsNamedByTheRowsOfItsKey() throws {
        let (explorer, path) = try northwind()
        defer { try? explorer.session.close(); TemporaryFile.remove(path) }
        try explorer.open("Order Details")
        try explorer.get("10248,11")
        let record = try #require(try explorer.currentRecord())
        // The order has no name of its own (above); the product has.
        #expect(explorer.rowCaption(record) == "Order Details 10248,11 \"Queso Cabrales\"")
        let f = try ChinookFixture()
        try f.explorer.open("PlaylistTrack")
        try f.explorer.get("1,3402")
        let entry = try #require(try f.explorer.currentRecord())
        let playlist = try #require(try f.amigo.engine.fetchScalar("SELECT Name FROM Playlist WHERE PlaylistId = 1", []).textValue)
        #expect(RowLabel.label(of: entry, in: f.explorer.session)?.hasPrefix(playlist + " · Band Members Discuss") == true)
    }

    @Test func aOneToOneLinkShowsTheRowItLeadsToNotACount() throws {
        let path = try SampleDatabase.university.copy()
        defer { TemporaryFile.remove(path) }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "university")
        defer { try? explorer.session.close() }
        try explorer.open("student")
        let record = try #require(try explorer.currentRecord())
        let links = try #require(try explorer.rowLinks())
        let advisor = try #require(links.links.first { $0.name == "advisor" })
        let name = try explorer.session.engine.fetchScalar("""
            SELECT i.name FROM advisor a JOIN instructor i ON i.ID = a.i_ID WHERE a.s_ID = ?
            """, [record["ID"]])
        #expect(advisor.isToOne && advisor.count == nil)
        #expect(advisor.label == name.textValue)
    }

    @Test func theLinksLineShowsALongLabelWholeWhenItHasRoom() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.table, text: "Track:1")
        #expect(app.completeRowLinks())
        let wide = app.render(width: 200, height: 30)
        let line = try #require((0..<30).map { wide.line($0) }.first { $0.contains("1 album →") })
        #expect(line.contains("1 album → For Those About To Rock We Salute You "))
        // Narrow, the label is cut to what fits.
        let narrow = app.render(width: 140, height: 30)
        let cut = try #require((0..<30).map { narrow.line($0) }.first { $0.contains("1 album →") })
        #expect(cut.contains("…") && !cut.contains("We Salute You"))
    }

    /// sakila's `inventory` holds keys only: a rental's `inventory_id` is shown by the film that
    /// copy is of, named as such (`367 → film: BLANKET BEVERLY`), not bare.
    @Test func aKeyToARowWithNothingToNameItShowsTheRowItLeadsOnTo() throws {
        let path = try SampleDatabase.sakila.copy()
        defer { TemporaryFile.remove(path) }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "sakila")
        defer { try? explorer.session.close() }
        try explorer.open("rental")
        let rows = try explorer.values(in: 0..<3)
        let column = try #require(explorer.current?.columns.firstIndex(of: "inventory_id"))
        let labels = explorer.foreignKeyLabels(column: column, rows: rows)
        for row in rows {
            let title = try explorer.session.engine.fetchScalar(
                "SELECT f.title FROM inventory i JOIN film f ON f.film_id = i.film_id WHERE i.inventory_id = ?", [row[column]])
            #expect(labels[row[column]] == "film: " + (title.textValue ?? "?"))
        }
    }
}
