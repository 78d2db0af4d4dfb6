import Amigo
import Foundation

/// What the echo pane shows, as lines of its width: each statement the session ran, wrapped at
/// its words, then a line of its values, time, rows and error; and how far back it can scroll.
/// Pure: ``FrameLayout`` clamps the scroll with it and the renderer draws its lines.
enum EchoPaneLines {
    /// How many of the newest statements the pane holds.
    static let statementsKept = 60

    /// The lines of the newest ``statementsKept`` of `events` in a pane `width` columns wide,
    /// oldest first, each with the style of its first run (``EchoPane`` has every run).
    static func lines(_ events: [EchoEvent], width: Int) -> [(text: String, style: TextStyle)] {
        EchoPane(events, width: width, limit: statementsKept).lines.map { ($0.text, $0.pieces.first?.style ?? .plain) }
    }

    /// The scroll of a pane whose inside is `box`, showing `log`'s statements: `wanted` (lines scrolled
    /// back) clamped to the lines there are beyond one screen. A pane too narrow to draw keeps `wanted`.
    static func scroll(_ wanted: Int, log: EchoLog, inside box: Rect) -> Int {
        guard box.width > minimumWidth else { return wanted }
        return min(wanted, max(0, EchoPaneCache.shared.pane(of: log, width: box.width).lines.count - box.height))
    }

    /// The pane's inside draws nothing when it is this narrow or narrower.
    static let minimumWidth = 4

    /// Splits `text` into lines of at most `width` columns, at the spaces between words
    /// (``WordWrap``): SQL in the echo pane and long text in the row detail read unbroken.
    static func wrap(_ text: String, width: Int) -> [String] {
        WordWrap.lines(DisplayWidth.sanitize(text), width: width)
    }
}
