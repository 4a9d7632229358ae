import ModelStorage
import StorageTestDoubles
import Testing

/// A base storage whose change log contradicts itself (a custom storage with a bug) never stops
/// the process through a FilteredStorage: the filter reports the change it could not take, with
/// the storage and the count, and reads the base again as it is now.
@Suite("FilteredStorage over a base whose change log contradicts itself")
@MainActor
struct FilterInconsistentBaseTests {
    let isEven: @Sendable (Int) -> Bool = { $0 % 2 == 0 }

    /// What `filtered` shows, section by section.
    func shown(_ filtered: FilteredStorage<Int>) -> [[Int]] {
        (0..<filtered.numberOfSections).map { section in
            (0..<filtered.numberOfItems(inSection: section)).map {
                filtered.item(at: IndexPath(item: $0, section: section)) as! Int
            }
        }
    }

    /// The filter over `base`, its reported anomalies, and the updates its observers got.
    func filter(_ base: LyingStorage) -> (FilteredStorage<Int>, CapturedValue<[StorageAnomaly]>, UpdateRecorder) {
        let filtered = FilteredStorage<Int>(base, filter: isEven)
        let reported = CapturedValue<[StorageAnomaly]>([])
        filtered.anomalyHandler.action = { reported.value.append($0) }
        return (filtered, reported, UpdateRecorder(observing: filtered))
    }

    @Test("A deletion past the base's items is reported and the filter shows the base as it is")
    func aDeletionPastTheItems() throws {
        let base = LyingStorage([[0, 1, 2, 3, 4, 5]])
        let (filtered, reported, recorder) = filter(base)
        base.sections = [[0, 1, 2, 3]]
        base.report([.deleteItem(at: IndexPath(item: 9, section: 0))])
        #expect(shown(filtered) == [[0, 2]])
        #expect(
            reported.value == [
                .inconsistentBaseChange(
                    storageTypeName: String(reflecting: LyingStorage.self), change: "delete s0.i9", count: 6, section: 0)
            ])
        #expect(recorder.updates.count == 1)
        #expect(recorder.reloadCount == 1, "the observers reload")
    }

    @Test("An insertion at a wrong place, in a run, after entries that fit: the filter rereads the base")
    func anInsertionPastTheItemsAfterOthers() throws {
        let base = LyingStorage([[0, 1, 2], [10]])
        let (filtered, reported, _) = filter(base)
        base.sections = [[0, 1, 2, 4], [10, 12, 14]]
        var changes: ChangeSet = [.insertItem(at: IndexPath(item: 3, section: 0), model: 4)]
        changes.appendInsertion(of: ModelRun([12, 14]), at: IndexPath(item: 5, section: 1))
        base.report(changes)
        #expect(shown(filtered) == [[0, 2, 4], [10, 12, 14]])
        #expect(reported.value.count == 1)
        #expect(reported.value.first?.debugDescription.contains("section 1 held 1 item(s)") == true)
    }

    @Test("Section entries past the sections, moves, updates and a deletion run past the end: each reported")
    func everyKindOfEntry() throws {
        let wrongLogs: [ChangeSet] = [
            [.deleteSection(2)],
            [.insertSection(3, supplements: [:])],
            [.moveSection(from: 0, to: 1)],
            [.updateSection(5, supplements: [:])],
            [.moveItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 4, section: 0))],
            [.moveItem(from: IndexPath(item: 7, section: 0), to: IndexPath(item: 0, section: 0))],
            [.updateItem(at: IndexPath(item: 4, section: 0), model: 8)],
            [.updateItem(at: IndexPath(item: -1, section: 0), model: 8)],
            [.deleteItem(at: IndexPath(indexes: [0]))],
            {
                var changes = ChangeSet()
                changes.appendDeletion(of: 2..<6, inSection: 0)
                return changes
            }(),
            {
                var changes = ChangeSet()
                changes.appendReordering(ItemReordering(section: 0, sources: [1, 0])!)
                return changes
            }(),
        ]
        for log in wrongLogs {
            let base = LyingStorage([[0, 1, 2, 3]])
            let (filtered, reported, _) = filter(base)
            base.sections = [[2, 3, 4]]
            base.report(log)
            #expect(shown(filtered) == [[2, 4]], "\(log)")
            #expect(reported.value.count == 1, "\(log)")
        }
    }

    @Test("A log that fits maps as before: no anomaly, no reload")
    func aLogThatFits() throws {
        let base = LyingStorage([[0, 1, 2, 3]])
        let (filtered, reported, recorder) = filter(base)
        base.sections = [[0, 2, 3, 4]]
        base.report([.deleteItem(at: IndexPath(item: 1, section: 0)), .insertItem(at: IndexPath(item: 3, section: 0), model: 4)])
        #expect(shown(filtered) == [[0, 2, 4]])
        #expect(reported.value.isEmpty)
        #expect(recorder.lastChanges == [.insertItem(at: IndexPath(item: 2, section: 0), model: 4)])
    }
}

/// A value a closure can change.
final class CapturedValue<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
