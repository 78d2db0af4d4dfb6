@preconcurrency import CReadline
@preconcurrency import Glibc
import AmigoShellCore

/// GNU readline in callback mode inside curses.
///
/// Curses owns the terminal: readline never reads the tty (its `getc` pops a byte queue that
/// ``LineEditor`` fills from decoded keys), never touches tty modes (prep/deprep are no-ops),
/// never writes to the terminal (`rl_outstream` is the null device; its redisplay function draws
/// a ``PromptLayout`` into the grid) and lists no matches itself (a hook passes them to the caller).
///
/// Readline's callbacks are C function pointers that cannot capture context, so the state they
/// use lives here in `nonisolated(unsafe)` statics. Invariant: readline is not reentrant and the
/// shell is single-threaded; everything here runs on the thread inside ``LineEditor/readLine``.
enum ReadlineGlue {
    /// The prompt being edited; nil when no prompt is open.
    nonisolated(unsafe) static var session: PromptSession?
    /// Bytes waiting to be read by readline.
    nonisolated(unsafe) private static var input: [UInt8] = []
    /// The candidates of the current completion, handed out by the generator.
    nonisolated(unsafe) private static var candidates: [String] = []
    nonisolated(unsafe) private static var candidateIndex = 0
    nonisolated(unsafe) private static var configured = false

    /// One-time readline setup.
    static func configure() {
        guard !configured else { return }
        configured = true
        rl_readline_name = UnsafePointer(strdup("amigo-shell"))
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        rl_change_environment = 0
        rl_outstream = fopen("/dev/null", "w")
        rl_prep_term_function = { _ in }
        rl_deprep_term_function = { }
        rl_getc_function = { _ in ReadlineGlue.nextByte() }
        rl_input_available_hook = { ReadlineGlue.input.isEmpty ? 0 : 1 }
        rl_redisplay_function = { ReadlineGlue.redisplay() }
        rl_attempted_completion_function = { text, start, _ in ReadlineGlue.complete(text, start: start) }
        rl_completion_display_matches_hook = { matches, count, _ in ReadlineGlue.show(matches, count: count) }
        rl_initialize()   // reads ~/.inputrc; the settings below win over it
        rl_completer_word_break_characters = UnsafePointer(strdup(" \t\n\"'`@$><=;|&{(),"))
        rl_variable_bind("bell-style", "none")                // the bell would go to stderr
        rl_variable_bind("show-all-if-ambiguous", "on")       // list candidates on the first Tab
        rl_variable_bind("completion-ignore-case", "on")
        rl_variable_bind("revert-all-at-newline", "on")       // edits to recalled lines are undone
        rl_variable_bind("enable-bracketed-paste", "off")
        rl_bind_keyseq("\u{1B}[3~", rl_delete)
        // Ctrl-X Ctrl-E: the line in $VISUAL/$EDITOR (as bash), put back in the prompt.
        rl_bind_keyseq("\u{18}\u{05}") { _, _ in ReadlineGlue.editInEditor() }
    }

    /// Ctrl-X Ctrl-E: edits the line in the user's editor with curses left for the time
    /// (``ExternalEditor``), and puts the edited text in the prompt (Enter runs it).
    private static func editInEditor() -> Int32 {
        guard let session else { return 0 }
        let line = currentLine
        if let edited = session.screen.outsideCurses({ ExternalEditor.edit(line) }) {
            rl_replace_line(edited, 0)
            rl_point = rl_end
        }
        redisplay()
        return 0
    }

    /// Queues `bytes` and lets readline process them until the queue is empty or the line is done.
    /// Bytes left after the line is done are dropped.
    static func feed(_ bytes: [UInt8]) {
        input.append(contentsOf: bytes)
        while !input.isEmpty, let session, !session.done {
            rl_callback_read_char()
        }
        input.removeAll()
    }

    /// Inserts a paste at the cursor as one line of text (``Key/pastedLine(_:)``): its line breaks
    /// submit nothing. One insertion and one redraw, however long the paste.
    static func insert(_ pasted: String) {
        let line = Key.pastedLine(pasted)
        guard !line.isEmpty else { return }
        rl_insert_text(line)
        redisplay()
    }

    /// Ends the current line without a result, letting readline finish it normally (by accepting
    /// it while ``PromptSession/cancelling`` is set) so its undo and history state is cleaned up.
    static func cancel() {
        guard let session else { return }
        session.cancelling = true
        for _ in 0..<3 where !session.done {   // a quoted-insert (C-v) may swallow the first Return
            feed([13])
        }
        if !session.done {
            rl_callback_handler_remove()
            session.done = true
        }
        session.result = nil
    }

