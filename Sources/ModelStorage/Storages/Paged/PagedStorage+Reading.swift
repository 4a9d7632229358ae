/// A read of rows the storage decided on, and where its rows go.
enum PageRead<Key: Sendable>: Sendable {
    /// The first rows, replacing the run.
    case first
    /// The last rows (read backward from the end), replacing the run to end at the last position.
    case last
    /// The rows after `key`, the run's last row: the run extended.
    case after(Key)
    /// The rows before `key`, the run's first row, nearest first: the run extended.
    case before(Key)
    /// The rows after a sampled `key`, replacing the run from `position` on.
    case jump(from: Key, to: Int)
    /// The run read again after its rows changed: `limit` rows from its first row's `key` (from
    /// the source's first row when nil).
    case refresh(from: Key?, limit: Int)

    /// How many rows the read asks for when a page is `pageSize`.
    func limit(pageSize: Int) -> Int {
        if case .refresh(_, let limit) = self { limit } else { pageSize }
    }
}

extension PagedStorage {
    /// How many sampled keys a first jump reads.
    static var landmarkCount: Int { 1024 }

    // MARK: - Asking

    /// Notes that the row at `position` is wanted, and plans a read after this turn.
    func want(_ position: Int) {
        if wanted.last != position { wanted.append(position) }
        // Positions asked for long ago (scrolled past) are forgotten, but never those of one
        // list that asks for all its rows at once (a list box) while they fit the capacity.
        if wanted.count > capacity { wanted.removeFirst(wanted.count - capacity / 2) }
        scheduleNextRead()
    }

    func scheduleNextRead() {
        guard !isPlanningScheduled else { return }
        isPlanningScheduled = true
        handOff.handOff { [weak self] in
            guard let self else { return }
            isPlanningScheduled = false
            readNext()
        }
    }

    /// Starts the read the latest wanted position needs, unless one is under way.
    func readNext() {
        guard !isReadingRows else { return }
        if needsRefresh { refresh() }
        guard !isReadingRows else { return }
        wanted.removeAll { !(0..<count).contains($0) || window.positions.contains($0) }
        guard let latest = wanted.last else { return }
        // A position the run can reach by reading on from its ends (the viewport's rows next to
        // it) before the latest: read on by key rather than jump, so positions stay exact. Only
        // the latest positions asked for count: those asked long ago were scrolled past.
        let position = wanted.suffix(2 * pageSize).last(where: isWithinReach) ?? latest
        guard let read = plan(for: position) else { return readLandmarks() }
        readTarget = position
        start(read)
    }

    /// How far past the run's ends a wanted row is read by reading on rather than by a jump.
    var reach: Int { 4 * pageSize }

    /// Whether reading on from the run's first or last row comes to `position` within ``reach``.
    func isWithinReach(_ position: Int) -> Bool {
        guard !window.isEmpty else { return position < reach }
        return (window.end..<window.end + reach).contains(position) && !window.reachedEnd
            || (window.start - reach..<window.start).contains(position) && !window.reachedStart
    }

    /// The read that brings the row at `position` (or the page toward it); nil when the
    /// landmarks must be read first.
    func plan(for position: Int) -> PageRead<Source.Key>? {
        if !window.isEmpty {
            if (window.end..<window.end + reach).contains(position), !window.reachedEnd, let last = window.rows.last {
                return .after(last.key)
            }
            if (window.start - reach..<window.start).contains(position), !window.reachedStart, let first = window.rows.first {
                return .before(first.key)
            }
        }
        if position < reach { return .first }
        if position >= count - pageSize { return .last }
        guard let landmarks else { return nil }
        let start = position - pageSize / 2
        guard !landmarks.isEmpty else { return .first }
        let index = min(landmarks.count - 1, Int(Double(start) / Double(count) * Double(landmarks.count)))
        return .jump(from: landmarks[index], to: start)
    }

    // MARK: - Reading

    func start(_ read: PageRead<Source.Key>) {
        let source = source, generation = generation, limit = read.limit(pageSize: pageSize), handOff = handOff
        setReading(rows: true)
        Task.detached {
            do {
                let rows: [KeyedRow<Source.Row, Source.Key>]
                switch read {
                case .first: rows = try await source.rows(beyond: nil, direction: .forward, limit: limit)
                case .last: rows = try await source.rows(beyond: nil, direction: .backward, limit: limit)
                case .after(let key), .jump(let key, _): rows = try await source.rows(beyond: key, direction: .forward, limit: limit)
                case .before(let key): rows = try await source.rows(beyond: key, direction: .backward, limit: limit)
                case .refresh(let key?, _): rows = try await source.rows(startingAt: key, limit: limit)
                case .refresh(nil, _): rows = try await source.rows(beyond: nil, direction: .forward, limit: limit)
                }
                handOff.handOff { [weak self] in self?.apply(rows, of: read, generation: generation) }
            } catch {
                handOff.handOff { [weak self] in self?.readFailed(error, generation: generation, rows: true) }
            }
        }
    }

    private func readLandmarks() {
        let source = source, generation = generation, handOff = handOff
        setReading(rows: true)
        Task.detached {
            do {
                let keys = try await source.landmarks(count: Self.landmarkCount)
                handOff.handOff { [weak self] in
                    guard let self, generation == self.generation else { return }
                    landmarks = keys
                    readSucceeded(rows: true)
                    readNext()
                }
            } catch {
                handOff.handOff { [weak self] in self?.readFailed(error, generation: generation, rows: true) }
            }
        }
    }

    /// Reads at once what failed (the count, the rows asked for), instead of waiting for the
    /// next try: what a "Try Again" button does.
    public func retry() {
        if !isCountExact, !isCounting { readCounts() }
        readNext()
    }

    // MARK: - Outcomes

    /// Notes a read of rows (or landmarks), or of the count, under way.
    func setReading(rows: Bool) {
        let wasLoading = isLoading
        if rows { isReadingRows = true } else { isCounting = true }
        if !wasLoading { statusDidChange?() }
    }

    func readSucceeded(rows: Bool) {
        if rows { isReadingRows = false } else { isCounting = false }
        failedReads = 0
        lastError = nil
        statusDidChange?()
        if rows { startCountWaitingForRows(generation: generation) }
    }

    /// Keeps `error` to show, and tries again after a pause (1, 2, 4 … 30 seconds), or, for
    /// rows, at once when one is asked for meanwhile.
    func readFailed(
        _ error: any Error, generation: Int, rows: Bool,
        retrying retry: @escaping @MainActor (PagedStorage) -> Void = { $0.readNext() }
    ) {
        guard generation == self.generation else { return }
        if rows { isReadingRows = false } else { isCounting = false }
        failedReads += 1
        lastError = error
        statusDidChange?()
        if rows { startCountWaitingForRows(generation: generation) }
        let pause = min(30.0, Double(1 << min(failedReads - 1, 5)))
        let handOff = handOff
        Task.detached {
            try? await Task.sleep(for: .seconds(pause))
            handOff.handOff { [weak self] in
                guard let self, generation == self.generation else { return }
                retry(self)
            }
        }
    }
}
