import Foundation

/// sqlite3's `.timer`: how long a command took, in real, user and system seconds.
struct CommandTimer {
    /// Wall-clock and processor time at one moment.
    struct Moment {
        let real: Double
        let user: Double
        let system: Double

        /// The time from `start` to this moment.
        func since(_ start: Moment) -> CommandTimer {
            CommandTimer(real: real - start.real, user: user - start.user, system: system - start.system)
        }
    }

    let real: Double
    let user: Double
    let system: Double

    /// Now, as ``Moment``.
    static func now() -> Moment {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return Moment(real: Date().timeIntervalSince1970, user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    /// `Run Time: real 0.002 user 0.001000 sys 0.000000`, as sqlite3 prints it.
    var sqlite3Text: String {
        String(format: "Run Time: real %.3f user %.6f sys %.6f", real, user, system)
    }
}
