import Amigo
import Foundation

/// The terminal UI's event loop and its policies, in the pure core so that they are unit-tested
/// with a scripted terminal and clock:
/// - keys go to the ``ShellApp``; prompts it asks for are read and submitted;
/// - after each key and once a second without one (the idle tick): the current row's links
///   (labels and counts under the panes) are read; a file changed elsewhere is read again,
///   a schema change reflected, a move or replacement noticed, and deferred counts (big tables, views) finished until a key comes;
/// - any query can be cancelled (``QueryWatchdog``): key work says it is working (or waiting for
///   a lock another program holds) after 150 ms — with its progress (``WorkMeter``): rows done,
///   percent, rate — and Esc stops it; idle work stops at the first
///   key, which is handled next;
/// - between keys the session holds no lock while nothing is pending.
package final class ShellRunLoop {
    /// The app the keys go to.
    public let app: ShellApp
    private let terminal: ShellTerminal
    private let watchdog: QueryWatchdog
    private var queued: [Key] = []
    /// How long the loop waits for a key before doing idle work.
    package var idleAfterMilliseconds = 1000

    /// A loop over `app` drawing on `terminal`; `now` is a monotonic clock in nanoseconds.
    package init(app: ShellApp, terminal: ShellTerminal, now: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.app = app
        self.terminal = terminal
        self.watchdog = QueryWatchdog(now: now, pollKey: { [unowned terminal] in terminal.pollKey() },
                                      showWorking: { [unowned terminal, unowned app] in
                                          // Long work that meters itself (an export, a profile, a count) says how far it has come.
                                          terminal.showStatus(app.explorer.database.meter.status() ?? "working… Esc or Ctrl-C cancels the query")
                                      },
                                      showWaitingForLock: { [unowned terminal] in
                                          terminal.showStatus("waiting for a lock held by another program… Esc or Ctrl-C cancels")
                                      },
                                      endRequested: { [unowned terminal] in terminal.endRequested })
    }

    private var explorer: Explorer { app.explorer }

    /// Metered work (``WorkMeter``) has progress that moves: its status line is shown again while it runs.
    private func showProgressWhileMetered() {
        watchdog.refreshes = { [unowned app] in app.explorer.database.meter.activity != nil }
    }

    /// Runs until the app quits or input ends; closes the session (rolling back what was not committed).
    public func run() {
        let watchdog = self.watchdog
        showProgressWhileMetered()
        let box = UncheckedSendable(watchdog)
        explorer.amigo.engine.setWaitCheck { box.value.shouldInterrupt($0) }
        // Slow pattern matching is work the person sees and cancels, not a fixed total budget.
        let sqlite = explorer.amigo.engine as? SQLiteEngine
        let matchingBudget = sqlite?.totalMatchingBudget
        sqlite?.totalMatchingBudget = nil
        defer {
            sqlite?.totalMatchingBudget = matchingBudget
            explorer.amigo.engine.setInterruptCheck(nil)
            try? explorer.session.close()
        }
        draw()
        completeCountsWhileIdle()
        afterWork()
        while let key = nextKey() {
            if handle(key) == .quit { break }
        }
    }

    /// The next key: one typed while work ran, else one from the terminal, running idle work
    /// while none comes; nil when input ends.
    func nextKey() -> Key? {
        while true {
            if !queued.isEmpty { return queued.removeFirst() }
            switch terminal.waitForKey(idleAfterMilliseconds: idleAfterMilliseconds) {
            case .closed: return nil
            case .key(let key): return key
            case .idle: idleTick()
            }
        }
    }

    /// The idle tick: take the terminal back after a stop, show what others committed, finish a count.
    func idleTick() {
        if terminal.resumeIfSuspended() { draw() }
        if idle({ explorer.refreshIfChangedElsewhere() }) {
            app.rowLinks.forget()    // another program's commit may have changed them
            app.showNotices()
            draw()
        }
        // A server that went away is found by the check above (or, with changes pending, by a
        // ping): offer to connect again.
        idle { explorer.checkConnectionWhilePending() }
        if app.noticeLostConnection() {
            draw()
            discardTypeahead()
        }
        // The current row's links, then counts of big tables left at `10000+`, finish while nothing is pressed.
        if idle({ app.completeRowLinks() }) { draw() }
        completeCountsWhileIdle()
        // The age of a transaction holding changes, in the status line, goes on counting.
        if let age = explorer.pendingTransactionAge(), age >= ShellApp.transactionAgeShownAfter { draw() }
        afterWork()
    }

    /// Handles one key and what it leads to (prompts, redraw, suspend); returns the last effect.
    @discardableResult
    func handle(_ key: Key) -> ShellApp.ShellEffect {
        countsStoppedUntilKey = false
        let wasConfirming = app.isConfirming
        var effect = keyWork { app.handle(key, in: shownLayout) }
        while case .prompt(let request) = effect {
            app.activePromptKind = request.kind
            // Keys typed before the prompt opened (while work ran) are the prompt's first keys.
            terminal.unread(queued + watchdog.takeKeys())
            queued.removeAll()
            let asYouType: ((String) -> Void)? = app.changesAsYouType(request.kind)
                ? { [unowned self] text in
                    keyWork { app.typed(request.kind, text: text) }
                    // Keys typed while that ran are the prompt's next ones, not the grid's.
                    terminal.unread(watchdog.takeKeys())
                } : nil
            let line = terminal.readLine(request, redraw: { [unowned self] in render() },
                                         onMatches: { [unowned self] in app.showMatches($0) }, onChange: asYouType)
            effect = keyWork { app.submit(request.kind, text: line) }
        }
        switch effect {
        case .quit: return .quit
        case .redraw: terminal.repaintAll()
        case .suspend: terminal.suspend()
        case .copyToClipboard(let text): terminal.copyToClipboard(text)
        default: break
        }
        _ = terminal.resumeIfSuspended()
        keyWork { draw() }
        // A confirmation this key opened is answered by keys typed after it was shown: `Dy`
        // typed ahead, or pasted where the terminal does not bracket pastes, confirms nothing.
        if app.isConfirming && !wasConfirming { discardTypeahead() }
        // Idle: read the current row's links, finish a deferred count (a huge table's), then show them.
        if queued.isEmpty, idle({ app.completeRowLinks() }) { draw() }
        completeCountsWhileIdle()
        afterWork()
        return effect
    }

    /// Finishes deferred counts (big tables, views) one after another while no key comes,
    /// drawing after each, their progress in the status line while one runs: a key typed
    /// meanwhile stops the count running and is handled next; Esc only stops it, and counting
    /// waits for the next key (the view and its count so far stay as they were).
    private func completeCountsWhileIdle() {
        guard !countsStoppedUntilKey else { return }
        while queued.isEmpty, idle(escapeOnlyStops: true, { explorer.completeDeferredCounts() }) {
            draw()
            queued += watchdog.takeKeys()
            if queued.isEmpty, let key = terminal.pollKey() { queued.append(key) }
        }
        if watchdog.stoppedIdleWorkWithEscape {
            countsStoppedUntilKey = true
            app.setMessage(Self.countingStopped)
            draw()
        }
    }

    /// What the status line says when Esc stopped a count running while idle.
    package static let countingStopped = "counting stopped (Esc): a count shown with + is a lower bound; counting goes on after the next key"

    /// Whether Esc stopped the counts running while idle: they wait for the next key.
    private var countsStoppedUntilKey = false

    /// The layout of the frame last drawn: keys act on the screen as it was shown.
    private var shownLayout: FrameLayout?

    /// Lays out a frame for the terminal's size, sizes the explorer's reads to it (the one place
    /// ``Explorer/viewportRows`` follows the screen: reads and paging fetch as many rows as the
    /// grid shows), keeps it for the keys, and renders it.
    private func render() -> ScreenGrid {
        let (width, height) = terminal.size
        let layout = FrameLayout(app, width: width, height: height)
        if let rows = layout.gridRows { explorer.viewportRows = rows }
        shownLayout = layout
        return app.render(layout)
    }

    private func draw() { terminal.draw(render()) }

    /// Work a key started: cancellable with Esc after 150 ms.
    private func keyWork<T>(_ work: () -> T) -> T {
        watchdog.begin(.key)
        defer { watchdog.end() }
        return work()
    }

    /// Work nobody asked for: stopped by the first key (kept, to be handled next; with
    /// `escapeOnlyStops`, an Esc only stops it).
    private func idle<T>(escapeOnlyStops: Bool = false, _ work: () -> T) -> T {
        watchdog.begin(.idle, escapeOnlyStops: escapeOnlyStops)
        defer { watchdog.end() }
        return work()
    }

    /// Forgets every key typed before now: those kept while work ran and the terminal's.
    private func discardTypeahead() {
        queued.removeAll()
        _ = watchdog.takeKeys()
        terminal.discardTypeahead()
    }

    /// Keeps the keys typed meanwhile and leaves the file to other programs.
    private func afterWork() {
        queued += watchdog.takeKeys()
        _ = explorer.pendingTransactionAge()    // notes when changes began to be pending
        explorer.releaseIdleLocks()
    }
}
