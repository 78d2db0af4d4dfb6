import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

@Suite struct ScratchExplore {
    @Test func explore() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try DemoDatabase.populate(engine)
        let amigo = try Amigo(reflecting: engine)
        for m in amigo.models { print("MODEL", m.name, m.table.columns.map(\.label), m.relationships.map { "\($0.name)/\($0.kind.rawValue)/\($0.target.name)/\($0.junction?.name ?? "")/\($0.through?.name ?? "")" }) }
        print(amigo.junctionTables.map(\.name))
        let e = try Explorer(amigo: amigo, displayPath: "demo")
        print(e.tables)
        try e.open("dog")
        let app = ShellApp(explorer: e)
        e.moveCursor(to: 11)
        print(app.render(width: 100, height: 30).text())
        try e.open("person")
        e.moveCursor(to: 14)
        print(app.render(width: 100, height: 30).text())
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        try f.explorer.get("1")
        let edit = try f.explorer.previewEdit(column: "Title", text: "New")
        print(edit.preview)
        print(try f.explorer.run("set Title = 'x'").output)
        print(try f.explorer.run("help").output)
        print(try f.explorer.run("schema Album").output)
        print(try f.explorer.run("get 5").output)
        print(try f.explorer.run("stats Title").output)
        do { _ = try f.explorer.run("filter Title ==== 3") } catch { print("ERR", ErrorText.describe(error)) }
        do { _ = try f.explorer.run("filter Nope = 3") } catch { print("ERR", ErrorText.describe(error)) }
        do { _ = try f.explorer.run("fliter x") } catch { print("ERR", ErrorText.describe(error)) }
    }
}
