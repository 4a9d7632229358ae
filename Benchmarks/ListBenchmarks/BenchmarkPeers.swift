import Foundation

/// The C programs the benchmarks measure against (`Benchmarks/Peers`).
enum BenchmarkPeers {
    /// Where `scripts/build-benchmark-peers.sh` put them: `$BENCHMARK_PEERS`, else its default,
    /// `.build/peers`; nil when one of `programs` is not there.
    static func folder(holding programs: [String]) -> String? {
        let folder = ProcessInfo.processInfo.environment["BENCHMARK_PEERS"] ?? ".build/peers"
        let built = programs.allSatisfy { FileManager.default.isExecutableFile(atPath: folder + "/" + $0) }
        return built ? folder : nil
    }
}
