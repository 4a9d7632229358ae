import ModelStorage

extension ListManager {
    /// Shows the sections `sections` declares, as the list's whole content (Flow/Owl style).
    ///
    /// ```swift
    /// manager.update {
    ///     Section(id: "fav", header: "Favourites", rows: Row<PackageRow>.rows(favourites) { row in
    ///         row.onTap = { _, package, _ in open(package); return .deselect }
    ///     })
    ///     if showAll {
    ///         Section(id: "all", header: "All", rows: Row<PackageRow>.rows(packages))
    ///     }
    /// }
    /// ```
    ///
    /// The new sections and rows are diffed against the previous declaration (sections by id,
    /// rows by identity, see ``Row``) and the list receives the ordered changes: unchanged rows
    /// keep their widgets, changed rows are updated in place, moved rows move their widget. Each
    /// row is shown by its own class; the manager adds a mapping for it the first time, apart
    /// from the registered ones (which never take declarative rows, nor `unregister` them).
    ///
    /// The first call on a manager that shows another storage replaces it: the declarative
    /// sections are loaded at once (a reload; there is nothing to animate from), and the other
    /// storage is left as it is and no longer observed. Assigning ``storage`` later leaves the
    /// declarative sections; the next `update` loads them again the same way.
    ///
    /// Repeated section ids or row identities, and models without identity, are reported to
    /// ``declarativeAnomalyHandler``; the rows are shown all the same (duplicates matched in
    /// order). Call it on the GTK thread, from event closures too: an update declared while the
    /// list applies another is applied right after it.
    ///
    /// - Parameters:
    ///   - animated: false applies the same changes without row animations.
    ///   - completion: runs once the rows are in the list (after an update the list applies
    ///     first, when declared from an event closure).
    ///   - sections: the sections to show, in order.
    public func update(
        animated: Bool = true, completion: (() -> Void)? = nil, @SectionsBuilder _ sections: () -> [Section]
    ) {
        checkConfinement()
        declarative.declare(sections(), animated: animated, completion: completion)
    }

    /// Folds or unfolds the declared section `id`: its header and footer stay, its rows go
    /// or come back (animated like an update). Returns false, changing nothing, when no
    /// declared section has this id.
    @discardableResult
    public func setFolded(_ folded: Bool, forSection id: AnyHashable, animated: Bool = true) -> Bool {
        checkConfinement()
        return declarative.setFolded(folded, forSection: id, animated: animated)
    }

    /// Folds the declared section `id` when it is unfolded, unfolds it otherwise. Returns
    /// false, changing nothing, when no declared section has this id.
    @discardableResult
    public func toggleFolded(forSection id: AnyHashable, animated: Bool = true) -> Bool {
        checkConfinement()
        guard let folded = declarative.isFolded(id) else { return false }
        return declarative.setFolded(!folded, forSection: id, animated: animated)
    }

    /// Whether the declared section `id` is folded; nil when no declared section has this id.
    public func isSectionFolded(_ id: AnyHashable) -> Bool? {
        declarative.isFolded(id)
    }

    /// The sections of the last ``update(animated:completion:_:)``, as declared.
    package var declaredSections: [Section] {
        declarative.declared
    }

    /// Where ``update(animated:completion:_:)`` reports repeated identities and models without identity.
    public var declarativeAnomalyHandler: AnomalyHandler<StorageAnomaly> {
        declarative.storage.anomalyHandler
    }

    var declarative: DeclarativeState {
        if let declarativeState { return declarativeState }
        let state = DeclarativeState(manager: self)
        declarativeState = state
        return state
    }
}
