import Foundation
import Testing

/// Labels in the real binary: the links line shows a parent's whole name when the terminal has
/// room, and a junction row is named by the rows of its key.
@Suite("amigo-shell: labels that name their row (tmux)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct LabelsEndToEndSpec {
    @Test("a wide terminal shows an album's whole title on the links line; r on a playlist entry names its playlist and track")
    func labels() async throws {
        let workspace = try Workspace("labels")
        let tmux = try TmuxSession(socket: "amigo-labels", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"),
                       width: 200, height: 40)
        try await tmux.waitFor("3503")
        try tmux.sendKeys("t")
        try tmux.sendLiteral("Track:1")
        try tmux.sendKeys("Enter")
        // Cut at 24 columns before ("For Those About To Rock…"), whole now that the line has room.
        try await tmux.waitFor("1 album → For Those About To Rock We Salute You  2 genre → Rock")
        try tmux.sendKeys("t")
        try tmux.sendLiteral("PlaylistTrack:1,3402")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("the playlist entry open") { $0.statusLine.hasPrefix("row ") }
        try tmux.sendKeys("r")
        try await tmux.waitFor("Relations of PlaylistTrack 1,3402 \"Music · Band Members Di…\"")
        try tmux.sendKeys("Escape", "q")
        #expect(try await tmux.rc() == 0)
    }
}
