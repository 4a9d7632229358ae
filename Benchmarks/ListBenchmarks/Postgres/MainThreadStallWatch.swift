#if PostgreSQL
    import CGtk
    import GtkListManager

    /// `MainLoopStallWatch` (a 1 ms tick at `G_PRIORITY_HIGH`, the longest gap between two ticks),
    /// which also reads the main thread's CPU time at each tick: the most CPU the thread spent
    /// between two ticks tells a block by the list's own work from a gap where the thread waited
    /// for a core. On this 2-core machine the server's parallel workers (a `count(*)` runs on
    /// three processes) take both cores for hundreds of milliseconds, and the wall-clock gaps then
    /// hold time the main thread did not get to run.
    @MainActor
    final class MainThreadStallWatch {
        private var source: guint = 0
        private var lastTick = 0.0
        private var lastCPU = 0.0
        /// The longest gap between two ticks, wall time.
        private(set) var longestGap = 0.0
        /// The most main-thread CPU time between two ticks.
        private(set) var mostWork = 0.0

        /// Starts ticking; the gap from now to the first tick counts.
        func start() {
            lastTick = ProcessProbes.wallMilliseconds()
            lastCPU = ProcessProbes.threadCPUMilliseconds()
            longestGap = 0
            mostWork = 0
            let watch = Unmanaged.passUnretained(self).toOpaque()
            // Unretained: `stop()` removes the source before the watch can go.
            source = g_timeout_add_full(
                G_PRIORITY_HIGH, 1,
                { data in
                    MainActor.assumeIsolated { Unmanaged<MainThreadStallWatch>.fromOpaque(data!).takeUnretainedValue().tick() }
                    return 1
                }, watch, nil)
        }

        /// Stops ticking: the longest gap and the most work between two ticks, in milliseconds,
        /// the ones up to now included.
        func stop() -> (wall: Double, cpu: Double) {
            tick()
            if source != 0 { g_source_remove(source) }
            source = 0
            return (longestGap, mostWork)
        }

        private func tick() {
            let now = ProcessProbes.wallMilliseconds(), cpu = ProcessProbes.threadCPUMilliseconds()
            longestGap = max(longestGap, now - lastTick)
            mostWork = max(mostWork, cpu - lastCPU)
            lastTick = now
            lastCPU = cpu
        }
    }
#endif
