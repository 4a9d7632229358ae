// The count: the source's estimate at once, its exact count after the first page.
extension PagedStorage {
    /// Reads the estimated count (unless `exactOnly`), then the exact one.
    ///
    /// The exact count waits for the read of rows that follows the estimate (the list asks for
    /// the rows the estimate gave it room for): a `count(*)` over ten million rows beside the
    /// first page's read would slow the first frame it is for, on the server and its disks.
    func readCounts(exactOnly: Bool = false) {
        guard !exactOnly else { return readExactCount() }
        let source = source, generation = generation, handOff = handOff
        setReading(rows: false)
        Task.detached {
            do {
                let estimate = try await source.estimatedCount()
                handOff.handOff { [weak self] in
                    guard let self else { return }
                    applyCount(estimate, isExact: false, generation: generation)
                    guard generation == self.generation else { return }
                    // The server answered: the error shown before is over.
                    if lastError != nil {
                        lastError = nil
                        failedReads = 0
                        statusDidChange?()
                    }
                    countAfterRows(generation: generation)
                }
            } catch {
                handOff.handOff { [weak self] in self?.countFailed(error, generation: generation) }
            }
        }
    }

    /// Starts the exact count once the next read of rows ends, or after ``countWaitLimit``
    /// when none does; at once when there are no rows to read.
    private func countAfterRows(generation: Int) {
        guard count > 0, !window.reachedEnd else { return readExactCount() }
        countWaitingForRows = generation
        let handOff = handOff, limit = countWaitLimit
        Task.detached {
            try? await Task.sleep(for: limit)
            handOff.handOff { [weak self] in self?.startCountWaitingForRows(generation: generation) }
        }
    }

    /// Starts the exact count of `generation` if it still waits for rows.
    func startCountWaitingForRows(generation: Int) {
        guard countWaitingForRows == generation, generation == self.generation else { return }
        countWaitingForRows = nil
        readExactCount()
    }

    private func readExactCount() {
        let source = source, generation = generation, handOff = handOff
        setReading(rows: false)
        Task.detached {
            do {
                let exact = try await source.exactCount()
                handOff.handOff { [weak self] in
                    guard let self, generation == self.generation else { return }
                    applyCount(exact, isExact: true, generation: generation)
                    readSucceeded(rows: false)
                    if changedWhileCounting {
                        changedWhileCounting = false
                        readExactCount()
                    }
                }
            } catch {
                handOff.handOff { [weak self] in self?.countFailed(error, generation: generation) }
            }
        }
    }

    /// Shows a count's error and tries the count again later, unless something else did.
    private func countFailed(_ error: any Error, generation: Int) {
        readFailed(
            error, generation: generation, rows: false,
            retrying: { storage in
                if !storage.isCountExact, !storage.isCounting { storage.readCounts() }
            })
    }

    private func applyCount(_ newCount: Int, isExact: Bool, generation: Int) {
        guard generation == self.generation else { return }
        var changes = ChangeSet()
        if isExact {
            exactCount = newCount
            isCountExact = true
            fitPositions(in: &changes)
        } else if exactCount == nil, !window.reachedEnd {
            setCount(max(newCount, window.end), in: &changes)
        }
        deliver(changes)
        if !isExact { statusDidChange?() }
    }
}
