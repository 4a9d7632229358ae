/// What a diff found, as index operations only: the ordered log of ``StorageChange`` without the
/// models, so it can be computed off the main thread and carried back as a `Sendable` value.
///
/// The steps follow the change-set contract: each step's indices are read in the state left by
/// the steps before it. Inserts and updates name the section or item of the *new* state they
/// bring, so ``changeSet(supplements:item:)`` can attach the models.
///
/// Read a script as the collection it is: each ``Edit`` costs a few instructions to read, its
/// places plain integers, nothing allocated.
///
/// ```swift
/// for edit in Differ().script(from: old, to: new) {
///     switch edit {
///     case let .insertItem(at, _): insertRow(at.item)
///     case let .deleteItem(place): deleteRow(place.item)
///     case let .moveItem(from, to): moveRow(from.item, to.item)
///     case let .updateItem(place): refreshRow(place.item)
///     default: break  // sections: a flat list has one
///     }
/// }
/// ```
///
/// ``steps`` gives the same steps as an array of ``Step``s with `IndexPath`s: building an index
/// path costs far more than the edit (about 150 instructions each), so keep it for comparing
/// scripts and printing them.
public struct EditScript: Sendable, Equatable, CustomStringConvertible {
    /// One splice of sections or items.
    public enum Step: Sendable, Equatable {
        /// An empty section appears at `index`; it is section `newSection` of the new state.
        case insertSection(Int, newSection: Int)
        /// The section at `index` disappears with the items it still holds.
        case deleteSection(Int)
        /// The section at `from` moves, with its items, to `to`.
        case moveSection(from: Int, to: Int)
        /// Section `index` (of the new state) has new supplementary content.
        case updateSection(Int)
        /// Item `newItem` of the new state appears at `at`.
        case insertItem(at: IndexPath, newItem: IndexPath)
        /// The item at the index path disappears.
        case deleteItem(IndexPath)
        /// The item at `from` moves to `to` (read after the removal).
        case moveItem(from: IndexPath, to: IndexPath)
        /// The item at the index path (of the new state) has new content: refresh it in place.
        case updateItem(IndexPath)
    }

    /// The steps, in the order they must be applied, with `IndexPath`s: made from the script's
    /// compact form on each read, an array and two index paths a step. To apply a script,
    /// iterate it instead (its ``Edit``s cost a few instructions each).
    public var steps: [Step] { packedSteps.map(\.step) }
    /// The steps as plain integers: appending them costs no reference counting, which matters
    /// when a diff emits a step per element.
    @usableFromInline private(set) var packedSteps: [PackedStep] = []
    /// Nonzero when identities were not unique; see ``Differ`` for how duplicates are matched.
    public internal(set) var duplicateSectionCount = 0
    /// Nonzero when item identities were not unique within the state (across all its sections).
    public internal(set) var duplicateItemCount = 0

    /// An empty script: no change.
    public init() {}

    /// A script of `steps`.
    public init(steps: [Step]) {
        packedSteps = steps.map(PackedStep.init)
    }

    /// True when the two states were the same.
    public var isEmpty: Bool { packedSteps.isEmpty }

    /// The number of steps.
    public var stepCount: Int { packedSteps.count }

    /// Appends `step`.
    @usableFromInline
    mutating func append(_ step: PackedStep) {
        packedSteps.append(step)
    }

    /// A script of at most `capacity` steps, which `write` appends: the differ knows its count
    /// before it emits them, so the steps are written straight into an array allocated once.
    init(capacity: Int, writingSteps write: (inout StepWriter) -> Void) {
        // An empty array must not come from `unsafeUninitializedCapacity`: with no capacity it
        // sets the count of the runtime's shared empty-array storage, a write racing with every
        // thread that reads an empty array (ThreadSanitizer reports it).
        guard capacity > 0 else {
            packedSteps = []
            return
        }
        packedSteps = [PackedStep](unsafeUninitializedCapacity: capacity) { buffer, initializedCount in
            var writer = StepWriter(buffer: buffer)
            write(&writer)
            initializedCount = writer.count
        }
    }

    /// The script from `oldCount` items to `newCount` items in `section` when one side is empty:
    /// every old item deleted from the back, or every new item inserted in order. Nothing to
    /// match, so nothing is hashed.
    @usableFromInline
    static func oneSided(deleting oldCount: Int, inserting newCount: Int, inSection section: Int) -> EditScript {
        EditScript(capacity: oldCount + newCount) { steps in
            for item in stride(from: oldCount - 1, through: 0, by: -1) {
                steps.append(PackedStep(.deleteItem, section, item))
            }
            for item in 0..<newCount {
                steps.append(PackedStep(.insertItem, section, item, section, item))
            }
        }
    }

    /// How many steps of each kind the script has.
    public var counts: Counts {
        var counts = Counts()
        for step in packedSteps {
            switch step.kind {
            case .insertSection, .insertItem: counts.inserts += 1
            case .deleteSection, .deleteItem: counts.deletes += 1
            case .moveSection, .moveItem: counts.moves += 1
            case .updateSection, .updateItem: counts.updates += 1
            }
        }
        return counts
    }

    /// Step counts by kind, sections and items together.
    public struct Counts: Equatable, Sendable {
        /// Items inserted.
        public var inserts = 0
        /// Items deleted.
        public var deletes = 0
        /// Items moved (within or across sections).
        public var moves = 0
        /// Items kept in place whose content changed.
        public var updates = 0
        /// Every step.
        public var total: Int { inserts + deletes + moves + updates }
    }

    public var description: String {
        guard !steps.isEmpty else { return "EditScript(empty)" }
        return "EditScript(\n" + steps.map { "  \($0)\n" }.joined() + ")"
    }
}

extension EditScript.Step: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .insertSection(index, newSection): "insert section \(index) (new \(newSection))"
        case let .deleteSection(index): "delete section \(index)"
        case let .moveSection(from, to): "move section \(from) → \(to)"
        case let .updateSection(index): "update section \(index)"
        case let .insertItem(at, newItem): "insert \(at.shortDescription) (new \(newItem.shortDescription))"
        case let .deleteItem(indexPath): "delete \(indexPath.shortDescription)"
        case let .moveItem(from, to): "move \(from.shortDescription) → \(to.shortDescription)"
        case let .updateItem(indexPath): "update \(indexPath.shortDescription)"
        }
    }
}
