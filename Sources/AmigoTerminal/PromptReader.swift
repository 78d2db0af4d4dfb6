@preconcurrency import CReadline
@preconcurrency import Glibc

/// The `amigo>` prompt of text mode when standard input is a terminal but the full-screen UI
/// cannot run (`TERM=dumb`, no terminfo entry): GNU readline on the terminal itself, with
/// emacs keys and the history of ``LineEditor`` (the same file).
///
/// Ctrl-C cancels the line being typed and shows a fresh prompt (and, while a command runs,
/// stops its query: see ``takeInterrupt()``); Ctrl-D on an empty line ends input with the cursor
/// on a new line. Not for use together with ``LineEditor`` in one process (readline is global).
public final class PromptReader {
    /// The history file (as ``LineEditor/historyPath``).
    public let historyPath: String

    /// Candidates for the word being completed when Tab is pressed (the command language and SQL,
    /// as at the UI's `:` prompt); none when nil.
    nonisolated(unsafe) public static var completionProvider: ((CompletionRequest) -> [String])?
    nonisolated(unsafe) private static var candidates: [String] = []
    nonisolated(unsafe) private static var candidateIndex = 0

    /// Set by the SIGINT handler; read and cleared by ``takeInterrupt()`` and the prompt.
    nonisolated(unsafe) private static var interrupted: sig_atomic_t = 0
    /// The line readline handed over, while ``readLine(prompt:)`` waits for it.
    nonisolated(unsafe) private static var line: String?
    nonisolated(unsafe) private static var done = false

    /// Sets readline up on the terminal and installs the Ctrl-C handler.
    public init(historyPath: String? = nil) {
        let environment = getenv("AMIGO_HISTFILE").map { String(cString: $0) }
        let home = getenv("HOME").map { String(cString: $0) } ?? "."
        if let environment, !environment.isEmpty {
            self.historyPath = environment
        } else {
            self.historyPath = historyPath ?? "\(home)/.amigo_shell_history"
        }
        rl_readline_name = UnsafePointer(strdup("amigo-shell"))
        rl_catch_signals = 0      // Ctrl-C is handled here, not by readline
        rl_catch_sigwinch = 1
        rl_change_environment = 0
        rl_initialize()
        rl_variable_bind("enable-bracketed-paste", "off")
        rl_completer_word_break_characters = UnsafePointer(strdup(" \t\n\"'`@$><=;|&{(),"))
        rl_attempted_completion_function = { text, start, _ in PromptReader.complete(text, start: start) }
        // Ctrl-X Ctrl-E: the line in $VISUAL/$EDITOR (as bash), put back in the prompt.
        rl_bind_keyseq("\u{18}\u{05}") { _, _ in PromptReader.editInEditor() }
        using_history()
        stifle_history(LineEditor.historyLimit)
        ReadlineHistory.load(self.historyPath)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in PromptReader.interrupted = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0       // no SA_RESTART: a waiting select returns at once
        sigaction(SIGINT, &action, nil)
    }

    /// Whether Ctrl-C was pressed since the last call (clearing it): the engine's interrupt
    /// check, so that Ctrl-C stops a running query instead of the process.
    public static func takeInterrupt() -> Bool {
        guard interrupted != 0 else { return false }
        interrupted = 0
        return true
    }

    /// Set by the Ctrl-C key binding: the line being typed is dropped.
    nonisolated(unsafe) private static var cancelled = false

