import Foundation
import Testing

extension TerminalUISpec {
    @Test("a data file's opening note is on the status line of the full-screen UI, not scrolled away")
    func aDataFilesNoteIsShownOnScreen() async throws {
        let workspace = try Workspace("data-note")
        FileManager.default.createFile(atPath: workspace.path("people.csv"), contents: Data("id,name\n1,Ada\n2\n".utf8))
        let tmux = try TmuxSession(socket: "amigo-e2e-data-note", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "people.csv"], in: workspace.directory, history: workspace.path("history"))
        _ = try await tmux.waitForAll("   1  Ada", "people.csv: 1 row has fewer fields than the header (the first on line 3)")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
