import Foundation
import Testing
@testable import AmigoShellCore

/// The README documents the key map, the command language and the library example; these
/// tests keep it from drifting away from the code.
@Suite struct ReadmeSpec {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyKeyBindingIsInTheReadmeKeyTable() throws {
        let readme = try Self.read("README.md")
        for binding in KeyMap.bindings {
            #expect(readme.contains("| `\(binding.label)` | \(binding.summary) |"), "missing key row for \(binding.label)")
        }
    }

    @Test func everyCommandIsInTheReadmeCommandTable() throws {
        let readme = try Self.read("README.md")
        for entry in CommandParser.help {
            #expect(readme.contains("| `\(entry.usage)` |"), "missing command row for \(entry.usage)")
        }
    }

    @Test func theReadmeShowsTheTestedLibraryExampleVerbatim() throws {
        let readme = try Self.read("README.md")
        let test = try Self.read("Tests/AmigoTests/ReadmeExampleSpec.swift")
        let begin = try #require(test.range(of: "// README-EXAMPLE-BEGIN\n"))
        let end = try #require(test.range(of: "// README-EXAMPLE-END"))
        let lines = test[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
        let example = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(readme.contains(example))
    }
}
