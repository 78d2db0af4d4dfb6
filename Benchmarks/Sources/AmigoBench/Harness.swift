import Foundation

/// One measured implementation of a workload.
struct Measurement {
    let workload: String
    let implementation: String
    /// Median wall time of the runs, in seconds.
    let median: Double
    /// Rows (or operations) per run, for the rate.
    let operations: Int
    var perSecond: Double { Double(operations) / median }
}

/// Runs `body` `runs` times (after `setup` each time, untimed) and keeps the median.
/// `--only PREFIX` runs only the workloads whose name starts with PREFIX (for profiling).
let onlyPrefix: String? = CommandLine.arguments.firstIndex(of: "--only").map { CommandLine.arguments[$0 + 1] }
/// `--impl NAME` runs only one implementation (Amigo, raw C, GRDB).
let onlyImplementation: String? = CommandLine.arguments.firstIndex(of: "--impl").map { CommandLine.arguments[$0 + 1] }

func measure(_ workload: String, _ implementation: String, operations: Int, runs: Int,
             setup: () throws -> Void = {}, _ body: () throws -> Void) throws -> Measurement {
    if let onlyPrefix, !workload.hasPrefix(onlyPrefix) { return Measurement(workload: workload, implementation: implementation, median: .nan, operations: operations) }
    if let onlyImplementation, implementation != onlyImplementation { return Measurement(workload: workload, implementation: implementation, median: .nan, operations: operations) }
    var times: [Double] = []
    for _ in 0..<runs {
        try setup()
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    let median = times[times.count / 2]
    let m = Measurement(workload: workload, implementation: implementation, median: median, operations: operations)
    FileHandle.standardError.write(Data(String(format: "  %-52@ %-8@ %10.2f ms  %12.0f/s\n", workload as NSString, implementation as NSString, median * 1000, m.perSecond).utf8))
    return m
}

/// A fresh database path in the temporary folder (removed again by ``removeFreshPaths()``).
func freshPath(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-bench-\(name)-\(getpid()).sqlite").path
    removeDatabase(at: path)
    freshPaths.insert(path)
    return path
}

/// Every path ``freshPath(_:)`` handed out.
nonisolated(unsafe) private var freshPaths = Set<String>()

/// Removes a database file and its journals.
func removeDatabase(at path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// Removes every database the run created.
func removeFreshPaths() {
    for path in freshPaths { removeDatabase(at: path) }
    freshPaths.removeAll()
}

/// Peak resident set size of this process, in megabytes: `VmHWM` of /proc/self/status, which
/// (unlike getrusage's ru_maxrss) is not inherited from the parent across fork and exec.
func peakRSSMegabytes() -> Double {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "") {
        return kilobytes / 1024
    }
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

func check(_ condition: Bool, _ message: String) {
    if !condition {
        FileHandle.standardError.write(Data("benchmark check failed: \(message)\n".utf8))
        exit(3)
    }
}
