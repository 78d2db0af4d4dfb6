@preconcurrency import CReadline
@preconcurrency import Glibc

/// The prompts' shared readline history and its file (the UI's prompts and the fallback `amigo>`).
enum ReadlineHistory {
    /// Adds `line` to readline's history and appends it to the file at `path`, skipping blanks
    /// and a repeat of the last line. The file is appended to rather than rewritten, so that
    /// concurrent shells do not drop each other's lines (`append_history` cannot create it,
    /// `write_history` can), then cut to ``LineEditor/historyLimit`` lines. readline rewrites a
    /// file through a temporary file renamed over it: never over something that is not a regular
    /// file, such as /dev/null (`AMIGO_HISTFILE=/dev/null` turns the file off).
    static func remember(_ line: String, path: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        if history_length > 0, let last = history_get(history_base + history_length - 1),
           let text = last.pointee.line, String(cString: text) == line {
            return
        }
        add_history(line)
        if exists(path) && !isRegularFile(path) { return }
        if append_history(1, path) != 0 { write_history(path) }
        history_truncate_file(path, LineEditor.historyLimit)
    }

    /// Reads the history file at `path` into readline's history, when it is a regular file (a
    /// FIFO would block the start until something wrote to it; /dev/null holds nothing).
    static func load(_ path: String) {
        guard isRegularFile(path) else { return }
        read_history(path)
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
