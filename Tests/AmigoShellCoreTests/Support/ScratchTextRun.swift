import Amigo
import AmigoTestSupport
@testable import AmigoShellCore

/// A text-mode runner on a fresh SQLite file made by `schema`, with what it writes (results and
/// `error: …` lines) collected for a test to read.
final class ScratchTextRun {
    /// The file (the caller removes it, `TemporaryFile.remove(path)`).
    let path: String
    /// The runner.
    let runner: TextModeRunner
    private var collected = ""

    /// A runner in `mode` over a new file named after `name`, its tables made by `schema`.
    init(_ name: String, schema: String, mode: OutputMode = .table, header: Bool = true) throws {
        path = TemporaryFile.path(name)
        try SQLiteEngine(path: path, options: OpenOptions(create: true)).executeScript(schema)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path)
        var sink: (String) -> Void = { _ in }
        runner = TextModeRunner(explorer: explorer, echo: false, mode: mode, header: header,
                                output: { sink($0) }, errors: { sink("error: " + $0 + "\n") })
        sink = { [unowned self] in collected += $0 }
    }

    /// What the runner wrote since the last call.
    func printed() -> String {
        defer { collected = "" }
        return collected
    }
}
