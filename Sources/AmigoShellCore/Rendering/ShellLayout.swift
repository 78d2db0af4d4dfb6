/// Where each part of the screen goes for a terminal of a given size.
///
/// ```
/// title / breadcrumb                                         (row 0)
/// ┌ Tables ┐┌ Grid ───────────────────────┐┌ SQL echo ──────┐
/// │        ││                             ││                │
/// └────────┘└─────────────────────────────┘└────────────────┘
/// 1 artist → AC/DC  2 tracks 10                              (row h-3: the current row's links)
/// status line                                                (row h-2)
/// prompt / key hints                                         (row h-1)
/// ```
///
/// On terminals narrower than ``wideWidth`` the echo pane goes below the grid.
package struct ShellLayout: Sendable, Equatable {
    /// The smallest usable terminal.
    package static let minimumWidth = 40
    /// The smallest usable terminal.
    package static let minimumHeight = 10
    /// From this width on, the echo pane sits at the right of the grid.
    package static let wideWidth = 110

    /// Row 0.
    public let title: Rect
    /// The tables pane (box).
    public let tables: Rect
    /// The grid pane (box).
    package let grid: Rect
    /// The echo pane (box), when shown.
    package let echo: Rect?
    /// The status line.
    public let status: Rect
    /// The prompt line.
    package let prompt: Rect
    /// The line above the status line that lists the current row's links (``RowLinks``), as
    /// wide as the screen; nil on a terminal too short to spare it.
    public let links: Rect?
    /// From this height on, the links line is shown.
    package static let linksHeight = 14

    /// The layout for `width` × `height`, or nil when the terminal is too small.
    package init?(width: Int, height: Int, echoVisible: Bool) {
        guard width >= ShellLayout.minimumWidth, height >= ShellLayout.minimumHeight else { return nil }
        title = Rect(x: 0, y: 0, width: width, height: 1)
        status = Rect(x: 0, y: height - 2, width: width, height: 1)
        prompt = Rect(x: 0, y: height - 1, width: width, height: 1)
        links = height >= ShellLayout.linksHeight ? Rect(x: 0, y: height - 3, width: width, height: 1) : nil
        let bodyHeight = height - 3 - (links == nil ? 0 : 1)
        let tablesWidth = min(30, max(16, width / 6))
        tables = Rect(x: 0, y: 1, width: tablesWidth, height: bodyHeight)
        let rest = width - tablesWidth
        if echoVisible && width >= ShellLayout.wideWidth {
            let echoWidth = max(30, rest * 3 / 10)
            grid = Rect(x: tablesWidth, y: 1, width: rest - echoWidth, height: bodyHeight)
            echo = Rect(x: width - echoWidth, y: 1, width: echoWidth, height: bodyHeight)
        } else if echoVisible && bodyHeight >= 14 {
            let echoHeight = max(5, bodyHeight / 3)
            grid = Rect(x: tablesWidth, y: 1, width: rest, height: bodyHeight - echoHeight)
            echo = Rect(x: tablesWidth, y: 1 + bodyHeight - echoHeight, width: rest, height: echoHeight)
        } else {
            grid = Rect(x: tablesWidth, y: 1, width: rest, height: bodyHeight)
            echo = nil
        }
    }

    /// Data rows that fit in the grid (inside the box, under the header).
    package var gridRows: Int { max(1, grid.height - 4) }
}
