import Foundation

/// Seconds as milliseconds with two decimals: `12.34`.
func ms(_ s: Double) -> String { String(format: "%.2f", s * 1000) }

/// `a / b` as `1.23×`, or `—` when either is missing.
func ratio(_ a: Double?, _ b: Double?) -> String {
    guard let a, let b, b > 0 else { return "—" }
    return String(format: "%.2f×", a / b)
}

/// The measured median of one workload and implementation (nil when it was not run).
func median(_ results: [Measurement], _ workload: String, _ implementation: String) -> Double? {
    results.first { $0.workload == workload && $0.implementation == implementation && !$0.median.isNaN }?.median
}

/// The workloads of `results`, each once, in the order they were run.
func workloadNames(_ results: [Measurement]) -> [String] {
    var names: [String] = []
    for r in results where !names.contains(r.workload) { names.append(r.workload) }
    return names
}

/// An integer with thousands separated by commas: `5,000,000`.
func grouped(_ n: Int) -> String {
    var digits = String(n.magnitude)
    var parts: [Substring] = []
    while digits.count > 3 { parts.insert(Substring(digits.suffix(3)), at: 0); digits.removeLast(3) }
    parts.insert(Substring(digits), at: 0)
    return (n < 0 ? "-" : "") + parts.joined(separator: ",")
}
