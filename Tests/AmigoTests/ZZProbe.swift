import Testing
import Foundation
@testable import Amigo

@Suite struct ZZProbe {
    @Test func probe() throws {
        let db = try SeedDatabase()
        let s = try db.amigo.session
        func show(_ q: Query<People>) { do { let r = try q.sql(); print("SQL:", r.sql, r.arguments) } catch { print("ERR:", error) } }
        show(s.query(People.self))
        show(s.query(People.self).filter("label = 'Foo'"))
        show(s.query(People.self).filter("dog.label = %@", "Lucy").selectRelated("dog").orderBy("dog.label", ascending: false).limit(2).offset(1))
        show(s.query(People.self).filter("id > 1 && id < 20 || id = 22 OR id = 26 AND id != 15"))
        show(s.query(People.self).filter("NOT label = 'x'"))
        show(s.query(People.self).filter("(id = 1 OR id = 2) AND label = 'x'"))
        show(s.query(People.self).filter("label LIKE 'L*y?'"))
        show(s.query(People.self).filter("label LIKE[c] 'l*'"))
        show(s.query(People.self).filter("label BEGINSWITH[c] 'l'"))
        show(s.query(People.self).filter("label IN %@", ["a","b"]))
        show(s.query(People.self).filter("id BETWEEN {1, 5}"))
        show(s.query(People.self).filter("label = nil"))
        let d = Dog(); d.label = "x"; try s.add(d)
        let qd = s.query(Dog.self)
        do { let r = try qd.filter("people.label = 'Foo'").sql(); print("SQL:", r.sql, r.arguments) }
        do { let r = try s.query(Parent.self).filter("children.label = 'c'").sql(); print("SQL:", r.sql, r.arguments) }
        do { let r = try s.query(People.self).using(d).relationship("people").sql(); print("SQL:", r.sql, r.arguments) }
        do { let r = try s.query(WorkoutMeta.self).using(Workout()).relationship("exercises").sql(); print("SQL:", r.sql, r.arguments) }
        let w = Workout(); w.label = "w"; try s.add(w)
        do { let r = try s.query(WorkoutMeta.self).using(w).relationship("exercises").orderBy("position", ascending: false).sql(); print("SQL:", r.sql, r.arguments) }
        do { let r = try s.query(WorkoutExercise.self).using(w).relationship("exercises").sql(); print("SQL:", r.sql, r.arguments) }
        let p = Parent(); p.label = "p"; try s.add(p)
        do { let r = try s.query(Child.self).using(p).relationship("children").sql(); print("SQL:", r.sql, r.arguments) }
        print(try db.amigo.engine.fetchAll("SELECT name, sql FROM sqlite_master").rows.map { $0.map(\.description) }.map { $0.joined(separator: " | ") }.joined(separator: "\n"))
        for e in db.trace.events { print(e.kind, e.sql, e.arguments) }
    }
}
