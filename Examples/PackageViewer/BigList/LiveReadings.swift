import CGtk
import GtkListManager
import ModelStorage

/// `--synthetic N --live`: generated rows as a monitor shows them, each with a reading that
/// changes ten times a second (N × 10 row updates a second: 10,000 rows make the update storm
/// of the benchmark's `list-benchmarks updates`).
struct LiveReading: Sendable, Equatable {
    let number: Int
    /// Tenths of a unit: 0.0 to 99.9.
    var tenths: Int

    /// The reading of row `number` at `tick`: a walk every row takes at its own pace.
    static func at(_ tick: Int, number: Int) -> LiveReading {
        LiveReading(number: number, tenths: (number &* 7_919 &+ tick &* (number % 89 + 11)) % 1_000)
    }

    var text: String { "\(SyntheticRow.title(of: number))  ·  \(tenths / 10).\(tenths % 10)" }
}

/// The generated rows with their first readings, in sections of a thousand.
struct LiveSyntheticSource: BigListSource {
    let count: Int
    var origin: String { "\(count.formatted()) live rows" }

    var sections: [(title: String, items: [LiveReading])] {
        SyntheticSource(count: count).sections.map { section in
            (section.title, section.items.map { LiveReading.at(0, number: $0) })
        }
    }

    nonisolated static var matches: @Sendable (LiveReading, String) -> Bool {
        { reading, search in SyntheticRow.title(of: reading.number).contains(search) }
    }
}

/// A row's title and its reading.
@MainActor
final class LiveReadingRow: RowView, ModelTransfer, FindableRow {
    let widget = bigListLabel()

    static func findableText(for reading: LiveReading) -> String { SyntheticRow.title(of: reading.number) }

    func update(with reading: LiveReading) { gtk_label_set_text(gcast(widget), reading.text) }
}

/// Changes every row's reading ten times a second, as a feed would: each tick replaces every
/// item of the storage in one transaction (`performUpdates`), which the list shows as updates of
/// the rows on screen.
@MainActor
final class LiveFeed {
    static let interval: UInt32 = 100
    private weak var storage: MemoryStorage?
    /// How many times the readings changed.
    private(set) var ticks = 0

    /// Starts changing `storage`'s readings; it stops when the storage goes.
    init(updating storage: MemoryStorage) {
        self.storage = storage
        scheduleNextTick()
    }

    private func scheduleNextTick() {
        GtkRuntime.after(milliseconds: Self.interval) { [weak self] in self?.tick() }
    }

    private func tick() {
        guard let storage else { return }
        ticks += 1
        let tick = ticks
        storage.performUpdates {
            for section in 0..<storage.numberOfSections {
                for item in 0..<storage.numberOfItems(inSection: section) {
                    let number = section * SyntheticSource.sectionSize + item
                    try? storage.replaceItem(at: IndexPath(item: item, section: section), with: LiveReading.at(tick, number: number))
                }
            }
        }
        scheduleNextTick()
    }
}
