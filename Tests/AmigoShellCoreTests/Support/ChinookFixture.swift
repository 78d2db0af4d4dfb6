import Amigo
import AmigoTestSupport
import Foundation
@testable import AmigoShellCore

/// An explorer over a private copy of chinook; the copy is deleted when the fixture goes away.
final class ChinookFixture {
    let path: String
    let explorer: Explorer

    init(options: OpenOptions = OpenOptions()) throws {
        path = try SampleDatabase.chinook.copy()
        explorer = try Explorer(amigo: AmigoDatabase(reflecting: path, options: options), displayPath: "chinook.sqlite")
    }

    var amigo: AmigoDatabase { explorer.amigo }

    /// The first column of the first row of `sql`, as an integer (for counts computed by SQLite itself).
    func scalar(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int? {
        try amigo.engine.fetchScalar(sql, arguments).integerValue.map(Int.init)
    }

    deinit {
        try? explorer.session.close()
        TemporaryFile.remove(path)
    }
}
