import ModelStorage
import Testing

@Suite("ChangeSet segments: runs that read as their entries and cost one splice")
struct ChangeSetSegmentTests {
    private func insertions(_ models: [Int], from first: Int, section: Int = 0) -> [StorageChange] {
        models.enumerated().map { .insertItem(at: ip(first + $0.offset, section), model: $0.element) }
    }

    @Test("an insertion run reads, counts and compares as one insert entry per model")
    func insertionRunReadsAsEntries() {
        var log: ChangeSet = [.insertSection(0)]
        log.appendInsertion(of: ModelRun([7, 8, 9]), at: ip(2, 0))
        log.append(.deleteItem(at: ip(0, 0)))
        let entries: [StorageChange] = [.insertSection(0)] + insertions([7, 8, 9], from: 2) + [.deleteItem(at: ip(0, 0))]
        #expect(log.count == 5)
        #expect(log.segments.count == 3)
        #expect(Array(log) == entries)
        #expect(log == ChangeSet(entries))
        #expect(log[2] == .insertItem(at: ip(3, 0), model: 8))
        #expect(log[4] == .deleteItem(at: ip(0, 0)))
    }

    @Test("a deletion run stands for deletes from the last item to the first")
    func deletionRunReadsBackwards() {
        var log = ChangeSet()
        log.appendDeletion(of: 3..<6, inSection: 1)
        #expect(Array(log) == [.deleteItem(at: ip(5, 1)), .deleteItem(at: ip(4, 1)), .deleteItem(at: ip(3, 1))])
    }

    @Test("empty runs append nothing; a run of one is a plain entry")
    func emptyAndSingleRuns() {
        var log = ChangeSet()
        log.appendInsertion(of: ModelRun([Int]()), at: ip(0, 0))
        log.appendDeletion(of: 4..<4, inSection: 0)
        #expect(log.isEmpty)
        log.appendInsertion(of: ModelRun([1]), at: ip(0, 0))
        #expect(log.segments.count == 1)
        guard case .entry(.insertItem(at: ip(0, 0), model: _)) = log.segments[0] else {
            Issue.record("expected one entry, got \(log.segments)")
            return
        }
    }

    @Test("appending a log keeps its runs as runs")
    func appendingKeepsRuns() {
        var first: ChangeSet = [.insertSection(0)]
        var second = ChangeSet()
        second.appendInsertion(of: ModelRun(count: 1_000_000) { $0 }, at: ip(0, 0))
        first.append(contentsOf: second)
        #expect(first.segments.count == 2)
        #expect(first.count == 1_000_001)
        #expect(first[1_000_000] == .insertItem(at: ip(999_999, 0), model: 999_999))
    }

    @Test("a run's destination and remainder agree with following its entries one by one")
    func destinationsAgreeWithEntries() {
        let runs: [ChangeSet.Segment] = [
            .insertion(of: ModelRun([1, 2, 3, 4]), at: ip(2, 0)),
            .deletion(of: 1..<4, inSection: 0),
        ]
        for run in runs {
            for applied in 0...run.entryCount {
                let remainder = run.remainder(after: applied)
                #expect(remainder?.entries ?? [] == Array(run.entries.dropFirst(applied)), "\(run) after \(applied)")
            }
            for item in 0..<9 {
                for section in 0..<2 {
                    var followed: IndexPath? = ip(item, section)
                    for entry in run.entries { followed = followed.flatMap(entry.destination(ofItemAt:)) }
                    #expect(run.destination(ofItemAt: ip(item, section)) == followed, "\(run), item \(item) in \(section)")
                }
            }
        }
    }

    @Test("a log with runs prints one line per segment")
    func description() {
        var log: ChangeSet = [.insertSection(0)]
        log.appendInsertion(of: ModelRun([1, 2]), at: ip(0, 0))
        log.appendDeletion(of: 0..<2, inSection: 0)
        #expect(
            log.description == "ChangeSet(\n  insert section 0\n  insert 2 items from s0.i0\n  delete items 0..<2 of section 0\n)")
    }
}
