/// One frame's check of what the visible rows show, from their columns' texts top to bottom,
/// as `storm_check_row` in `peer_update_storm.h`: the oldest value shown (how long ago a newer
/// version of it was handed to the list; 0 when every row shows its current version), rows whose
/// columns disagree, and for a sorted list whether the rows are in key order.
@MainActor
struct StormShownCheck {
    let producer: StormProducer
    let sorted: Bool
    let now: Double
    private(set) var oldestMs = 0.0
    private(set) var rows = 0
    private(set) var torn = 0
    private(set) var misordered = false
    private var lastKey = Int.min

    init(producer: StormProducer, sorted: Bool, now: Double) {
        self.producer = producer
        self.sorted = sorted
        self.now = now
    }

    /// One visible row, its columns' texts in column order.
    mutating func check(row texts: [String]) {
        rows += 1
        var id: Int?, version: Int?, isTorn = texts.count != StormRow.columnCount
        for column in 1..<min(texts.count, StormRow.columnCount) {
            guard let value = Int(texts[column]), value % 10 == column else {
                isTorn = true
                continue
            }
            let row = value / 10 % StormScenario.rows, shown = value / 10 / StormScenario.rows
            if let id, id != row { isTorn = true }
            if let version, version != shown { isTorn = true }
            id = row
            version = min(version ?? shown, shown)
        }
        guard let id, let version, let key = texts.first.flatMap({ Int($0) }) else {
            torn += 1
            return
        }
        if isTorn || key != StormRow.key(id: id, version: version) { torn += 1 }
        if sorted, rows > 1, key < lastKey { misordered = true }
        lastKey = key
        if version < producer.versions[id], let superseded = producer.supersededAt(id: id, version: version) {
            oldestMs = max(oldestMs, now - superseded)
        }
    }
}
