import Foundation
import AmigoTestSupport
import Testing
@testable import Amigo

/// Reflection of northwind, sakila and university (no README on purpose): every assertion compares
/// with what SQLite itself reports (sqlite_schema, the pragma table functions, plain SQL counts).
@Suite struct ReflectionSampleDatabasesSpec {
    static let others: [SampleDatabase] = [.northwind, .sakila, .university]

    /// One foreign key as `pragma_foreign_key_list` reports it, grouped by constraint id.
    struct ReportedForeignKey: Hashable {
        var child: String, parent: String, from: [String], to: [String]
    }

    static func reportedForeignKeys(_ engine: any Engine) throws -> [ReportedForeignKey] {
        var keys: [String: ReportedForeignKey] = [:]
        try engine.fetch("""
            SELECT m.name, f.id, f."table", f."from", f."to" FROM sqlite_schema m, pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq
            """, []) { row in
            let key = row.string(at: 0) + "#" + String(row.int64(at: 1))
            keys[key, default: ReportedForeignKey(child: row.string(at: 0), parent: row.string(at: 2), from: [], to: [])].from.append(row.string(at: 3))
            keys[key]?.to.append(row.string(at: 4))
            return true
        }
        return Array(keys.values)
    }

    // MARK: What sqlite3 reports

