import Foundation
import Testing

/// Columns in the real binary: `-` hides, `~` shows again, `!` pins, `<` `>` resize, `+` adds a
/// second sort key; each remembered for the table for the session.
@Suite("amigo-shell: column control (tmux)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct ColumnLayoutEndToEndSpec {
    @Test("- hides Name, ~ shows it again, ! pins Composer at the left while the grid scrolls, < narrows it, + sorts by a second key")
    func columnKeys() async throws {
        let workspace = try Workspace("columns")
        let tmux = try TmuxSession(socket: "amigo-columns", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"), width: 160, height: 40)
        try await tmux.waitUntil("the tables listed") { $0.tablesPane.contains { $0.hasPrefix("Track") && $0.hasSuffix("3503") } }
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Track")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Track open") { $0.statusLine.hasPrefix("row 1 of 3503") }
        try tmux.sendKeys("l", "-")
        var screen = try await tmux.waitUntil("Name hidden") { $0.statusLine.contains("Name hidden · 1 column of Track hidden (~ shows them again)") }
        #expect(screen.gridPane.first { $0.contains("TrackId*") }.map { !$0.contains("Name") } == true, "\(screen)")
        #expect(screen.contains("columns: 1 hidden (~ shows)"))
        // Another table, and back: Name is still hidden.
        try tmux.sendKeys("t")
        try tmux.sendLiteral("Album")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Album open") { $0.statusLine.hasPrefix("row 1 of 347") }
        try tmux.sendKeys("t")
        try tmux.sendLiteral("Track")
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitUntil("Track again") { $0.statusLine.hasPrefix("row 1 of 3503") }
        #expect(screen.contains("columns: 1 hidden (~ shows)"), "\(screen)")
        try tmux.sendKeys("~")
        try await tmux.waitUntil("Name shown again") { $0.statusLine.contains("shown again: Name") }
        // Composer pinned; the grid scrolled to UnitPrice keeps it at the left.
        try tmux.sendKeys("l", "l", "l", "l", "l", "!")
        try await tmux.waitUntil("Composer pinned") { $0.statusLine.contains("Composer pinned at the left") }
        try tmux.sendKeys("l", "l", "l", "l", "l", "l", "l", "l")
        screen = try await tmux.waitUntil("scrolled to UnitPrice") { screen in
            screen.gridPane.contains { $0.hasPrefix("Composer") && $0.contains("UnitPrice") }
        }
        #expect(screen.contains("1 pinned"))
        try tmux.sendKeys("h", "h", "h", "h", "h", "h", "h", "h", "<")
        try await tmux.waitUntil("Composer narrowed") { $0.statusLine.contains("Composer: ") && $0.statusLine.contains("columns wide") }
        // GenreId, then Milliseconds descending within it.
        try tmux.sendKeys("l", "l", "l", "l", "l", "s", "l", "+", "+")
        try await tmux.waitUntil("two sort keys") { $0.contains("order: GenreId, Milliseconds desc") && $0.statusLine.contains("sorted by GenreId, Milliseconds desc") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
