import Foundation

/// Workload 3 measured a second time, in a child process whose glibc allocator is told to keep
/// the memory it frees (`GLIBC_TUNABLES` raising the trim and mmap thresholds).
///
/// Fetching 100,000 objects allocates and frees 10–30 MB per run. With glibc's defaults, freeing
/// them gives most of it back to the kernel, so the next run takes page faults and has the kernel
/// zero fresh pages; how much depends on what the workloads before left in the heap. The raw C
/// loop fills an array of structs and barely notices. The goals table judges the default run;
/// this table shows how much of the gap is the allocator returning memory rather than the ORM.
enum AllocatorSensitivity {
    static let tunables = "glibc.malloc.trim_threshold=1000000000:glibc.malloc.mmap_threshold=100000000"

    /// Runs workload 3 in a child process with ``tunables`` and reads its measurements.
    static func run(runs: Int, quick: Bool) throws -> [Measurement] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        child.arguments = ["--only", "3.", "--no-shell", "--results-tsv", "--runs", String(runs)] + (quick ? ["--quick"] : [])
        var environment = ProcessInfo.processInfo.environment
        environment["GLIBC_TUNABLES"] = tunables
        child.environment = environment
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        guard child.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("amigo-bench: the allocator run failed (status \(child.terminationStatus))\n".utf8))
            return []
        }
        return output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t").map(String.init)
            guard parts.count == 3, let median = Double(parts[2]) else { return nil }
            return Measurement(workload: parts[0], implementation: parts[1], median: median, operations: 0)
        }
    }

    /// The comparison in Markdown: Amigo / raw with the default allocator and with memory kept.
    static func table(default results: [Measurement], keptMemory: [Measurement]) -> String {
        var text = "## Workload 3 when the allocator keeps freed memory\n\n"
        text += "The same fetches in a child process run with `GLIBC_TUNABLES=\(tunables)`, so that memory freed by one run "
        text += "is reused by the next instead of being returned to the kernel and faulted in again. "
        text += "The goals above are judged on the default run; this shows how much of the gap is the allocator.\n\n"
        text += "| workload | Amigo ms | raw C ms | Amigo / raw (memory kept) | Amigo / raw (default, above) |\n|---|---:|---:|---:|---:|\n"
        for name in workloadNames(keptMemory) {
            let a = median(keptMemory, name, "Amigo"), r = median(keptMemory, name, "raw C")
            text += "| \(name) | \(a.map(ms) ?? "—") | \(r.map(ms) ?? "—") | "
            text += "\(ratio(a, r)) | \(ratio(median(results, name, "Amigo"), median(results, name, "raw C"))) |\n"
        }
        return text
    }
}
