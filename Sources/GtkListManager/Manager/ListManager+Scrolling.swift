import ModelStorage

extension ListManager {
    /// Scrolls the list so that the item at `indexPath` is on screen, placed as `alignment`
    /// says; false (and no scrolling) when there is no such item. A list not laid out yet
    /// scrolls once it is. A malformed path is refused and reported, as by
    /// ``selectItem(at:)``.
    ///
    /// `animated`, the list glides there on its frame clock (a quarter to half a second, eased
    /// out), on every host and to rows that have no widget yet, and lands where an unanimated
    /// scroll would. The user's own scrolling, a click or a key on the list stops it where it
    /// is; another scroll replaces it. A list not on screen, or a desktop with animations off
    /// (`gtk-enable-animations`), scrolls at once.
    @discardableResult
    public func scrollTo(_ indexPath: IndexPath, alignment: ScrollAlignment = .nearest, animated: Bool = false) -> Bool {
        checkConfinement()
        guard acceptsItemIndexPath(indexPath) else { return false }
        return scroll(to: .item(indexPath), alignment: alignment, animated: animated)
    }

    /// Scrolls the list so that the supplementary view of `kind` of `section` (its header, its
    /// footer, …) is on screen, placed as `alignment` says; false (and no scrolling) when the
    /// list shows no such view.
    /// `animated` as for items.
    @discardableResult
    public func scrollTo(
        _ kind: SupplementaryKind, ofSection section: Int, alignment: ScrollAlignment = .nearest, animated: Bool = false
    ) -> Bool {
        checkConfinement()
        return scroll(to: .supplementary(kind, inSection: section), alignment: alignment, animated: animated)
    }

    /// The index paths of the items whose rows the viewport shows, whole or in part, in list
    /// order (UIKit's `indexPathsForVisibleRows`): what to save to come back to the same place
    /// (its first), what to refresh first. Empty for a list not laid out or not on screen.
    public var indexPathsOnScreen: [IndexPath] {
        guard let positions = host.positionsOnScreen, let viewport = host.viewportFrame else { return [] }
        var shown: [IndexPath] = []
        for position in positions {
            guard let location = updater.rowMap.location(ofPosition: position), location.role == .item,
                let frame = host.rowFrame(at: position), frame.y + frame.height > viewport.y, frame.y < viewport.y + viewport.height
            else { continue }
            shown.append(location.indexPath)
        }
        return shown
    }

    private func scroll(to location: RowLocation, alignment: ScrollAlignment, animated: Bool) -> Bool {
        guard let position = position(of: location) else { return false }
        scrollAnimation?.stop()
        if animated, let animation = ScrollAnimation(self, to: location, alignment: alignment) {
            scrollAnimation = animation
        } else {
            host.scrollTo(position: position, alignment: alignment)
        }
        return true
    }

    /// Binds and places now the rows the viewport shows, instead of at the next frame
    /// (UIKit's `layoutIfNeeded`): after a change, ``boundRow(at:)`` finds the rows on screen
    /// on every host, a virtualized one included. Nothing happens for a list not on screen.
    public func layoutIfNeeded() {
        checkConfinement()
        host.layoutIfNeeded()
    }
}
