import ModelStorage

/// What reading a script costs, against what making it costs: `list-benchmarks differ-read CASE N
/// steps|edits` makes the script of one differ cell, then reads it one way inside
/// `glm_measured_read`, the call callgrind counts (``InstructionCount``). `steps` is the
/// `IndexPath` form (`script.steps`), `edits` the script iterated as the collection it is.
enum ScriptReading: String, CaseIterable {
    case steps, edits

    static func runOne(_ arguments: ArraySlice<String>) {
        guard let name = arguments.first, let diffCase = DiffCase(rawValue: name),
            let count = arguments.dropFirst().first.flatMap({ Int($0) }),
            let reading = arguments.dropFirst(2).first.flatMap(ScriptReading.init(rawValue:))
        else {
            return print("usage: list-benchmarks differ-read \(DiffCase.allCases.map(\.rawValue).joined(separator: "|")) N steps|edits")
        }
        let script = diffCase.prepare(count: count).run()
        print("\(diffCase.rawValue) \(count) \(reading.rawValue): checksum \(measuredRead(script, reading))")
    }
}

/// Reads every step of `script` the way `reading` says and sums their indices (so that nothing
/// is optimized away). A fixed symbol: `valgrind --tool=callgrind --toggle-collect=glm_measured_read`.
@_silgen_name("glm_measured_read")
@inline(never)
func measuredRead(_ script: EditScript, _ reading: ScriptReading) -> Int {
    var sum = 0
    switch reading {
    case .steps:
        for step in script.steps {
            switch step {
            case let .insertItem(at, newItem): sum &+= at.item &+ newItem.item
            case let .deleteItem(indexPath), let .updateItem(indexPath): sum &+= indexPath.item
            case let .moveItem(from, to): sum &+= from.item &+ to.item
            case let .insertSection(index, _), let .deleteSection(index), let .updateSection(index): sum &+= index
            case let .moveSection(from, to): sum &+= from &+ to
            }
        }
    case .edits:
        for edit in script {
            switch edit {
            case let .insertItem(at, newItem): sum &+= at.item &+ newItem.item
            case let .deleteItem(place), let .updateItem(place): sum &+= place.item
            case let .moveItem(from, to): sum &+= from.item &+ to.item
            case let .insertSection(index, _), let .deleteSection(index), let .updateSection(index): sum &+= index
            case let .moveSection(from, to): sum &+= from &+ to
            }
        }
    }
    return sum
}
