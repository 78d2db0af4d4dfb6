import Foundation
import Testing

/// The README's and the walkthrough's shell examples, run as written with the built binary first
/// on the PATH, in a folder holding a copy of chinook.sqlite.
@Suite("The README and WALKTHROUGH examples run as written")
struct DocumentationExamplesSpec {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: Fixture.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Lines of ```sh blocks that run amigo-shell (the scripts/ lines set up the project itself).
    static func shellExamples(in markdown: String) -> [String] {
        var inBlock = false, lines: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```sh" { inBlock = true } else if line == "```" { inBlock = false } else if inBlock,
                line.contains("amigo-shell"), !line.hasPrefix("scripts/") { lines.append(String(line)) }
        }
        return lines
    }

    /// Runs `command` under sh in the workspace, with `amigo-shell` (and `.build/debug/amigo-shell`) the built one.
    static func run(_ command: String, in workspace: Workspace) throws -> ProcessResult {
        let binary = try Fixture.binary()
        let folder = (binary as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: workspace.path(".build"), withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: workspace.path(".build/debug"), withDestinationPath: folder)
        return try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && PATH=\(folder.shellQuoted):$PATH && \(command)"],
                                     environment: ["AMIGO_HISTFILE": workspace.path("history")])
    }

    @Test("every amigo-shell line of the README's and WALKTHROUGH's sh blocks exits 0 with output")
    func shellBlocksRun() throws {
        let examples = Self.shellExamples(in: try Self.read("README.md")) + Self.shellExamples(in: try Self.read("demo/WALKTHROUGH.md"))
        #expect(examples.count >= 4)
        let workspace = try Workspace("docs-examples")
        for example in examples {
            let result = try Self.run(example, in: workspace)
            #expect(result.status == 0, "\(example)\n\(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(example)")
            #expect(result.stderr.isEmpty, "\(example)\n\(result.stderr)")
        }
    }

    @Test("the walkthrough's step 10 commands run in the order listed, on the demo")
    func walkthroughCommandsRunInOrder() throws {
        let walkthrough = try Self.read("demo/WALKTHROUGH.md")
        let start = try #require(walkthrough.range(of: "10. **Commands.**"))
        let end = try #require(walkthrough.range(of: "The same commands work"))
        let paragraph = walkthrough[start.upperBound..<end.lowerBound]
        let commands = paragraph.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0 != ":" && $0 != "help" }
        #expect(commands.first == "open workout")
        #expect(commands.count >= 9)
        let workspace = try Workspace("docs-walkthrough")
        let arguments = commands.map { "-c " + $0.replacingOccurrences(of: "/tmp/", with: workspace.directory.path + "/").shellQuoted }
        let result = try Self.run("amigo-shell --bail " + arguments.joined(separator: " "), in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")

        // The figures of steps 2 and 7 are what the demo shows.
        let people = try Self.run("amigo-shell -c 'open person' -c \("filter age > 40 AND dog.name BEGINSWITH[c] 'l'".shellQuoted) -c count", in: workspace)
        let cell = try #require(walkthrough.firstMatch(of: /name \(`([0-9]+ → [^`]+)`\)/)).1
        let all = try Self.run("amigo-shell -c 'open person'", in: workspace)
        #expect(all.stdout.contains(String(cell)))
        let rows = try #require(walkthrough.firstMatch(of: /ms · ([0-9]+) rows`/)).1
        #expect(people.stdout.split(separator: "\n").last.map(String.init) == String(rows))
    }

    @Test("the README's filter error is what the program prints")
    func readmeFilterError() throws {
        let readme = try Self.read("README.md")
        let start = try #require(readme.range(of: "```\nfilter error at column"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let block = String(readme[readme.index(start.lowerBound, offsetBy: 4)..<end.lowerBound])
        let input = try #require(block.split(separator: "\n").dropFirst().first)
        let workspace = try Workspace("docs-filter-error")
        let result = try Self.run("amigo-shell chinook.sqlite -c 'open Track' -c \(("filter " + input).shellQuoted)", in: workspace)
        #expect(result.status == 1)
        let printed = result.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: "amigo-shell: ", with: "") }
            .map { $0.replacingOccurrences(of: "-c #2: error: ", with: "") }.joined(separator: "\n")
        #expect(printed == block)
    }

    @Test("the README's screenshot is what the demo shows after the keys it names (all but the timed echo pane)",
          .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func readmeScreenshot() async throws {
        let readme = try Self.read("README.md")
        let filter = "age > 40 AND dog.name BEGINSWITH[c] 'l'"
        #expect(readme.contains("`scripts/run`, then `t` `pe` Enter (open `person`), → → → ↓ ↓, and `/\(filter)`:"))
        let section = try #require(readme.range(of: "## amigo-shell\n"))
        let open = try #require(readme.range(of: "```\n", range: section.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
        let expected = readme[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let width = expected.map(\.count).max() ?? 0
        let echoColumn = try #require(expected[1].range(of: "┌─ SQL echo")).lowerBound.utf16Offset(in: expected[1])
        #expect(expected.count == 32 && width == 150)

        let workspace = try Workspace("docs-screenshot")
        let tmux = try TmuxSession(socket: "amigo-e2e-screenshot", directory: workspace.directory)
        try tmux.start([try Fixture.binary()], in: workspace.directory, environment: ["NO_COLOR": "1"],
                       history: workspace.path("history"), width: width, height: expected.count)
        try await tmux.waitFor("person              400")
        try tmux.sendKeys("t")
        try await tmux.waitUntil("the table prompt") { $0.lines.last?.hasPrefix("open table> ") == true }
        try tmux.sendLiteral("pe")
        try tmux.sendKeys("Enter", "Right", "Right", "Right", "Down", "Down", "/")
        try await tmux.waitUntil("the filter prompt") { $0.lines.last?.hasPrefix("filter> ") == true }
        try tmux.sendLiteral(filter)
        try tmux.sendKeys("Enter")
        // The current row's links are read when the keys stop: the screenshot shows them read.
        let screen = try await tmux.waitUntil("the filtered view and its row's links") {
            $0.statusLine.hasPrefix("row 1 of 45") && $0.lines.count > 3 && $0.lines[$0.lines.count - 3].contains("1 dog →")
        }
        for (index, line) in expected.enumerated() {
            let actual = index < screen.lines.count ? screen.lines[index] : ""
            let keep = index <= 1 || index >= expected.count - 3 ? width : echoColumn
            // The echo pane shows timings that differ from run to run: compared up to its border.
            #expect(String(actual.prefix(keep)).trimmingTrailingSpaces == String(line.prefix(keep)).trimmingTrailingSpaces, "line \(index)")
        }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
