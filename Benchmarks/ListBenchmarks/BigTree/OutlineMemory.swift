import Foundation
import ModelStorage

/// Our side of the big tree's memory parts: an outline of `String` items built the way the
/// Trees article tells an application to (an `OutlineSnapshot`, `append` per level, `apply` to
/// an `OutlineStorage`), shown nowhere, timed and weighed as the C peers weigh their models
/// (`build_ms`, `bytes_per_item`: resident memory after `malloc_trim`, after the build less
/// before, per item).
@MainActor
enum OutlineMemory {
    /// One parent of `count` children ("child i"), or (`wide`) `count / 100` parents of 100.
    static func measure(count: Int, wide: Bool) -> [String: Double] {
        let parents = wide ? count / BigTreeScenario.childrenPerParent : 1
        let children = wide ? BigTreeScenario.childrenPerParent : count
        let before = ProcessProbes.residentMiB()
        let start = ProcessProbes.wallMilliseconds()
        let storage = build(parents: parents, children: children)
        let buildTime = ProcessProbes.wallMilliseconds() - start
        let after = ProcessProbes.residentMiB()
        let items = parents * (children + 1)
        // The storage must still hold the outline when the memory is read.
        let shown = withExtendedLifetime(storage) { storage.numberOfItems(inSection: 0) }
        return [
            "build_ms": buildTime, "bytes_per_item": (after - before) * 1_048_576 / Double(items), "items": Double(items),
            "rows": Double(shown),
        ]
    }

    /// `parents` top-level items "parent p", each with `children` items "child i" numbered across
    /// the parents, collapsed, in a section of a new storage.
    static func build(parents: Int, children: Int) -> OutlineStorage<String, String> {
        let storage = OutlineStorage<String, String>()
        storage.apply(outline(parents: parents, children: children), to: "tree")
        return storage
    }

    /// The outline `build` applies. Off the main actor, as a snapshot may be built anywhere: a
    /// closure formed in main-actor code checks the actor at every call (CONTRIBUTING, Hot
    /// paths: 3).
    nonisolated static func outline(parents: Int, children: Int) -> OutlineSnapshot<String> {
        let parentItems = (0..<parents).map { "parent \($0)" }
        var outline = OutlineSnapshot<String>()
        outline.append(parentItems)
        for (index, parent) in parentItems.enumerated() {
            outline.append((index * children..<(index + 1) * children).map { "child \($0)" }, to: parent)
        }
        return outline
    }
}
