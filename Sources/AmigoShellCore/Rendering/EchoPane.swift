import Amigo

/// The echo pane's lines: each statement the session ran, wrapped at words, then a line of its
/// bound values, time, rows and error. The statements that answered keys read plainly; the
/// bookkeeping around them (counts, link probes, catalog reads: ``EchoPurpose/isBookkeeping``,
/// as the library marks them) and transaction control are dimmed, so the statement that
/// answered a key stands out, in SQL's colours (``SQLHighlighter``).
///
/// With the pane focused, the lowest statement on screen that answered a key is the selected
/// one (scrolling back selects an earlier one): drawn in reverse, and what `y` copies with its values inlined as
/// runnable SQL (``clipping(scroll:height:dialect:)``).
struct EchoPane {
    /// A run of a line drawn in one style.
    struct Piece: Equatable {
        /// The text.
        let text: String
        /// How it is drawn (before selection).
        let style: TextStyle
    }

    /// One line of the pane.
    struct Line: Equatable {
        /// The line's runs, at most the pane's width together.
        let pieces: [Piece]
        /// The index in ``events`` of the statement it belongs to.
        let event: Int

        /// A line of one style.
        init(text: String, style: TextStyle, event: Int) {
            self.init(pieces: [Piece(text: text, style: style)], event: event)
        }

        /// A line of runs.
        init(pieces: [Piece], event: Int) {
            self.pieces = pieces
            self.event = event
        }

        /// The line's text.
        var text: String { pieces.map(\.text).joined() }
    }

    /// The statements shown, oldest first.
    let events: [EchoEvent]
    /// Their lines, oldest first.
    let lines: [Line]

    /// The last `limit` of `events`, laid out for a pane `width` columns wide.
    init(_ events: [EchoEvent], width: Int, limit: Int = 60) {
        let shown = Array(events.suffix(limit))
        self.init(shown, lines: shown.map { Self.lines(of: $0, width: width) })
    }

    /// `events` with each one's lines already laid out (``lines(of:width:)``, in the same order).
    init(_ events: [EchoEvent], lines: [[Line]]) {
        self.events = events
        self.lines = lines.enumerated().flatMap { index, own in own.map { Line(pieces: $0.pieces, event: index) } }
    }

    /// The lines of one statement in a pane `width` columns wide (each with event 0): the SQL
    /// wrapped at its words, then its values, time, rows and error.
    static func lines(of event: EchoEvent, width: Int) -> [Line] {
        var lines: [Line] = []
        let quiet = event.kind == .transaction || event.purpose.isBookkeeping
        // The statement that answered a key in SQL's colours; the rest dimmed.
        var carry = SQLHighlighter.Carry.none
        for line in EchoPaneLines.wrap(event.sql, width: width) {
            if quiet {
                lines.append(Line(text: line, style: ShellRenderer.dimStyle, event: 0))
            } else {
                let pieces = SQLHighlighter.spans(line, carry: &carry).map { Piece(text: $0.text, style: SQLHighlighter.style($0.kind)) }
                lines.append(Line(pieces: pieces, event: 0))
            }
        }
        var detail = event.kind == .transaction ? " " : "  [" + event.arguments.map(\.description).joined(separator: ", ") + "]"
        detail += String(format: " %.2f ms", event.duration * 1000)
        if let rows = event.rowCount, event.kind == .statement { detail += " · " + Plural.count(rows, "row") }
        if let error = event.error { detail += " · " + error }
        let style = event.error != nil ? ShellRenderer.errorStyle : quiet ? TextStyle(.dim, color: .green) : TextStyle(color: .green)
        for line in EchoPaneLines.wrap(detail, width: width) {
            lines.append(Line(text: line, style: style, event: 0))
        }
        return lines
    }

    /// `scroll` (lines back from the newest) clamped to what there is for a pane `height` lines high.
    func clamped(scroll: Int, height: Int) -> Int { min(max(0, scroll), max(0, lines.count - height)) }

    /// The lines on screen, scrolled back by `scroll`, with their indexes in ``lines``.
    func visible(scroll: Int, height: Int) -> ArraySlice<Line> {
        let end = lines.count - clamped(scroll: scroll, height: height)
        return lines[max(0, end - height)..<end]
    }

    /// The index in ``events`` of the selected statement: the lowest on screen that answered a
    /// key (the bookkeeping after it is passed over), else the one the bottom line belongs to.
    func selected(scroll: Int, height: Int) -> Int? {
        let shown = visible(scroll: scroll, height: height)
        let answering = shown.last { events[$0.event].kind == .statement && !events[$0.event].purpose.isBookkeeping }
        return (answering ?? shown.last)?.event
    }

    /// What `y` copies in the echo pane: the selected statement with its bound values written in
    /// place as the dialect's literals (``SQLText/inlined(_:arguments:dialect:)``), ended by `;`.
    ///
    /// - Throws: ``ShellError/nothingToCopy(place:)`` when the pane is empty.
    func clipping(scroll: Int, height: Int, dialect: any SQLDialect) throws -> Clipping {
        guard let index = selected(scroll: scroll, height: height) else {
            throw ShellError.nothingToCopy(place: "the echo pane")
        }
        let event = events[index]
        let text = SQLText.inlined(event.sql, arguments: event.arguments, dialect: dialect) + ";"
        return Clipping(text: text, summary: "copied the statement with its values as SQL: " + Plural.count(text.count, "character"))
    }

    /// What `y` copies in `explorer`'s echo pane scrolled back by `scroll`, laid out as `shown`
    /// (the last frame; nil: the newest statement).
    ///
    /// - Throws: ``ShellError/nothingToCopy(place:)`` when the pane is empty.
    static func clipping(of explorer: Explorer, scroll: Int, shown: FrameLayout?) throws -> Clipping {
        let inner = shown?.panes?.echo?.inset(by: 1)
        return try EchoPaneCache.shared.pane(of: explorer.echoLog, width: inner?.width ?? 40)
            .clipping(scroll: scroll, height: inner?.height ?? 1, dialect: explorer.amigo.engine.dialect)
    }
}