    /// Shows `prompt` and reads a line; nil when input ends (Ctrl-D on an empty line), after
    /// moving to a new line. Ctrl-C discards what was typed and prompts again.
    ///
    /// While the line is edited, the terminal's interrupt character is switched off, so Ctrl-C
    /// reaches readline as a key (bound here to cancel the line) instead of signalling the whole
    /// process group; readline restores the terminal when the line ends, and Ctrl-C during a
    /// command signals again (stopping its query).
    ///
    /// `onCancel`, when given, is told of each Ctrl-C and returns the prompt to show next (text
    /// mode drops a statement typed over several lines and prompts `amigo> ` again).
    public func readLine(prompt: String, onCancel: (() -> String)? = nil) -> String? {
        var prompt = prompt
        rl_bind_key(3) { _, _ in
            PromptReader.cancelled = true
            rl_done = 1
            return 0
        }
        while true {
            PromptReader.done = false
            PromptReader.cancelled = false
            PromptReader.line = nil
            PromptReader.interrupted = 0
            rl_callback_handler_install(prompt) { text in
                PromptReader.line = text.map { String(cString: $0) }
                free(text)
                PromptReader.done = true
                rl_callback_handler_remove()
            }
            Self.disableInterruptCharacter()
            while !PromptReader.done {
                var readable = fd_set()
                fdZero(&readable)
                fdSet(0, &readable)
                let ready = select(1, &readable, nil, nil, nil)
                if PromptReader.interrupted != 0 {
                    // A SIGINT from elsewhere (kill -INT): treated as Ctrl-C.
                    PromptReader.interrupted = 0
                    PromptReader.cancelled = true
                    rl_callback_sigcleanup()
                    rl_callback_handler_remove()
                    PromptReader.done = true
                    break
                }
                if ready < 0 {
                    if errno == EINTR { continue }
                    rl_callback_handler_remove()
                    break
                }
                if ready > 0 { rl_callback_read_char() }
            }
            if PromptReader.cancelled {
                // `^C` stays visible after what was typed, and a fresh prompt follows.
                fputs("^C\n", stdout)
                fflush(stdout)
                if let onCancel { prompt = onCancel() }
                continue
            }
            break
        }
        guard let line = PromptReader.line else {
            // End of input: the cursor leaves the prompt for a line of its own.
            fputs("\n", stdout)
            fflush(stdout)
            return nil
        }
        remember(line)
        return line
    }

    /// The attempted-completion hook: the provider's candidates that extend the word (never file names).
    private static func complete(_ text: UnsafePointer<CChar>?, start: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1
        guard let provider = completionProvider, let text else { return nil }
        let word = String(cString: text)
        let bytes = rl_line_buffer.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(max(0, rl_end)))) } ?? []
        let startByte = min(max(0, Int(start)), bytes.count)
        let request = CompletionRequest(line: String(decoding: bytes, as: UTF8.self),
                                        wordStart: String(decoding: bytes[..<startByte], as: UTF8.self).count, word: word)
        candidates = provider(request).filter { $0.lowercased().hasPrefix(word.lowercased()) }
        guard !candidates.isEmpty else { return nil }
        // A path completed to its dot (`inventories.`) goes on at once: no space after it.
        if candidates.count == 1, let last = candidates[0].last, last == "." || last == "/" { rl_completion_suppress_append = 1 }
        return rl_completion_matches(text) { _, state in
            if state == 0 { PromptReader.candidateIndex = 0 }
            guard PromptReader.candidateIndex < PromptReader.candidates.count else { return nil }
            defer { PromptReader.candidateIndex += 1 }
            return strdup(PromptReader.candidates[PromptReader.candidateIndex])
        }
    }

    /// Ctrl-X Ctrl-E: edits the line in the user's editor (``ExternalEditor``) with the terminal
    /// in the modes readline found it in, and puts the edited text in the prompt (Enter runs it).
    private static func editInEditor() -> Int32 {
        let bytes = rl_line_buffer.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(max(0, rl_end)))) } ?? []
        fputs("\n", stdout)
        fflush(stdout)
        rl_deprep_terminal()
        let edited = ExternalEditor.edit(String(decoding: bytes, as: UTF8.self))
        rl_prep_terminal(1)
        disableInterruptCharacter()
        if let edited {
            rl_replace_line(edited, 0)
            rl_point = rl_end
        }
        rl_on_new_line()
        rl_redisplay()
        return 0
    }

    /// Turns the terminal's interrupt character (Ctrl-C) off until readline restores the modes.
    private static func disableInterruptCharacter() {
        var modes = termios()
        guard tcgetattr(0, &modes) == 0 else { return }
        withUnsafeMutableBytes(of: &modes.c_cc) { $0[Int(VINTR)] = 0 }   // _POSIX_VDISABLE
        tcsetattr(0, TCSANOW, &modes)
    }

    /// Adds `line` to the history and its file (see ``ReadlineHistory/remember(_:path:)``).
    private func remember(_ line: String) { ReadlineHistory.remember(line, path: historyPath) }
}

/// `FD_ZERO`, which Swift cannot import (a macro).
private func fdZero(_ set: inout fd_set) {
    set = fd_set()
}

/// `FD_SET(fd, set)`, which Swift cannot import (a macro).
private func fdSet(_ fd: Int32, _ set: inout fd_set) {
    let bits = MemoryLayout.size(ofValue: set.__fds_bits.0) * 8
    withUnsafeMutableBytes(of: &set.__fds_bits) { raw in
        let words = raw.bindMemory(to: Int.self)
        words[Int(fd) / bits] |= 1 << (Int(fd) % bits)
    }
}
