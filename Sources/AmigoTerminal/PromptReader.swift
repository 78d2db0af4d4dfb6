@preconcurrency import CReadline
import Glibc

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
        using_history()
        stifle_history(LineEditor.historyLimit)
        read_history(self.historyPath)
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

    /// Shows `prompt` and reads a line; nil when input ends (Ctrl-D on an empty line), after
    /// moving to a new line. Ctrl-C discards what was typed and prompts again.
    public func readLine(prompt: String) -> String? {
        PromptReader.done = false
        PromptReader.line = nil
        PromptReader.interrupted = 0
        rl_callback_handler_install(prompt) { text in
            PromptReader.line = text.map { String(cString: $0) }
            free(text)
            PromptReader.done = true
            rl_callback_handler_remove()
        }
        while !PromptReader.done {
            var readable = fd_set()
            fdZero(&readable)
            fdSet(0, &readable)
            let ready = select(1, &readable, nil, nil, nil)
            if PromptReader.interrupted != 0 {
                PromptReader.interrupted = 0
                // Ctrl-C: the line is dropped, `^C` stays visible, and a fresh prompt follows.
                rl_free_line_state()
                rl_callback_sigcleanup()
                rl_replace_line("", 0)
                rl_point = 0
                rl_end = 0
                fputs("^C\n", stdout)
                fflush(stdout)
                rl_on_new_line()
                rl_redisplay()
                continue
            }
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                break
            }
            if ready > 0 { rl_callback_read_char() }
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

    /// Adds `line` to the history and its file, skipping blanks and repeats.
    private func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        if history_length > 0, let last = history_get(history_base + history_length - 1),
           let text = last.pointee.line, String(cString: text) == line {
            return
        }
        add_history(line)
        if append_history(1, historyPath) != 0 { write_history(historyPath) }
        history_truncate_file(historyPath, LineEditor.historyLimit)
    }
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
