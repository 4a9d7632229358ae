/// A storage that finds its items by identity without reading every model: one whose models
/// are read on demand (a lazy database storage) would read them all for a scan of
/// `models(inSection:)`. The manager asks it where the items an undo put back are, and where
/// the focused item went in a reload.
@MainActor
package protocol IdentityLocatingStorage: Storage {
    /// Where the items with `identities` are, in list order, among those the storage can tell
    /// without reading.
    func indexPaths(ofIdentities identities: Set<ModelIdentity>) -> [IndexPath]
}

extension Storage {
    /// Where the items with `identities` are, in list order: asked of an
    /// ``IdentityLocatingStorage``, else found by a scan of every model. O(items).
    package func indexPaths(ofIdentities identities: Set<ModelIdentity>) -> [IndexPath] {
        if let locating = self as? any IdentityLocatingStorage { return locating.indexPaths(ofIdentities: identities) }
        var found: [IndexPath] = []
        for section in 0..<numberOfSections {
            for (item, model) in models(inSection: section).enumerated() {
                if let identity = ModelIdentity(of: model), identities.contains(identity) {
                    found.append(IndexPath(item: item, section: section))
                }
            }
        }
        return found
    }
}
