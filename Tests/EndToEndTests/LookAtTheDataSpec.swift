import Foundation
import Testing

/// Looking at the data in the real binary: value frequencies with `F`, a facet with Enter.
@Suite("amigo-shell: look at the data (tmux)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct LookAtTheDataSpec {
    @Test("F shows a column's values by frequency with bars; Enter keeps the rows with one; Backspace takes it back")
    func frequencies() async throws {
        let workspace = try Workspace("freq")
        let tmux = try TmuxSession(socket: "amigo-freq", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"))
        try await tmux.waitFor("Track         3503")
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Track")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Track open") { $0.statusLine.hasPrefix("row 1 of 3503") }
        try tmux.sendKeys("l", "l", "l", "l", "F")   // to GenreId
        let screen = try await tmux.waitFor("Enter keeps the rows with this value · Esc closes")
        #expect(screen.contains("Frequencies of GenreId — 3503 rows · 25 distinct values"))
        #expect(screen.contains("1297   37.0%  ████████████████████"))
        try tmux.sendKeys("j", "Enter")
        try await tmux.waitUntil("the facet applied") { $0.statusLine.hasPrefix("row 1 of 579") }
        try tmux.sendKeys("BSpace")
        try await tmux.waitUntil("back to every row") { $0.statusLine.hasPrefix("row 1 of 3503") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
