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

    /// demo/KEYSTROKES.md's tables: each "now" column adds up to its total, the totals meet the
    /// goals of ≤ 50 keys on the shortest paths and ≤ 75 typing until the row shows, and each
    /// "now" path's count is the one its tmux replay (KeystrokePathsSpec) checks in its name.
    @Test func theKeystrokeTablesAddUpMeetTheGoalsAndMatchTheirReplays() throws {
        let doc = try Self.read("demo/KEYSTROKES.md")
        let spec = try Self.read("Tests/EndToEndTests/KeystrokePathsSpec.swift")
        var totals: [String: Int] = [:]
        var section = ""
        var sum = 0
        for line in doc.split(separator: "\n").map(String.init) {
            if line.hasPrefix("## ") { section = line; sum = 0; continue }
            guard line.hasPrefix("| ") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let last = cells.last else { continue }
            if let total = Int(last.replacingOccurrences(of: "**", with: "")), line.contains("**total**") {
                #expect(total == sum, "\(section): the total \(total) is not the sum \(sum)")
                totals[section] = total
            } else if let keys = Int(last), let question = cells.first, question.hasPrefix("Q") {
                sum += keys
                // The replay of this path says the same count in its name.
                let prefix = section.contains("Shortest") ? "\(question) shortest" : section.contains("typing until") ? "\(question) as you type" : "\(question) "
                let named = spec.split(separator: "\n").filter { $0.contains("@Test(\"\(prefix)") }
                // A path that types no name is the same as typed in full, replayed once.
                if named.isEmpty && section.contains("typing until") { continue }
                #expect(named.contains { $0.contains(": \(keys) \(keys == 1 ? "key" : "keys")\")") }, "\(section) \(question): no replay with \(keys) keys")
            }
        }
        let shortest = try #require(totals.first { $0.key.contains("Shortest") }?.value)
        let asTyped = try #require(totals.first { $0.key.contains("typing until") }?.value)
        #expect(shortest <= 50 && asTyped <= 75)
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

    /// The regions between README-EXAMPLE markers in `file`, with the test's indentation removed.
    static func exampleRegions(in file: String) throws -> [String] {
        let text = try read(file)
        var regions: [String] = []
        var rest = text[...]
        while let begin = rest.range(of: "// README-EXAMPLE-BEGIN\n"), let end = rest.range(of: "// README-EXAMPLE-END", range: begin.upperBound..<rest.endIndex) {
            let lines = rest[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            let indent = lines.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })?.prefix(while: { $0 == " " }).count ?? 0
            regions.append(lines.map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }
                .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
            rest = rest[end.upperBound...]
        }
        return regions
    }

    /// Every ```swift block of the README runs, as written, in a test.
    @Test func everySwiftBlockOfTheReadmeRunsInATest() throws {
        let readme = try Self.read("README.md")
        let regions = try Self.exampleRegions(in: "Tests/AmigoTests/ReadmeExampleSpec.swift")
            + Self.exampleRegions(in: "Tests/AmigoTests/ReadmeSnippetsSpec.swift")
        var blocks: [String] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" { current = [] } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
                current = nil
            } else if current != nil { current!.append(String(line)) }
        }
        #expect(blocks.count >= 7)
        for block in blocks {
            let body = block.hasPrefix("import Amigo\n") ? String(block.dropFirst("import Amigo\n".count)).trimmingCharacters(in: .whitespacesAndNewlines) : block
            #expect(regions.contains(body), "README block not run by a test:\n\(body.prefix(200))")
        }
    }
}
