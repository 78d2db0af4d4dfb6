import Amigo

/// Runs command lines without a terminal UI: for `-c`, for standard input that is not a
/// terminal, and when the terminal cannot be used. Results go to `output` as aligned text,
/// errors to `errors`; the run fails (``failed``) if any command failed.
public final class TextModeRunner {
    /// The explorer commands act on.
    public let explorer: Explorer
    private let output: (String) -> Void
    private let errors: (String) -> Void
    private var echoSubscription: EchoSubscription?
    /// Whether any command failed.
    public private(set) var failed = false
    /// Whether `quit` was run.
    public private(set) var quitRequested = false

    /// Creates a runner. With `echo`, every statement the session runs is written to `errors`
    /// as it runs (the `echo on|off` command switches it).
    ///
    /// Everything written to `output` and `errors` has its terminal controls made visible first
    /// (``TerminalText/safe(_:)``): names, DDL and values come from the file.
    public init(explorer: Explorer, echo: Bool, output: @escaping (String) -> Void, errors: @escaping (String) -> Void) {
        self.explorer = explorer
        self.output = { output(TerminalText.safe($0)) }
        self.errors = { errors(TerminalText.safe($0)) }
        explorer.isEchoOn = echo
        let sink = UncheckedSendable(self.errors)
        echoSubscription = explorer.amigo.engine.echo.subscribe { event in sink.value(event.formatted) }
    }

    deinit { echoSubscription?.cancel() }

    /// Runs one line; returns false when the line asked to quit. An error is reported with
    /// `location` before it (`-c #2`, `line 7`), so that a script's author finds the failing line.
    @discardableResult
    public func run(_ line: String, location: String? = nil) -> Bool {
        do {
            // What another program committed since the last command is read again first.
            explorer.refreshIfChangedElsewhere()
            if let notice = explorer.takeNotice() { errors("note: " + notice) }
            let result = try explorer.run(line)
            if result.quit { quitRequested = true; return false }
            if !result.output.isEmpty { output(result.output) }
        } catch {
            failed = true
            errors((location.map { "\($0): " } ?? "") + "error: " + ErrorText.describe(error))
        }
        // Between commands, failed ones included, the file is left to other programs.
        explorer.releaseIdleLocks()
        return true
    }

    /// Whether the first failing command ends the run (`--bail`, as `sqlite3 -bail`), so that
    /// later commands never answer from a view the failed one did not change.
    public var stopsAtFirstError = false

    /// Runs lines until one quits, one fails with ``stopsAtFirstError``, or they end. An error
    /// names its line as `location(n)` gives it for the n-th line (1-based).
    public func run<S: Sequence>(lines: S, location: (Int) -> String? = { _ in nil }) where S.Element == String {
        for (index, line) in lines.enumerated() {
            if !run(line, location: location(index + 1)) { break }
            if failed && stopsAtFirstError { break }
        }
    }
}

/// Wraps a value for a `@Sendable` closure in this single-threaded program.
struct UncheckedSendable<V>: @unchecked Sendable {
    let value: V
    init(_ value: V) { self.value = value }
}
