#if PostgreSQL
    import Foundation
    import Glibc
    import Synchronization

    /// glibc's `malloc_trim` (in `<malloc.h>`, which the Glibc module does not bring).
    @_silgen_name("malloc_trim")
    private func trimHeap(_ pad: Int) -> Int32

    /// The storm's process memory, read every few seconds on a task of its own, not on the main
    /// thread (whose stalls the part measures): resident memory from `/proc/self/statm` after
    /// `malloc_trim`, as `ProcessProbes.residentMiB` reads it, so two readings differ by what is
    /// held, not by freed pages not given back yet.
    final class PostgresStormMemory: Sendable {
        struct Reading: Sendable {
            /// Seconds since the sampler started.
            let second: Double
            let residentMiB: Double
        }

        private let readings = Mutex([Reading]())
        private let task = Mutex<Task<Void, Never>?>(nil)

        /// Starts reading now, then every `seconds`, until ``stop()``.
        func start(every seconds: Double) {
            let started = ProcessMemory.wallMilliseconds()
            let task = Task.detached { [self] in
                var next = started
                while !Task.isCancelled {
                    let reading = Reading(second: (ProcessMemory.wallMilliseconds() - started) / 1000, residentMiB: Self.residentMiB())
                    self.readings.withLock { $0.append(reading) }
                    next += seconds * 1000
                    let wait = max(0, next - ProcessMemory.wallMilliseconds())
                    try? await Task.sleep(for: .milliseconds(Int(wait)))
                }
            }
            self.task.withLock { $0 = task }
        }

        /// Stops reading; the readings so far.
        func stop() -> [Reading] {
            task.withLock { $0?.cancel() }
            return readings.withLock { $0 }
        }

        /// Resident memory now, in MiB, after giving freed heap pages back.
        static func residentMiB() -> Double {
            _ = trimHeap(0)
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
            let fields = statm.split(separator: " ")
            guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
            return pages * Double(getpagesize()) / 1_048_576
        }
    }
#endif
