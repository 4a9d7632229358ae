/// The read side of every storage: sections of models, addressed by index path.
///
/// This is all a manager needs to show a storage. Storages are main-actor bound: the manager that
/// shows one applies its changes on the GTK thread, and the compiler keeps other threads out.
@MainActor
public protocol Storage: AnyObject {
    /// The number of sections.
    var numberOfSections: Int { get }
    /// The number of items in `section`, or 0 when there is no such section.
    func numberOfItems(inSection section: Int) -> Int
    /// The model at `indexPath`, or nil when there is none.
    func item(at indexPath: IndexPath) -> Any?
    /// Every model of `section` in order; empty when there is no such section.
    ///
    /// Managers read whole sections through it when they reload. The default asks
    /// ``item(at:)`` for each item; storages that keep a section as an array return it at once.
    func models(inSection section: Int) -> [Any]
}

extension Storage {
    public func models(inSection section: Int) -> [Any] {
        (0..<numberOfItems(inSection: section)).map { item in
            // `item(at:)` is `Any?`: keep the stored value itself (which may be an empty optional).
            self.item(at: IndexPath(item: item, section: section)) ?? (Any?.none as Any)
        }
    }
}

/// A storage that also provides supplementary models: section headers, footers, any other kind.
@MainActor
public protocol SupplementaryStorage: Storage {
    /// The model of `kind` for `section`, or nil when the section has none.
    func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any?
}

extension SupplementaryStorage {
    /// The header model of `section`, or nil.
    public func headerModel(forSection section: Int) -> Any? {
        supplementaryModel(ofKind: .header, inSection: section)
    }

    /// The footer model of `section`, or nil.
    public func footerModel(forSection section: Int) -> Any? {
        supplementaryModel(ofKind: .footer, inSection: section)
    }
}
