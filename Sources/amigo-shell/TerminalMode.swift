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
        // Any query can be cancelled: after 150 ms the status line says so, and Esc stops it.
        let watchdog = QueryWatchdog(now: { DispatchTime.now().uptimeNanoseconds },
                                     pollKey: { screen.readKey(timeoutMilliseconds: 0) },
                                     showWorking: { screen.showStatus("working… Esc or Ctrl-C cancels the query") })
        let watchdogBox = UncheckedBox(watchdog)
        explorer.amigo.engine.setInterruptCheck { watchdogBox.value.shouldInterrupt() }
        defer { explorer.amigo.engine.setInterruptCheck(nil) }
        /// Runs idle work that any key interrupts; the key is handled next.
        func idle<T>(_ work: () -> T) -> T {
            watchdog.begin(.idle)
            defer { watchdog.end() }
            return work()
        }
        var queued: [Key] = []

        func render() -> ScreenGrid {
            let (width, height) = screen.size
            return app.render(width: width, height: height)
        }
        screen.draw(render())
        if idle({ explorer.completeDeferredCounts() }) { screen.draw(render()) }
        queued += watchdog.takeKeys()
        explorer.releaseIdleLocks()
        keys: while true {
            let key: Key
            if !queued.isEmpty {
                key = queued.removeFirst()
            } else {
                switch screen.waitForKey(idleAfterMilliseconds: 1000) {
                case .closed: break keys
                case .idle:
                    if screen.resumeIfSuspended() { screen.draw(render()) }
                    // Another program committed: show its rows and counts (checked once a second).
                    if idle({ explorer.refreshIfChangedElsewhere() }) {
                        app.showNotices()
                        screen.draw(render())
                    }
                    // Counts of big tables left at `10000+` finish while nothing is pressed.
                    if idle({ explorer.completeDeferredCounts() }) { screen.draw(render()) }
                    queued += watchdog.takeKeys()
                    explorer.releaseIdleLocks()
                    continue keys
                case .key(let pressed): key = pressed
                }
            }
            watchdog.begin(.key)
            var effect = app.handle(key)
            watchdog.end()
            while case .prompt(let request) = effect {
                promptKind = request.kind
                kindBox.value.value = request.kind
                let line = editor.readLine(prompt: request.prompt, initialText: request.initialText,
                                           row: { screen.size.height - 1 }, screen: screen, redraw: { render() },
                                           onMatches: { matches in app.showMatches(matches) },
                                           onChange: app.changesAsYouType(request.kind) ? { text in
                                               watchdog.begin(.key)
                                               app.typed(request.kind, text: text)
                                               watchdog.end()
                                           } : nil)
                watchdog.begin(.key)
                effect = app.submit(request.kind, text: line)
                watchdog.end()
            }
            queued += watchdog.takeKeys()
            if effect == .quit { break keys }
            if effect == .redraw { screen.repaintAll() }
            if effect == .suspend { screen.suspend() }
            screen.resumeIfSuspended()
            // Drawing reads rows too (a page far into a view sorted by a computed value): cancellable.
            watchdog.begin(.key)
            screen.draw(render())
            watchdog.end()
            // Idle: finish a deferred count (a huge table's), then show it.
            if queued.isEmpty, idle({ explorer.completeDeferredCounts() }) { screen.draw(render()) }
            queued += watchdog.takeKeys()
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

/// Lets the single-threaded UI hand non-Sendable state to readline's and SQLite's `@Sendable` callbacks.
struct UncheckedBox<V>: @unchecked Sendable {
    let value: V
    init(_ value: V) { self.value = value }
}
