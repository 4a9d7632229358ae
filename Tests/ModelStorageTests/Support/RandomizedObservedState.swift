import ModelStorage

/// What a view showing a storage of `Int` models holds: items per section and each section's
/// header. Read from the storage, from a replica that replayed its logs, or from the reference
/// model, and compared.
struct ObservedState: Equatable, CustomStringConvertible {
    var sections: [[Int]]
    var headers: [Int?]

    init(sections: [[Int]], headers: [Int?]) {
        self.sections = sections
        self.headers = headers
    }

    @MainActor
    init(of storage: MemoryStorage) {
        sections = storage.sections.map { $0.items.map { $0 as! Int } }
        headers = storage.sections.indices.map { storage.headerModel(forSection: $0) as? Int }
    }

    @MainActor
    init(of replica: ChangeLogReplica) {
        sections = replica.sections.map { $0.map { $0 as! Int } }
        headers = replica.supplements.map { $0.header as? Int }
    }

    var description: String {
        zip(sections, headers).map { items, header in "[\(header.map(String.init) ?? "-")] \(items)" }
            .joined(separator: " | ")
    }
}