    /// Readline's line handler: called with the finished line (malloc'd), or nil at end of input.
    static func accept(_ line: UnsafeMutablePointer<CChar>?) {
        let text = line.map { String(cString: $0) }
        free(line)
        rl_callback_handler_remove()
        guard let session else { return }
        session.done = true
        session.result = session.cancelling ? nil : text
    }

    /// The text being edited now.
    static var currentLine: String {
        let bytes = rl_line_buffer.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(max(0, rl_end)))) } ?? []
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Draws the background from the session's `redraw` with the prompt row on top.
    static func redisplay() {
        guard let session else { return }
        var grid = session.redraw()
        guard grid.height > 0 else { return }
        let row = min(max(0, session.row()), grid.height - 1)
        let prompt = rl_display_prompt.map { String(cString: $0) } ?? ""
        let line = rl_line_buffer.map {
            Array(UnsafeRawBufferPointer(start: $0, count: Int(max(0, rl_end))))
        } ?? []
        // The blit never writes the bottom-right cell, so a prompt on the last row is one shorter.
        let width = row == grid.height - 1 ? grid.width - 1 : grid.width
        let layout = PromptLayout(prompt: prompt, line: line, point: Int(rl_point), width: width)
        grid.fill(Rect(x: 0, y: row, width: grid.width, height: 1))
        grid.put(layout.text, row: row, column: 0, maxWidth: width)
        if let colouring = session.colouring {
            // Each run at its place in the line, where the row shows that part of it.
            for run in colouring(String(decoding: line, as: UTF8.self)) {
                let column = layout.lineOrigin + run.column
                guard column >= layout.field.lowerBound, column < layout.field.upperBound else { continue }
                grid.put(run.text, row: row, column: column, maxWidth: layout.field.upperBound - column, style: run.style)
            }
        }
        grid.cursor = GridPosition(row: row, column: max(0, min(layout.cursorColumn, grid.width - 1)))
        session.screen.draw(grid)
    }

    /// readline's `getc`: the next queued byte. Readline only asks for more than is queued in
    /// unusual states (a prefix key waiting for its sequence); then wait for the next key.
    private static func nextByte() -> Int32 {
        while input.isEmpty {
            guard let session else { return 13 }
            guard let key = session.screen.readKey() else {
                session.cancelling = true   // input ended: finish the line as cancelled
                return 13
            }
            if case .resize = key { redisplay(); continue }
            if case .paste(let text) = key { insert(text); continue }
            if let bytes = KeyDecoding.readlineBytes(for: key) { input.append(contentsOf: bytes) }
        }
        return Int32(input.removeFirst())
    }

    /// The attempted-completion hook: asks the provider, keeps candidates that extend the word.
    private static func complete(_ text: UnsafePointer<CChar>?, start: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1   // never fall back to file names
        guard let provider = session?.completionProvider, let text else { return nil }
        let word = String(cString: text)
        let lineBytes = rl_line_buffer.map {
            Array(UnsafeRawBufferPointer(start: $0, count: Int(max(0, rl_end))))
        } ?? []
        let startByte = min(max(0, Int(start)), lineBytes.count)
        let request = CompletionRequest(
            line: String(decoding: lineBytes, as: UTF8.self),
            wordStart: String(decoding: lineBytes[..<startByte], as: UTF8.self).count,
            word: word)
        // Readline replaces the word with the candidates' common prefix: keep only real extensions.
        let lowercasedWord = word.lowercased()
        candidates = provider(request).filter { $0.lowercased().hasPrefix(lowercasedWord) }
        guard !candidates.isEmpty else { return nil }
        // A path completed to its dot (`inventories.`) goes on at once: no space after it.
        if candidates.count == 1, let last = candidates[0].last, last == "." || last == "/" { rl_completion_suppress_append = 1 }
        return rl_completion_matches(text) { _, state in
            if state == 0 { ReadlineGlue.candidateIndex = 0 }
            guard ReadlineGlue.candidateIndex < ReadlineGlue.candidates.count else { return nil }
            defer { ReadlineGlue.candidateIndex += 1 }
            return strdup(ReadlineGlue.candidates[ReadlineGlue.candidateIndex])
        }
    }

    /// The match-listing hook: `matches[1...count]` go to the caller instead of the terminal.
    private static func show(_ matches: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, count: Int32) {
        guard let matches, let session, count > 0 else { return }
        let list = (1...Int(count)).compactMap { matches[$0].map { String(cString: $0) } }
        session.onMatches(list)
        redisplay()
    }
}