    @Test(arguments: [(SampleDatabase.northwind, 13, 17), (.sakila, 16, 5), (.university, 11, 0)])
    func tablesViewsColumnsAndKeysMatchSQLite(database: SampleDatabase, tables: Int, views: Int) throws {
        let db = try ReflectedCopy(database)
        let amigo = db.amigo
        let reportedTables = try db.engine.column("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        let reportedViews = try db.engine.column("SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name")
        #expect(reportedTables.count == tables)
        #expect(reportedViews.count == views)
        #expect(amigo.models.filter { !$0.table.isView }.map { DatabaseValue.text($0.name) } == reportedTables)
        #expect(amigo.models.filter(\.table.isView).map { DatabaseValue.text($0.name) } == reportedViews)
        #expect(amigo.reflectionWarnings.isEmpty)
        for model in amigo.models {
            let table = model.table
            let info = try db.engine.fetchAll(#"SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid"#, [.text(table.name)]).rows
            #expect(table.columns.map { DatabaseValue.text($0.label) } == info.map { $0[0] }, "\(model.name)")
            #expect(table.columns.map { DatabaseValue.text($0.declaredType) } == info.map { $0[1] }, "\(model.name)")
            let keyed = info.filter { $0[3] != 0 }.sorted { $0[3].integerValue! < $1[3].integerValue! }.map { $0[0] }
            #expect(table.primaryKey.map { DatabaseValue.text($0.label) } == keyed, "\(model.name)")
            // NOT NULL (a key column never counts as optional).
            for (column, row) in zip(table.columns, info) where row[3] == 0 {
                #expect(column.optional == (row[2] == 0), "\(column.qualifiedLabel)")
            }
            if !table.isView {
                let indexes = try db.engine.column("SELECT name FROM pragma_index_list(?) ORDER BY name", [.text(table.name)])
                #expect(table.indexes.map { DatabaseValue.text($0.label) } == indexes, "\(model.name)")
            }
            #expect(try amigo.query(model.name).count() == db.engine.rowCount(table.name), "\(model.name)")
        }
    }

    @Test(arguments: others)
    func everyForeignKeyIsAToOneOnTheChildAndAOneToManyOnTheParent(database: SampleDatabase) throws {
        let db = try ReflectedCopy(database)
        let reported = try Self.reportedForeignKeys(db.engine)
        #expect(reported.count == ["northwind": 13, "sakila": 22, "university": 13][database.rawValue])
        for fk in reported {
            let child = try db.model(fk.child), parent = try db.model(fk.parent)
            let toOne = child.relationships.filter {
                $0.kind == .toOne && $0.target === parent && $0.sourceColumns.map(\.label) == fk.from && $0.targetColumns.map(\.label) == fk.to
            }
            #expect(toOne.count == 1, "\(fk)")
            let oneToMany = parent.relationships.filter {
                $0.kind == .oneToMany && $0.target === child && $0.sourceColumns.map(\.label) == fk.to && $0.targetColumns.map(\.label) == fk.from
            }
            #expect(oneToMany.count == 1, "\(fk)")
        }
        // relatedCounts on a sample of parent and child rows equals COUNT(*) over the reported columns.
        let session = try db.amigo.openSession()
        for fk in reported {
            let child = try db.model(fk.child), parent = try db.model(fk.parent)
            let toOne = try #require(child.relationships.first { $0.kind == .toOne && $0.sourceColumns.map(\.label) == fk.from && $0.target === parent })
            let oneToMany = try #require(parent.relationships.first { $0.kind == .oneToMany && $0.targetColumns.map(\.label) == fk.from && $0.target === child })
            let quote = { (name: String) in "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            for row in try session.query(parent.name).limit(3).all() {
                let keys = fk.to.map { row[$0] }
                let sql = "SELECT COUNT(*) FROM \(quote(fk.child)) WHERE " + fk.from.map { quote($0) + " = ?" }.joined(separator: " AND ")
                #expect(try session.relatedCountsByName(of: row)[oneToMany.name] == db.int(sql, keys), "\(fk)")
            }
            for row in try session.query(child.name).limit(3).all() {
                let keys = fk.from.map { row[$0] }
                let sql = "SELECT COUNT(*) FROM \(quote(fk.parent)) WHERE " + fk.to.map { quote($0) + " = ?" }.joined(separator: " AND ")
                #expect(try session.relatedCountsByName(of: row)[toOne.name] == db.int(sql, keys), "\(fk)")
            }
        }
        // Links the file does not declare (sakila's film_text.film_id) are inferred on top; they are marked.
        let all = db.amigo.models.flatMap(\.relationships).filter { !$0.isInferred }
        #expect(all.filter { $0.kind == .toOne }.count == reported.count)
        #expect(all.filter { $0.kind == .oneToMany }.count == reported.count)
        // Names are unique per model.
        for model in db.amigo.models {
            #expect(Set(model.relationships.map { $0.name.lowercased() }).count == model.relationships.count, "\(model.name)")
        }
    }

    @Test func junctionTablesBecomeManyToManyOnBothSides() throws {
        func manyToMany(_ database: SampleDatabase) throws -> [String] {
            let db = try ReflectedCopy(database)
            return db.amigo.models.flatMap { model in
                model.relationships.filter { $0.kind == .manyToMany }.map { r in
                    "\(model.name).\(r.name) → \(r.target.name) via \(r.junction?.name ?? "?")" + (r.through.map { " (through \($0.name))" } ?? "")
                }
            }
        }
        #expect(try manyToMany(.northwind) == [
            "CustomerDemographics.customers → Customers via CustomerCustomerDemo",
            "Customers.customerDemographics → CustomerDemographics via CustomerCustomerDemo",
            "Employees.territories → Territories via EmployeeTerritories",
            "Orders.products → Products via Order Details (through Order Details)",
            "Products.orders → Orders via Order Details (through Order Details)",
            "Territories.employees → Employees via EmployeeTerritories",
        ])
        // film_actor and film_category carry last_update: through models. store and inventory have
        // a surrogate key and two foreign keys too, but other tables point at them: entities.
        #expect(try manyToMany(.sakila) == [
            "actor.films → film via film_actor (through film_actor)",
            "category.films → film via film_category (through film_category)",
            "film.actors → actor via film_actor (through film_actor)",
            "film.categories → category via film_category (through film_category)",
        ])
        // takes (with grade) and teaches link student/instructor to section over a four-column key;
        // prereq links course to course; advisor is keyed by the student alone and is not a junction.
        #expect(try manyToMany(.university) == [
            "course.prereqs → course via prereq",
            "course.prereq_of → course via prereq",
            "instructor.sections → section via teaches",
            "section.students → student via takes (through takes)",
            "section.instructors → instructor via teaches",
            "student.sections → section via takes (through takes)",
        ])
    }

    // MARK: northwind

    @Test func northwindOrderDetailsIsQuotedEverywhere() throws {
        let db = try ReflectedCopy(.northwind)
        let session = try db.amigo.openSession()
        let details = try db.model("Order Details")
        #expect(details.table.primaryKey.map(\.label) == ["OrderID", "ProductID"])
        #expect(details.relationshipSignatures == ["order to-one → Orders", "product to-one → Products"])
        #expect(try db.model("Orders").relationshipSignatures == [
            "employee to-one → Employees", "customer to-one → Customers", "shipVia to-one → Shippers",
            "orderDetails one-to-many → Order Details", "products many-to-many → Products via Order Details (through)",
        ])
        // Defaults as written in the DDL.
        #expect(details.table.columns.map(\.defaultSQL) == [nil, nil, "0", "1", "0"])
        #expect(try db.model("Products").table.column(named: "Discontinued")?.defaultSQL == "'0'")
        #expect(try session.query("Order Details").count() == 2155)
        #expect(try session.query("Order Details").filter("product.ProductName = 'Chai'").count() == 38)
        #expect(try session.query("Order Details").filter("order.customer.Country = 'Germany'").count() == db.int("""
            SELECT COUNT(*) FROM "Order Details" d JOIN Orders o ON o.OrderID = d.OrderID JOIN Customers c ON c.CustomerID = o.CustomerID
            WHERE c.Country = 'Germany'
            """))
        #expect(try session.query("Orders").filter("orderDetails.Quantity >= 100").count() == 20)
        #expect(try session.query("Orders").filter("products.ProductName = 'Chai'").count() == 38)
        #expect(try session.query("Orders").filter("customer.Country = 'Germany'").count() == 122)
        let line = try #require(try session.query("Order Details").selectRelated("product", "order").get([DatabaseValue.integer(10248), .integer(11)]))
        #expect(line["Quantity"] == 12)
        #expect(line["UnitPrice"] == 14)
        #expect(line.relatedRecord("product")?["ProductName"] == "Queso Cabrales")
        #expect(line.relatedRecord("order")?["CustomerID"] == "VINET")
        let top = try session.query("Order Details").orderBy("-Quantity").orderBy("OrderID").orderBy("ProductID").limit(3).all()
        #expect(try top.map(\.primaryKey) == db.engine.fetchAll(
            #"SELECT OrderID, ProductID FROM "Order Details" ORDER BY Quantity DESC, OrderID, ProductID LIMIT 3"#).rows)
        let order = try #require(try session.query("Orders").get(10248))
        #expect(try session.relatedCountsByName(of: order) == ["employee": 1, "customer": 1, "shipVia": 1, "orderDetails": 3, "products": 3])
        // Editing a row of "Order Details" (composite key, a name with a space) and committing.
        let recorder = EchoRecorder(db.engine.echo)
        line["Quantity"] = 13
        try session.update(line, columns: ["Quantity"])
        #expect(recorder.statements.last == #"UPDATE "Order Details" SET "Quantity" = ? WHERE "OrderID" = ? AND "ProductID" = ?"#)
        try session.commit()
        #expect(try SQLiteEngine(path: db.path).int(#"SELECT Quantity FROM "Order Details" WHERE OrderID = 10248 AND ProductID = 11"#) == 13)
        try session.delete(line)
        #expect(recorder.statements.last == #"DELETE FROM "Order Details" WHERE "OrderID" = ? AND "ProductID" = ?"#)
        #expect(try session.query("Products").using(order).relationship("products").count() == 2)
        try session.rollback()
        #expect(try session.query("Products").using(order).relationship("products").count() == 3)
    }

    @Test func northwindViewsAreReadOnlyModels() throws {
        let db = try ReflectedCopy(.northwind)
        let session = try db.amigo.openSession()
        let view = try db.model("Order Details Extended")
        #expect(view.table.isView)
        #expect(view.table.primaryKey.isEmpty)
        #expect(view.relationships.isEmpty)
        #expect(view.table.columns.map(\.label) == ["OrderID", "ProductID", "ProductName", "UnitPrice", "Quantity", "Discount", "ExtendedPrice"])
        #expect(try session.query("Order Details Extended").count() == 2155)
        #expect(try session.query("Order Details Extended").filter("ProductName = 'Chai'").count() == 38)
        let row = try #require(try session.query("Order Details Extended").orderBy("OrderID").orderBy("ProductID").first())
        #expect(row["ProductName"] == "Queso Cabrales")
        row["Quantity"] = 1
        let name = "Order Details Extended"
        #expect(AmigoError.viewNotWritable(view: name, operation: "add rows").description == "cannot add rows: Order Details Extended is a view, its rows are read-only")
        #expect(throws: AmigoError.viewNotWritable(view: name, operation: "add rows")) { try session.add(row) }
        #expect(throws: AmigoError.viewNotWritable(view: name, operation: "edit rows")) { try session.update(row, columns: ["Quantity"]) }
        #expect(throws: AmigoError.viewNotWritable(view: name, operation: "delete rows")) { try session.delete(row) }
        let fresh = Record(view)
        #expect(throws: AmigoError.viewNotWritable(view: name, operation: "add rows")) { try session.add(fresh) }
        #expect(session.pendingChangeCount == 0)
        #expect(try db.int(#"SELECT Quantity FROM "Order Details" WHERE OrderID = 10248 AND ProductID = 11"#) == 12)
        #expect(try db.int(#"SELECT COUNT(*) FROM "Order Details Extended""#) == 2155)
    }

    // MARK: sakila

    @Test func sakilaDottedFiltersMatchSQL() throws {
        let db = try ReflectedCopy(.sakila)
        let session = try db.amigo.openSession()
        #expect(try db.model("film").relationshipSignatures == [
            "language to-one → language", "original_language to-one → language",
            "film_actors one-to-many → film_actor", "film_categories one-to-many → film_category",
            "film_text one-to-many → film_text", "inventories one-to-many → inventory",
            "actors many-to-many → actor via film_actor (through)", "categories many-to-many → category via film_category (through)",
        ])
        // Two foreign keys of film point at language: the one-to-many names say which.
        #expect(try db.model("language").relationshipSignatures == [
            "films_by_language one-to-many → film", "films_by_original_language one-to-many → film",
        ])
        #expect(try session.query("film").filter("language.name = 'English'").count() == 1000)
        #expect(try session.query("film").filter("language.name = 'English'").count() == db.int(
            "SELECT COUNT(*) FROM film f JOIN language l ON l.language_id = f.language_id WHERE l.name = 'English'"))
        #expect(try session.query("film").filter("original_language.name = 'English'").count() == 0)
        #expect(try session.query("film").filter("original_language = nil").count() == 1000)
        #expect(try session.query("film").filter("actors.first_name = 'PENELOPE'").count() == 97)
        #expect(try session.query("film").filter("categories.name = %@", "Action").count() == db.int(
            "SELECT COUNT(*) FROM film_category fc JOIN category c ON c.category_id = fc.category_id WHERE c.name = 'Action'"))
        #expect(try session.query("payment").filter("customer.address.city.country.country = 'Japan'").count() == db.int("""
            SELECT COUNT(*) FROM payment p JOIN customer c ON c.customer_id = p.customer_id JOIN address a ON a.address_id = c.address_id
            JOIN city ci ON ci.city_id = a.city_id JOIN country co ON co.country_id = ci.country_id WHERE co.country = 'Japan'
            """))
        #expect(try session.query("rental").filter("inventory.film.title BEGINSWITH 'ACADEMY' AND staff.staff_id = 1").count() == db.int("""
            SELECT COUNT(*) FROM rental r JOIN inventory i ON i.inventory_id = r.inventory_id JOIN film f ON f.film_id = i.film_id
            WHERE f.title GLOB 'ACADEMY*' AND r.staff_id = 1
            """))
        let film1 = try #require(try session.query("film").get(1))
        let counts = try session.relatedCountsByName(of: film1)
        #expect(counts == ["language": 1, "original_language": 0, "film_actors": 10, "film_categories": 1, "inventories": 8,
                           "actors": 10, "categories": 1, "film_text": 1])
        // film_text.film_id is declared nowhere: inferred from its name and checked against the data.
        #expect(try db.model("film").require("film_text").isInferred)
        #expect(counts["inventories"] == (try db.int("SELECT COUNT(*) FROM inventory WHERE film_id = 1")))
        let english = try #require(try session.query("language").filter("name = 'English'").first())
        #expect(try session.relatedCountsByName(of: english) == ["films_by_language": 1000, "films_by_original_language": 0])
        // Column types by SQLite's affinity rules: `BLOB SUB_TYPE TEXT` contains TEXT, so it is text.
        let description = try #require(try db.model("film_text").table.column(named: "description"))
        #expect(description.declaredType == "BLOB SUB_TYPE TEXT")
        #expect(description.kind == .text)
        #expect(try db.model("film").table.column(named: "rental_rate")?.kind == .numeric)
        #expect(try db.model("film").table.column(named: "last_update")?.kind == .date)
    }

    @Test func sakilaThroughModelRowsAreAddedAndDeletedAsRecords() throws {
        let db = try ReflectedCopy(.sakila)
        let session = try db.amigo.openSession()
        let film = try #require(try session.query("film").get(1))
        #expect(try session.query("actor").using(film).relationship("actors").count() == 10)
        let link = try Record(db.model("film_actor"), ["actor_id": 2, "film_id": 1, "last_update": "2024-01-01 00:00:00"])
        try session.add(link)
        #expect(link.primaryKey == [2, 1])
        #expect(try session.query("actor").using(film).relationship("actors").count() == 11)
        // Through the through model, the film_actor rows of the film.
        #expect(try session.query("film_actor").using(film).relationship("film_actors").count() == 11)
        try session.commit()
        #expect(try SQLiteEngine(path: db.path).int("SELECT COUNT(*) FROM film_actor WHERE film_id = 1") == 11)
        try session.delete(link)
        try session.commit()
        #expect(try SQLiteEngine(path: db.path).int("SELECT COUNT(*) FROM film_actor WHERE film_id = 1") == 10)
        // An update of a table with triggers (actor_trigger_au rewrites last_update).
        let actor = try #require(try session.query("actor").get(1))
        actor["first_name"] = "PENNY"
        try session.add(actor)
        try session.commit()
        let other = try SQLiteEngine(path: db.path)
        #expect(try other.fetchScalar("SELECT first_name FROM actor WHERE actor_id = 1") == "PENNY")
        #expect(try other.fetchScalar("SELECT last_update FROM actor WHERE actor_id = 1") != "2006-02-15 04:34:33")
    }

    @Test func sakilaViewsAreQueryableButNotEditable() throws {
        let db = try ReflectedCopy(.sakila)
        let session = try db.amigo.openSession()
        #expect(db.amigo.models.filter(\.table.isView).map(\.name) == ["customer_list", "film_list", "sales_by_film_category", "sales_by_store", "staff_list"])
        #expect(try session.query("customer_list").count() == 599)
        #expect(try session.query("customer_list").filter("country = 'Japan'").count() == db.int("SELECT COUNT(*) FROM customer_list WHERE country = 'Japan'"))
        let mary = try #require(try session.query("customer_list").orderBy("ID").first())
        #expect(mary["name"] == "MARY SMITH")
        #expect(mary.primaryKey == [])
        #expect(throws: AmigoError.viewNotWritable(view: "customer_list", operation: "delete rows")) {
            try session.delete(mary)
        }
        // get needs a key, which a view does not have.
        #expect(throws: AmigoError.keyCountMismatch(model: "customer_list", keyColumns: 0, values: 1)) {
            try session.query("customer_list").get(1)
        }
        #expect(try db.int("SELECT COUNT(*) FROM customer") == 599)
    }

    // MARK: university

    @Test func universityCompositeForeignKeys() throws {
        let db = try ReflectedCopy(.university)
        let session = try db.amigo.openSession()
        let section = try db.model("takes").require("section")
        #expect(section.sourceColumns.map(\.label) == ["course_id", "sec_id", "semester", "year"])
        #expect(section.targetColumns.map(\.qualifiedLabel) == ["section.course_id", "section.sec_id", "section.semester", "section.year"])
        #expect(try db.model("takes").relationshipSignatures == ["section to-one → section", "student to-one → student"])
        #expect(try db.model("section").relationshipSignatures == [
            "course to-one → course", "classroom to-one → classroom", "takes one-to-many → takes", "teaches one-to-many → teaches",
            "students many-to-many → student via takes (through)", "instructors many-to-many → instructor via teaches",
        ])
        #expect(try db.model("advisor").relationshipSignatures == ["instructor to-one → instructor", "student to-one → student"])
        #expect(try db.model("time_slot").table.primaryKey.map(\.label) == ["time_slot_id", "day", "start_hr", "start_min"])
        // A to-one over four columns: one LEFT JOIN with four conditions.
        #expect(try session.query("takes").filter("section.building = 'Taylor'").count() == db.int(
            "SELECT COUNT(*) FROM takes JOIN section USING (course_id, sec_id, semester, year) WHERE section.building = 'Taylor'"))
        let (sql, _) = try session.query("takes").filter("section.building = 'Taylor'").sql()
        #expect(sql.contains(#"LEFT JOIN "section" ON "section"."course_id" = "takes"."course_id" AND "section"."sec_id" = "takes"."sec_id" AND "section"."semester" = "takes"."semester" AND "section"."year" = "takes"."year""#))
        let graded = try db.engine.fetchAll(
            "SELECT ID, course_id, sec_id, semester, year, grade FROM takes WHERE grade IS NOT NULL ORDER BY ID, course_id LIMIT 1")
        let key = try #require(graded.rows.first)
        let first = try #require(try session.query("takes").selectRelated("section", "student").get(Array(key.prefix(5))))
        #expect(first["grade"] == key[5])
        #expect(try first.relatedRecord("section")?["building"] == db.engine.fetchScalar(
            "SELECT building FROM section WHERE course_id = ? AND sec_id = ? AND semester = ? AND year = ?", Array(key[1...4])))
        #expect(first.relatedRecord("student")?["ID"] == key[0])
        // Counting over composite keys, checked against SQL for a sample of sections.
        for row in try session.query("section").orderBy("course_id").orderBy("sec_id").orderBy("semester").orderBy("year").limit(25).all() {
            let key = row.primaryKey
            let counts = try session.relatedCountsByName(of: row)
            let takes = try db.int("SELECT COUNT(*) FROM takes WHERE course_id = ? AND sec_id = ? AND semester = ? AND year = ?", key)
            let teaches = try db.int("SELECT COUNT(*) FROM teaches WHERE course_id = ? AND sec_id = ? AND semester = ? AND year = ?", key)
            // A second section has no room recorded: its classroom is NULL.
            let classroom = try db.int("SELECT COUNT(*) FROM section JOIN classroom USING (building, room_number) WHERE course_id = ? AND sec_id = ? AND semester = ? AND year = ?", key)
            #expect(counts == ["course": 1, "classroom": classroom, "takes": takes, "teaches": teaches, "students": takes, "instructors": teaches])
        }
        // A composite one-to-many in a filter: classrooms with a section in 2003.
        #expect(try session.query("classroom").filter("sections.year = 2003").count() == db.int(
            "SELECT COUNT(*) FROM classroom c WHERE EXISTS (SELECT 1 FROM section s WHERE s.building = c.building AND s.room_number = c.room_number AND s.year = 2003)"))
        // The self-referencing junction prereq: prerequisites of a course and courses requiring it.
        let course = try #require(try session.query("course").filter("prereqs != nil").orderBy("course_id").first())
        let id = try #require(course["course_id"].textValue)
        #expect(try session.query("course").using(course).relationship("prereqs").count() == db.int(
            "SELECT COUNT(*) FROM prereq WHERE course_id = ?", [.text(id)]))
        #expect(try session.query("course").using(course).relationship("prereq_of").count() == db.int(
            "SELECT COUNT(*) FROM prereq WHERE prereq_id = ?", [.text(id)]))
    }
}
