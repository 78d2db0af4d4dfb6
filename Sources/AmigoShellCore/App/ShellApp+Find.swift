// ShellApp: find from a prompt, and the completion candidates shown.

import Amigo

extension ShellApp {
    /// Runs a search and shows where it landed (or why it did not) in the status line.
    func runFind(_ text: String, column: String?, backward: Bool, includingCurrent: Bool) {
        guard let view = explorer.current else { setMessage("open a table first"); return }
        let index = column.flatMap { name in view.columns.firstIndex(of: name) }
        attempt {
            let found: String
            do {
                found = try explorer.find(text, column: index, backward: backward, includingCurrent: includingCurrent)
            } catch ShellError.noMatch where index != nil {
                // Not in this column (a last name typed in the first name's): every column.
                found = try explorer.find(text, column: nil, backward: backward, includingCurrent: includingCurrent)
            }
            focus = .grid
            setMessage(found)
        }
    }

    /// Shows ambiguous completion candidates in the status line.
    package func showMatches(_ matches: [String]) {
        setMessage(Completion.matchesLine(matches, views: activePromptKind == .table ? Set(explorer.tables.filter(\.isView).map(\.name)) : []))
    }
}
