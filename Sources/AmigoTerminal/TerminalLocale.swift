@preconcurrency import CNcursesw
@preconcurrency import Glibc

/// Makes sure the process runs with a UTF-8 character type before curses and readline start.
enum TerminalLocale {
    /// Applies the user's locale, forcing UTF-8 character handling when it is not UTF-8.
    ///
    /// With `LANG`/`LC_ALL` unset or `C`, ncursesw prints UTF-8 as `~T~L` garbage, so `LC_CTYPE`
    /// is switched to C.UTF-8 (always present on Debian). Readline's `rl_initialize` later calls
    /// `setlocale(LC_CTYPE, $LC_ALL|$LC_CTYPE|$LANG)` and would undo that, making editing byte-wise,
    /// so the environment is patched too: `LC_ALL` moves to `LANG` (keeping the user's other
    /// categories) and `LC_CTYPE=C.UTF-8`.
    static func ensureUTF8() {
        setlocale(LC_ALL, "")
        guard !codesetIsUTF8() else { return }
        setlocale(LC_CTYPE, "C.UTF-8")
        if let all = getenv("LC_ALL"), all.pointee != 0 {
            setenv("LANG", all, 1)
            unsetenv("LC_ALL")
        }
        setenv("LC_CTYPE", "C.UTF-8", 1)
    }

    private static func codesetIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
