import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

@Suite struct ScratchExplore {
    @Test func explore() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        print("TABLES", e.tables.map { "\($0.name):\($0.rowCount ?? -1)" })
        for m in f.amigo.models { print("MODEL", m.name, m.relationships.map { "\($0.name)/\($0.kind.rawValue)/\($0.target.name)" }) }
        try e.open("Artist")
        try e.get("1")
        print("REL", try e.relations().map { "\($0.relationship.name) \($0.relationship.kind.rawValue) \($0.count)" })
        try e.follow("albums")
        print("BC", e.breadcrumb, e.current!.totalCount)
        try e.follow("tracks")
        print("BC", e.breadcrumb, e.current!.totalCount)
        let app = ShellApp(explorer: e)
        for (w, h) in [(120, 40), (80, 24), (60, 16), (30, 8)] {
            let g = app.render(width: w, height: h)
            print("=== \(w)x\(h)")
            print(g.text())
        }
        try e.back(); try e.back()
        try e.open("Album")
        let g = app.render(width: 120, height: 40)
        print(g.text())
        try e.setFilter("Title CONTAINS[c] 'rock'")
        print(app.render(width: 120, height: 40).text())
        print(try e.run("relations").output)
    }
}
