@preconcurrency import CNcursesw
import AmigoShellCore

/// Copies a ``ScreenGrid`` into a curses window.
///
/// Per row, consecutive cells of equal style are joined into one UTF-8 run, written with
/// `wattrset` + `mvwaddstr` (ncursesw decodes UTF-8 under the UTF-8 locale and positions wide
/// characters with the same `wcwidth` as ``DisplayWidth``). Continuation cells (`""`) are skipped:
/// the wide character before them already covers them. The grid is clipped to the window, a wide
/// character cut by the window's right edge becomes a space, and the bottom-right cell of the
/// window is never written, because some terminals scroll when it is.
func blit(_ grid: ScreenGrid, into window: UnsafeMutablePointer<WINDOW>, colors: Bool) {
    let windowHeight = Int(amigo_maxy(window))
    let windowWidth = Int(amigo_maxx(window))
    for row in 0..<min(grid.height, windowHeight) {
        let limit = min(grid.width, row == windowHeight - 1 ? windowWidth - 1 : windowWidth)
        var run = ""
        var runStart = 0
        var runStyle = TextStyle.plain
        func flush() {
            guard !run.isEmpty else { return }
            _ = amigo_wattrset(window, CursesStyle.attributes(for: runStyle, colors: colors))
            mvwaddstr(window, Int32(row), Int32(runStart), run)
            run = ""
        }
        var column = 0
        while column < limit {
            let cell = grid[row, column]
            var span = 1
            while column + span < grid.width && grid[row, column + span].text.isEmpty { span += 1 }
            let text: String
            if cell.text.isEmpty {
                text = " "   // an orphaned continuation cell; ScreenGrid never produces one
                span = 1
            } else if column + span > limit {
                text = String(repeating: " ", count: limit - column)
                span = limit - column
            } else {
                text = cell.text
            }
            if run.isEmpty || cell.style != runStyle {
                flush()
                runStart = column
                runStyle = cell.style
            }
            run += text
            column += span
        }
        flush()
    }
    _ = amigo_wattrset(window, amigo_A_NORMAL())
}
