import ModelStorage

/// An independent, deliberately naive model of what `MemoryStorage` must do with each request:
/// the oracle the randomized test compares the real storage with.
struct ReferenceModel {
    var sections: [[Int]] = []
    /// Header models aligned to section indices; may reach past the last section.
    var storedHeaders: [Int?] = []

    /// What one request is expected to do.
    enum Outcome: Equatable {
        /// Refused with the anomaly of this short description; nothing changes.
        case refused(String)
        /// Applied; observers get animated changes.
        case changed
        /// Applied; observers get a reload.
        case reloaded
        /// Applied with no notification at all.
        case silent
    }

    var observed: ObservedState {
        ObservedState(sections: sections, headers: sections.indices.map(header))
    }

    func header(_ section: Int) -> Int? {
        storedHeaders.indices.contains(section) ? storedHeaders[section] : nil
    }

    func count(_ section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    func contains(_ ip: IndexPath) -> Bool {
        ip.section >= 0 && ip.item >= 0 && ip.section < sections.count && ip.item < sections[ip.section].count
    }

    /// Why `ip` addresses no item, as a storage reports it; nil when it does.
    func absence(_ ip: IndexPath) -> String? {
        if contains(ip) { return nil }
        return ip.section < 0 || ip.item < 0 ? "invalidIndexPath" : "itemIndexPathOutOfRange"
    }

    // MARK: - Section bookkeeping (headers follow their section; appended sections adopt theirs)

    mutating func insertSection(_ items: [Int], at index: Int) {
        if index < sections.count, storedHeaders.count > index { storedHeaders.insert(nil, at: index) }
        sections.insert(items, at: index)
    }

    mutating func createSections(through section: Int) {
        while sections.count <= section { insertSection([], at: sections.count) }
    }

    mutating func deleteSection(_ index: Int) {
        sections.remove(at: index)
        if storedHeaders.count > index { storedHeaders.remove(at: index) }
    }

    mutating func moveSection(_ from: Int, _ to: Int) {
        sections.insert(sections.remove(at: from), at: to)
        while storedHeaders.count <= max(from, to) { storedHeaders.append(nil) }
        storedHeaders.insert(storedHeaders.remove(at: from), at: to)
    }

    /// The first positions of the values, n-th request claiming the n-th occurrence; nil if one
    /// has no occurrence left.
    func claim(_ values: [Int]) -> [IndexPath]? {
        var claimed = Set<IndexPath>()
        for value in values {
            let all = sections.indices.flatMap { s in
                sections[s].indices.filter { sections[s][$0] == value }.map { IndexPath(item: $0, section: s) }
            }
            guard let free = all.first(where: { !claimed.contains($0) }) else { return nil }
            claimed.insert(free)
        }
        return Array(claimed)
    }

    mutating func remove(_ paths: [IndexPath]) {
        for ip in Set(paths).sorted(by: >) { sections[ip.section].remove(at: ip.item) }
    }

    // MARK: - Requests

    /// Applies `operation` and returns what the storage must have done; for a transaction, the
    /// outcomes of its operations in order.
    mutating func apply(_ operation: RandomizedOperation) -> [Outcome] {
        switch operation {
        case let .transaction(operations):
            return operations.flatMap { apply($0) }
        default:
            return [applySingle(operation)]
        }
    }

    private mutating func applySingle(_ operation: RandomizedOperation) -> Outcome {
        switch operation {
        case let .addItems(values, s):
            guard s >= 0 else { return .refused("invalidIndexPath") }
            createSections(through: s)
            sections[s] += values
            return .changed
        case let .insertItem(value, ip):
            return applySingle(.insertItemsAt([value], ip))
        case let .insertItemsAt(values, ip):
            guard ip.section >= 0, ip.item >= 0 else { return .refused("invalidIndexPath") }
            guard ip.item <= count(ip.section) else { return .refused("insertionIndexPathTooBig") }
            createSections(through: ip.section)
            sections[ip.section].insert(contentsOf: values, at: ip.item)
            return .changed
        case let .insertItemsTo(values, ips):
            guard values.count == ips.count else { return .refused("batchInsertionItemCountMismatch") }
            var trial = self
            for (value, ip) in zip(values, ips) {
                guard ip.section >= 0, ip.item >= 0 else { return .refused("invalidIndexPath") }
                guard ip.item <= trial.count(ip.section) else { return .refused("insertionIndexPathTooBig") }
                trial.createSections(through: ip.section)
                trial.sections[ip.section].insert(value, at: ip.item)
            }
            self = trial
            return .changed
        case let .insertSection(values, index):
            guard (0...sections.count).contains(index) else { return .refused("sectionIndexOutOfRange") }
            insertSection(values, at: index)
            return .changed
        case let .removeItem(value):
            guard let found = claim([value]) else { return .refused("removeItemFailedItemNotFound") }
            remove(found)
            return .changed
        case let .removeItemsHashable(values), let .removeItemsEquatable(values):
            guard let found = claim(values) else { return .refused("removeItemFailedItemNotFound") }
            remove(found)
            return .changed
        case let .removeItemsAt(ips):
            if let why = ips.lazy.compactMap(absence).first { return .refused(why) }
            remove(ips)
            return .changed
        case let .removeItemsFromSection(s):
            guard sections.indices.contains(s) else { return .refused("sectionIndexOutOfRange") }
            sections[s] = []
            return .changed
        case .removeAllItems:
            sections = sections.map { _ in [] }
            return .reloaded
        case let .deleteSections(indexes):
            guard indexes.allSatisfy(sections.indices.contains) else { return .refused("sectionIndexOutOfRange") }
            for index in Set(indexes).sorted(by: >) { deleteSection(index) }
            return .changed
        case let .moveSection(from, to):
            guard sections.indices.contains(from), sections.indices.contains(to) else {
                return .refused("sectionIndexOutOfRange")
            }
            if from != to { moveSection(from, to) }
            return .changed
        case let .moveItem(from, to):
            guard from.section >= 0, from.item >= 0, to.section >= 0, to.item >= 0 else {
                return .refused("invalidIndexPath")
            }
            guard contains(from) else { return .refused("moveItemFailedItemNotFound") }
            guard to.item <= count(to.section) - (from.section == to.section ? 1 : 0) else {
                return .refused("moveItemFailedIndexPathTooBig")
            }
            if from == to { return .changed }
            createSections(through: to.section)
            let value = sections[from.section].remove(at: from.item)
            sections[to.section].insert(value, at: to.item)
            return .changed
        case let .moveItemWithoutNotification(from, to):
            guard contains(from), to.section >= 0, to.item >= 0, sections.indices.contains(to.section),
                to.item <= count(to.section) - (from.section == to.section ? 1 : 0)
            else { return .refused("moveItemFailedInvalidIndexPaths") }
            let value = sections[from.section].remove(at: from.item)
            sections[to.section].insert(value, at: to.item)
            return .silent
        case let .reloadItem(value):
            return claim([value]) == nil ? .refused("reloadItemFailedItemNotFound") : .changed
        case let .reloadItemAt(ip):
            return absence(ip).map(Outcome.refused) ?? .changed
        case let .replaceItem(value, newValue):
            guard let ip = claim([value])?.first else { return .refused("replaceItemFailedItemNotFound") }
            sections[ip.section][ip.item] = newValue
            return .changed
        case let .replaceItemAt(ip, newValue):
            if let why = absence(ip) { return .refused(why) }
            sections[ip.section][ip.item] = newValue
            return .changed
        case let .setItems(values, s):
            guard s >= 0 else { return .refused("invalidIndexPath") }
            while sections.count <= s { sections.append([]) }
            sections[s] = values
            return .reloaded
        case let .setItemsForAllSections(all):
            sections = all
            return .reloaded
        case let .setHeaders(headers):
            storedHeaders = headers
            return .changed
        case let .reloadSections(indexes):
            guard indexes.allSatisfy(sections.indices.contains) else { return .refused("sectionIndexOutOfRange") }
            return .changed
        case .transaction:
            preconditionFailure("transactions are flattened by apply(_:)")
        }
    }
}
