import Amigo
import AmigoShellCore
import AmigoTerminal
import Foundation

/// The curses UI: reads keys, feeds them to the pure ``ShellApp``, opens readline prompts when
/// asked, and draws what the app renders. Single-threaded.
struct TerminalMode {
    let explorer: Explorer

    func run() throws {
        let app = ShellApp(explorer: explorer)
        let screen = try TerminalScreen()
        defer { screen.stop() }
        let editor = LineEditor(historyPath: nil)
        let box = UncheckedBox(app)
        var promptKind = ShellApp.PromptKind.command
        let kindBox = UncheckedBox(Ref(promptKind))
        editor.completionProvider = { request in
            Completion.candidates(line: request.line, wordStart: request.wordStart, word: request.word,
                                  kind: kindBox.value.value, explorer: box.value.explorer)
        }
        func render() -> ScreenGrid {
            let (width, height) = screen.size
            return app.render(width: width, height: height)
        }
        screen.draw(render())
        if explorer.completeDeferredCounts() { screen.draw(render()) }
        explorer.releaseIdleLocks()
        keys: while true {
            let key: Key
            switch screen.waitForKey(idleAfterMilliseconds: 1000) {
            case .closed: break keys
            case .idle:
                if screen.resumeIfSuspended() { screen.draw(render()) }
                // Another program committed: show its rows and counts (checked once a second).
                if explorer.refreshIfChangedElsewhere() {
                    app.showNotices()
                    screen.draw(render())
                }
                // Counts of big tables left at `10000+` finish while nothing is pressed.
                if explorer.completeDeferredCounts() { screen.draw(render()) }
                explorer.releaseIdleLocks()
                continue keys
            case .key(let pressed): key = pressed
            }
            var effect = app.handle(key)
            while case .prompt(let request) = effect {
                promptKind = request.kind
                kindBox.value.value = request.kind
                let line = editor.readLine(prompt: request.prompt, initialText: request.initialText,
                                           row: { screen.size.height - 1 }, screen: screen, redraw: { render() },
                                           onMatches: { matches in app.showMatches(matches) })
                effect = app.submit(request.kind, text: line)
            }
            if effect == .quit { break keys }
            if effect == .redraw { screen.repaintAll() }
            if effect == .suspend { screen.suspend() }
            screen.resumeIfSuspended()
            screen.draw(render())
            // Idle: finish a deferred count (a huge table's), then show it.
            if explorer.completeDeferredCounts() { screen.draw(render()) }
            explorer.releaseIdleLocks()
        }
        _ = promptKind
        try? explorer.session.close()
    }
}

/// A mutable cell shared with the completion callback.
final class Ref<V> {
    var value: V
    init(_ value: V) { self.value = value }
}

/// Lets the single-threaded UI hand non-Sendable state to readline's `@Sendable` callback.
struct UncheckedBox<V>: @unchecked Sendable {
    let value: V
    init(_ value: V) { self.value = value }
}
