import Amigo
import Foundation

// amigo-bench [--quick] [--runs N] [--only PREFIX] [--impl NAME] [--no-shell | --shell-only] [--output FILE]
// amigo-bench --shell-child DB ROWS
// amigo-bench --app-child DB ROWS    (workload 9's browsing steps, in their own process)
// [--no-app] [--app-rows N] [--no-csv] [--amigo-shell PATH]   (workloads 9, 10 and 11; --only 11: workload 11 alone;
//   --only 10: workloads 10, 10b and 10c alone) [--amigo-shell-before PATH]   (10 and P9: an older build's amigo-shell beside, same rounds)
// --only 12 | --only 13 | --only 14: workload 12 (a file of 5,000 tables), 13 (stats and related-value sorts beside
//   sqlite3, on workload 9's file) or 14 (readers beside a writer) alone
// [--pg-url URL | AMIGO_PG_URL=URL] [--no-pg]   (Amigo on PostgreSQL beside raw libpq; --only P9: its CSV workload alone)
// amigo-bench --results-tsv …   (prints the measurements as TAB-separated lines instead of a report)
//
// Runs every workload against Amigo, the raw SQLite C API and GRDB in this one process and
// writes the medians, rates and ratios as a Markdown table.

let arguments = CommandLine.arguments
if let i = arguments.firstIndex(of: "--shell-child"), i + 2 < arguments.count {
    // Child process for workload 8: prints "name<TAB>seconds" lines and the peak RSS.
    let steps = try ShellWorkload.run(path: arguments[i + 1], rows: Int(arguments[i + 2])!)
    for step in steps { print("\(step.name)\t\(step.seconds)") }
    print("peak RSS MB\t\(peakRSSMegabytes())")
    exit(0)
}

if let i = arguments.firstIndex(of: "--app-child"), i + 2 < arguments.count {
    // Child process for workload 9: prints one line per step and the peak RSS.
    let steps = try AppFileWorkload.run(path: arguments[i + 1], rows: Int(arguments[i + 2])!)
    for step in steps { print(step.line) }
    print("peak RSS MB\t\(peakRSSMegabytes())")
    exit(0)
}

let quick = arguments.contains("--quick")
let shellOnly = arguments.contains("--shell-only")
let output = arguments.firstIndex(of: "--output").map { arguments[$0 + 1] }
let rows = quick ? 20_000 : 100_000
let runs = arguments.firstIndex(of: "--runs").map { Int(arguments[$0 + 1])! } ?? (quick ? 3 : 5)
let shellRows = quick ? 200_000 : 1_000_000
// Workload 11 alone (`--only 11`): opening a CSV file, amigo-shell beside sqlite3's .import.
if onlyPrefix == "11" {
    let openResults = try CSVOpenWorkload.run(rows: shellRows, runs: runs)
    let section = CSVOpenWorkload.report(openResults, rows: shellRows, runs: runs) + "\n| goal | target | status |\n|---|---|---|\n"
        + CSVOpenWorkload.goalRows(openResults, rows: shellRows)
    print(section)
    if let output { try section.write(toFile: output, atomically: true, encoding: .utf8) }
    exit(0)
}
let appRows = arguments.firstIndex(of: "--app-rows").map { Int(arguments[$0 + 1])! } ?? (quick ? 500_000 : 5_000_000)
// Workloads 12, 13 and 14 alone (`--only 12`, …).
if let only = onlyPrefix, ["12", "13", "14"].contains(only) {
    var section = ""
    var goals = ""
    switch only {
    case "12":
        let results = try BigSchemaWorkload.run(runs: runs)
        section = BigSchemaWorkload.report(results, runs: runs)
        goals = BigSchemaWorkload.goalRows(results)
    case "13":
        let (appPath, _) = try AppFileWorkload.cachedFile(rows: appRows)
        let results = try ComparedStepsWorkload.run(path: appPath, runs: runs)
        section = ComparedStepsWorkload.report(results, rows: appRows, runs: runs)
        goals = ComparedStepsWorkload.goalRows(results)
    default:
        section = ReadersWriterWorkload.report(try ReadersWriterWorkload.run(runs: runs), runs: runs)
    }
    removeFreshPaths()
    if !goals.isEmpty { section += "\n| goal | target | status |\n|---|---|---|\n" + goals }
    print(section)
    if let output { try section.write(toFile: output, atomically: true, encoding: .utf8) }
    exit(0)
}
/// Workload 10c's rows: 3,950,000 (issue 28's table), a tenth with --quick.
let tokenRows = quick ? 395_000 : 3_950_000
// Workloads 10, 10b and 10c alone (`--only 10`): streaming CSV, amigo-shell beside sqlite3.
if onlyPrefix == "10" {
    var section = ""
    var goals = ""
    for table in [CSVTable.orders, .blobs, .tokens] {
        let path = freshPath("csv-\(table.number)")
        switch table {
        case .orders: try ShellWorkload.generate(path: path, rows: shellRows)
        case .blobs: try CSVStreamWorkload.generateBlobs(path: path, rows: shellRows)
        case .tokens: try CSVStreamWorkload.generateTokens(path: path, rows: tokenRows)
        }
        let name = table == .orders ? "orders" : table == .blobs ? "blobs" : "tokens"
        let results = try CSVStreamWorkload.run(path: path, table: name, runs: runs, compare: table.compared)
        let tableRows = table == .tokens ? tokenRows : shellRows
        section += CSVStreamWorkload.report(results, rows: tableRows, runs: runs, table: table) + "\n"
        goals += Goals.csvRows(results, rows: tableRows, table: table)
    }
    removeFreshPaths()
    section += "| goal | target | status |\n|---|---|---|\n" + goals
    print(section)
    if let output { try section.write(toFile: output, atomically: true, encoding: .utf8) }
    exit(0)
}
let runApp = !arguments.contains("--no-app")
let runCSV = !arguments.contains("--no-csv")

