import Foundation
import Testing
@testable import Amigo

@Suite struct ReflectionChinookSpec {
    @Test func printsRelationships() throws {
        for db in SampleDatabase.allCases {
        let path = try db.copy()
        defer { TemporaryFile.remove(path) }
        let amigo = try Amigo(reflecting: path)
        for m in amigo.models {
            print(m.name, m.table.primaryKey.map(\.label), m.relationships.map(\.summary))
        }
        print(amigo.reflectionWarnings)
        }
    }
}
