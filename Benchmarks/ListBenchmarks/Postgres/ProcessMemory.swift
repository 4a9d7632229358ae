#if PostgreSQL
    import Foundation
    import Glibc

    /// Clocks and memory readings the PostgreSQL benchmark takes off the main actor too (the other
    /// client's writes time themselves on their own task), and the peak `ProcessProbes` has no
    /// reading of.
    enum ProcessMemory {
        /// Monotonic wall time in milliseconds, the clock `ProcessProbes.wallMilliseconds` reads.
        static func wallMilliseconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
        }

        /// The most resident memory the process ever had (`VmHWM` of `/proc/self/status`), in MiB:
        /// what loading a whole result at once costs even after it is freed.
        static func peakResidentMiB() -> Double {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kibibytes = line.split(separator: " ").compactMap({ Double($0) }).first
            else { return .nan }
            return kibibytes / 1024
        }
    }
#endif