var results: [Measurement] = []
FileHandle.standardError.write(Data("amigo-bench: \(rows) rows, \(runs) runs each (median)\n".utf8))
if !shellOnly {
    var fileWorkloads = Workloads(rows: rows, runs: runs, inMemory: false)
    try fileWorkloads.inserts()
    try fileWorkloads.reads()
    var memoryWorkloads = Workloads(rows: rows, runs: runs, inMemory: true)
    try memoryWorkloads.inserts()
    try memoryWorkloads.reads()
    results = fileWorkloads.results + memoryWorkloads.results
    removeFreshPaths()
}
// Amigo on PostgreSQL beside raw libpq, when a server is given (scripts/bench starts one).
let pgURL = arguments.firstIndex(of: "--pg-url").map { arguments[$0 + 1] }
    ?? ProcessInfo.processInfo.environment["AMIGO_PG_URL"].flatMap { $0.isEmpty ? nil : $0 }
var pgResults: [Measurement] = []
let pgRows = rows / 5
/// Whether `--only P9` (workload P9 alone) leaves the other PostgreSQL workloads out.
let onlyP9 = onlyPrefix?.hasPrefix("P9") == true
if let pgURL, !arguments.contains("--no-pg"), !shellOnly, !onlyP9, onlyPrefix == nil || onlyPrefix!.hasPrefix("P") {
    var workloads = PostgresWorkloads(url: pgURL, rows: pgRows, runs: runs)
    try workloads.inserts()
    try workloads.reads()
    pgResults = workloads.results
}
// amigo-shell's browsing steps on a server, on a table of millions of rows.
var pgShellSteps: [ShellWorkload.Step] = []
var pgShellGenerated = 0.0
let pgShellRows = quick ? 500_000 : 5_000_000
if let pgURL, !arguments.contains("--no-pg"), !shellOnly, !onlyP9, onlyPrefix == nil || onlyPrefix!.hasPrefix("P") {
    let url = pgURL + (pgURL.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + PostgresShellWorkload.schema
    pgShellGenerated = PostgresShellWorkload.generate(url: url, rows: pgShellRows)
    pgShellSteps = try PostgresShellWorkload.run(url: url, rows: pgShellRows)
    for step in pgShellSteps {
        FileHandle.standardError.write(Data(String(format: "  P8. %-80@ %10.2f ms\n", step.name as NSString, step.seconds * 1000).utf8))
    }
    RawPostgres(pgURL).exec("SET client_min_messages TO warning; DROP SCHEMA IF EXISTS \(PostgresShellWorkload.schema) CASCADE")
}
// Workload P9: PostgreSQL rows as CSV from the amigo-shell executable, beside psql's \copy.
var pgCSVResults: [CSVStreamWorkload.Result] = []
var pgCSVGenerated = 0.0
if let pgURL, !arguments.contains("--no-pg"), runCSV || onlyPrefix?.hasPrefix("P") == true, onlyPrefix == nil || "P9".hasPrefix(onlyPrefix!) || onlyP9 {
    pgCSVGenerated = PostgresCSVWorkload.generate(url: pgURL, rows: shellRows)
    pgCSVResults = try PostgresCSVWorkload.run(url: pgURL, runs: runs)
    PostgresCSVWorkload.drop(url: pgURL)
}
if arguments.contains("--results-tsv") {
    for r in results + pgResults where !r.median.isNaN { print("\(r.workload)\t\(r.implementation)\t\(r.median)") }
    exit(0)
}

// Workload 3 again in a child process whose glibc allocator keeps freed memory (see
// AllocatorSensitivity): what the fetch ratios are when the kernel's page zeroing is left out.
var keptMemoryResults: [Measurement] = []
if !shellOnly && (onlyPrefix == nil || onlyPrefix!.hasPrefix("3")) {
    keptMemoryResults = try AllocatorSensitivity.run(runs: runs, quick: quick)
}

// Workload 8 in a child process (so its peak RSS is its own), timed as a whole process too.
let runShell = !arguments.contains("--no-shell")
let shellPath = freshPath("shell-1m")
var childOutput = ""
var wholeProcess = 0.0
if runShell || runCSV { try ShellWorkload.generate(path: shellPath, rows: shellRows) }
if runShell {
let started = DispatchTime.now().uptimeNanoseconds
let child = Process()
child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
child.arguments = ["--shell-child", shellPath, String(shellRows)]
let pipe = Pipe()
child.standardOutput = pipe
try child.run()
childOutput = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
child.waitUntilExit()
if child.terminationStatus != 0 {
    FileHandle.standardError.write(Data("amigo-bench: the shell workload failed (status \(child.terminationStatus)):\n\(childOutput)\n".utf8))
}
wholeProcess = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
}

// Workload 10: streaming CSV from the amigo-shell executable beside sqlite3, on workload 8's file.
var csvResults: [CSVStreamWorkload.Result] = []
if runCSV { csvResults = try CSVStreamWorkload.run(path: shellPath, table: "orders", runs: runs) }
// Workload 10b: the same commands on a table with a 16-byte BLOB a row (written as hex), in a file of its own.
var csvBlobResults: [CSVStreamWorkload.Result] = []
var csvOpenResults: [CSVStreamWorkload.Result] = []
if runCSV { csvOpenResults = try CSVOpenWorkload.run(rows: shellRows, runs: runs) }
if runCSV {
    let blobPath = freshPath("csv-blobs")
    try CSVStreamWorkload.generateBlobs(path: blobPath, rows: shellRows)
    csvBlobResults = try CSVStreamWorkload.run(path: blobPath, table: "blobs", runs: runs, compare: false)
}
// Workload 10c: 3,950,000 rows of one 16-byte BLOB (issue 28's table of UUIDs as bytes), in a file of its own.
var csvTokenResults: [CSVStreamWorkload.Result] = []
if runCSV {
    let tokenPath = freshPath("csv-tokens")
    try CSVStreamWorkload.generateTokens(path: tokenPath, rows: tokenRows)
    csvTokenResults = try CSVStreamWorkload.run(path: tokenPath, table: "tokens", runs: runs, compare: false)
}
removeFreshPaths()

// Workload 9: the application-shaped file (cached in the temporary folder), browsed in a child process.
var appSteps: [AppFileWorkload.Step] = []
var appPeak: Double?
var appGenerated: Double?
var appFileSize: Double = 0
var appWhole = 0.0
if runApp {
    let (appPath, generated) = try AppFileWorkload.cachedFile(rows: appRows)
    appGenerated = generated
    appFileSize = Double((try? FileManager.default.attributesOfItem(atPath: appPath)[.size] as? Int) ?? 0) / 1_048_576
    let started = DispatchTime.now().uptimeNanoseconds
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    child.arguments = ["--app-child", appPath, String(appRows)]
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    appWhole = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    if child.terminationStatus != 0 {
        FileHandle.standardError.write(Data("amigo-bench: workload 9 failed (status \(child.terminationStatus)):\n\(output)\n".utf8))
    }
    for line in output.split(separator: "\n") {
        if line.hasPrefix("peak RSS MB\t") { appPeak = Double(line.split(separator: "\t")[1]) } else if let step = AppFileWorkload.Step(line: line) { appSteps.append(step) }
    }
    for step in appSteps {
        FileHandle.standardError.write(Data(String(format: "  9. %-80@ %10.2f ms\n", step.name as NSString, step.seconds * 1000).utf8))
    }
}
// Workloads 12 (5,000 tables), 13 (stats and related-value sorts beside sqlite3, on workload 9's file) and 14 (readers beside a writer).
var bigSchemaResults: [BigSchemaWorkload.Result] = []
var comparedResults: [ComparedStepsWorkload.Result] = []
var readersWriterResults: [ReadersWriterWorkload.Result] = []
if !shellOnly && onlyPrefix == nil {
    bigSchemaResults = try BigSchemaWorkload.run(runs: runs)
    readersWriterResults = try ReadersWriterWorkload.run(runs: runs)
    removeFreshPaths()
}
if runApp && onlyPrefix == nil {
    comparedResults = try ComparedStepsWorkload.run(path: try AppFileWorkload.cachedFile(rows: appRows).path, runs: runs)
}
let shellLines = childOutput.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }.filter { $0.count == 2 }

