// TextModeRunner: running the lines of a script, `-c` arguments or standard input.

import Amigo

extension TextModeRunner {
    /// Runs lines until one quits, one fails with ``stopsAtFirstError``, or they end; then
    /// prints the view if the last command changed it (``finish()``). An error names its line
    /// as `location(n)` gives it for the n-th line (1-based).
    ///
    /// With `joiningStatements` (a script on standard input or in a file), an SQL statement goes
    /// on over the next lines until one ends it with `;`, as in sqlite3 (``ScriptStatements``),
    /// and its error names the line it started on; without (`-c`, whose every argument is one
    /// command), every line runs alone.
    public func run<S: Sequence>(lines: S, location: (Int) -> String? = { _ in nil }, joiningStatements: Bool = true)
    where S.Element == String {
        _ = runLines(lines, location: location, joiningStatements: joiningStatements)
        finish()
    }

    /// Whether the lines read so far began an SQL statement that no line has ended yet (a prompt
    /// then asks for the rest).
    package var isInsideStatement: Bool { statementState.isInsideStatement }

    /// Drops the SQL statement being read over several lines (Ctrl-C at its `...>` prompt, as
    /// psql drops its query buffer): the next line starts a command or statement of its own.
    public func discardStatement() {
        if statementState.isInsideStatement { statementState.discardRequested = true }
    }

    /// Runs lines; false when one asked to quit.
    func runLines<S: Sequence>(_ lines: S, location: (Int) -> String?, joiningStatements: Bool) -> Bool
    where S.Element == String {
        if !joiningStatements {
            for (index, line) in lines.enumerated() {
                if !run(line, location: location(index + 1)) { return false }
                if failed && stopsAtFirstError { return true }
            }
            return true
        }
        // A file read by `read` while a statement is being read has statements of its own.
        let state = readDepth == 0 ? statementState : ScriptStatements<AnyIterator<String>>.State()
        for unit in ScriptStatements(AnyIterator(lines.makeIterator()), state: state) {
            if !run(unit.text, location: location(unit.line)) { return false }
            if failed && stopsAtFirstError { return true }
        }
        return true
    }


    /// Ends a run: when its last command only changed the view, prints that view (the row, for
    /// `get`), then closes the `output` file.
    public func finish() {
        if let (command, text) = deferred {
            deferred = nil
            do {
                if mode.writesEveryRow {
                    try printView(after: command)
                } else if !text.isEmpty {
                    try write(text + "\n")
                }
            } catch ShellError.outputClosed {
                outputReaderGone = true
            } catch {
                report(error, location: nil)
            }
        }
        once?.close()
        once = nil
        redirect?.close()
        redirect = nil
        scriptTransaction.end()
        // Changes nobody committed are lost when the session closes: never an exit status of 0.
        if explorer.pendingChanges > 0 {
            requestedExitStatus = nil
            report(ShellError.uncommittedAtEnd(count: explorer.pendingChanges), location: nil)
        }
    }
}