// MARK: Report

var report = "# Benchmarks\n\n"
report += "Generated by `scripts/bench` (Benchmarks/, `swift build -c release`) on \(ISO8601DateFormatter().string(from: Date())).\n\n"
let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n").first { $0.hasPrefix("model name") }?.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
report += "- Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB\n"
report += "- SQLite \(SQLiteEngine.sqliteVersion) (the system library, shared by all three); GRDB 7.10.0; Swift release build (-O)\n"
report += "- \(rows) rows; each figure is the median of \(runs) runs; times in milliseconds per run; ratios are times (lower is better for Amigo)\n\n"
report += "| workload | Amigo ms | raw C ms | GRDB ms | Amigo rows/s | Amigo / raw | Amigo / GRDB | GRDB / raw |\n|---|---:|---:|---:|---:|---:|---:|---:|\n"
for name in workloadNames(results) {
    let a = results.first { $0.workload == name && $0.implementation == "Amigo" }
    let r = results.first { $0.workload == name && $0.implementation == "raw C" }
    let g = results.first { $0.workload == name && $0.implementation == "GRDB" }
    report += "| \(name) | \(a.map { ms($0.median) } ?? "—") | \(r.map { ms($0.median) } ?? "—") | \(g.map { ms($0.median) } ?? "—") | "
    report += "\(a.map { String(format: "%.0f", $0.perSecond) } ?? "—") | \(ratio(a?.median, r?.median)) | \(ratio(a?.median, g?.median)) | \(ratio(g?.median, r?.median)) |\n"
}
report += "\n## Workload 8: amigo-shell on a \(shellRows)-row table (in process, screen \(ShellWorkload.width)×\(ShellWorkload.height))\n\n"
report += "| step | ms | × baseline |\n|---|---:|---:|\n"
let baseline = shellLines.first { $0[0].hasPrefix("baseline") }.flatMap { Double($0[1]) }
for line in shellLines where line[0] != "peak RSS MB" {
    let seconds = Double(line[1]) ?? 0
    report += "| \(line[0]) | \(ms(seconds)) | \(ratio(seconds, baseline)) |\n"
}
let peak = shellLines.first { $0[0] == "peak RSS MB" }.flatMap { Double($0[1]) } ?? 0
report += "\nPeak RSS of the shell process while browsing: \(String(format: "%.1f", peak)) MB. "
report += "Whole process (start, open, every step above, exit): \(ms(wholeProcess)) ms.\n"
if runApp {
    report += "\n" + AppFileWorkload.report(steps: appSteps, rows: appRows, peakRSS: appPeak, generated: appGenerated,
                                            fileMegabytes: appFileSize, wholeProcess: appWhole)
}
if runCSV {
    report += "\n" + CSVStreamWorkload.report(csvResults, rows: shellRows, runs: runs, table: .orders)
    report += "\n" + CSVStreamWorkload.report(csvBlobResults, rows: shellRows, runs: runs, table: .blobs)
    report += "\n" + CSVStreamWorkload.report(csvTokenResults, rows: tokenRows, runs: runs, table: .tokens)
    report += "\n" + CSVOpenWorkload.report(csvOpenResults, rows: shellRows, runs: runs)
}
if !bigSchemaResults.isEmpty { report += "\n" + BigSchemaWorkload.report(bigSchemaResults, runs: runs) }
if !comparedResults.isEmpty { report += "\n" + ComparedStepsWorkload.report(comparedResults, rows: appRows, runs: runs) }
if !readersWriterResults.isEmpty { report += "\n" + ReadersWriterWorkload.report(readersWriterResults, runs: runs) }
if !pgResults.isEmpty {
    report += "\n" + PostgresWorkloads.report(pgResults, url: pgURL ?? "", rows: pgRows, runs: runs)
    if !pgShellSteps.isEmpty {
        report += "\n" + PostgresShellWorkload.report(pgShellSteps, rows: pgShellRows, generated: pgShellGenerated)
    }
}
if !pgCSVResults.isEmpty {
    report += "\n" + PostgresCSVWorkload.report(pgCSVResults, rows: shellRows, runs: runs, generated: pgCSVGenerated)
}
if pgResults.isEmpty && pgCSVResults.isEmpty {
    report += "\n## PostgreSQL\n\nNot measured in this run (no server: `scripts/bench` starts one; `--pg-url URL` or `AMIGO_PG_URL` name one).\n"
}
report += "\n## Goals and where they stand\n\n"
report += "Ratios are Amigo's time over the raw C API's in this run (lower is better), over the file and `:memory:` variants. "
report += "The raw C API is written as well as we could: statements prepared once, values bound and read by index, "
report += "one transaction for the writes and one read transaction for the reads.\n\n"
report += Goals.table(results: results,
                      shell: shellLines.filter { $0[0] != "peak RSS MB" }.map { ($0[0], Double($0[1]) ?? 0) },
                      peakRSS: runShell ? peak : nil)
report += Goals.appRows(steps: runApp ? appSteps : nil, rows: appRows, peakRSS: appPeak)
report += Goals.csvRows(csvResults, rows: shellRows, table: .orders)
report += Goals.csvRows(csvBlobResults, rows: shellRows, table: .blobs)
report += Goals.csvRows(csvTokenResults, rows: tokenRows, table: .tokens)
report += CSVOpenWorkload.goalRows(csvOpenResults, rows: shellRows)
report += PostgresCSVWorkload.goalRows(pgCSVResults, rows: shellRows)
report += BigSchemaWorkload.goalRows(bigSchemaResults)
report += ComparedStepsWorkload.goalRows(comparedResults)
if !keptMemoryResults.isEmpty {
    report += "\n" + AllocatorSensitivity.table(default: results, keptMemory: keptMemoryResults)
}
// What was learned while tuning, kept beside the harness and appended to every report.
let findings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FINDINGS.md")
if let notes = try? String(contentsOf: findings, encoding: .utf8) { report += "\n" + notes }
print(report)
if let output { try report.write(toFile: output, atomically: true, encoding: .utf8) }
