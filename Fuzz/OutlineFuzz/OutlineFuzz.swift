import FuzzDriver
import ModelStorage

/// `OutlineSnapshot`'s operations in any order, with missing, repeated and existing identifiers
/// and moves into themselves, against `ReferenceOutline`: after each, the snapshot holds the same
/// items in the same order, shows the same rows, gives every item the same parent, level and
/// children, and refused exactly the operations the reference refuses (with an anomaly,
/// changing nothing).
@main
enum OutlineFuzz: FuzzTarget {
    static func check(_ input: inout FuzzInput) {
        var snapshot = OutlineSnapshot<Int>()
        var reference = ReferenceOutline()
        var steps: [String] = []
        for _ in 0..<input.int(in: 1...40) {
            let (step, anomaly, accepted) = operate(&snapshot, &reference, &input)
            steps.append(step)
            FuzzTrace.note(step)
            FuzzFailure.require((anomaly == nil) == accepted, "refusal differs (anomaly \(String(describing: anomaly))) after \(steps)")
            compare(snapshot, reference, steps)
        }
    }

    /// One operation on both; what it was, the snapshot's anomaly and whether the reference took it.
    private static func operate(
        _ snapshot: inout OutlineSnapshot<Int>, _ reference: inout ReferenceOutline, _ input: inout FuzzInput
    ) -> (String, SnapshotAnomaly?, Bool) {
        func item() -> Int { input.int(in: 0...29) }
        func items() -> [Int] { (0..<input.int(in: 1...3)).map { _ in item() } }
        switch input.int(in: 0...7) {
        case 0, 1:
            let (new, parent) = (items(), input.oneIn(3) ? nil : Optional(item()))
            let anomaly = snapshot.append(new, to: parent)
            let accepted =
                (parent.map(reference.contains) ?? true) && reference.add(new, under: parent, at: reference.children(of: parent).count)
            return ("append \(new) to \(String(describing: parent))", anomaly, accepted)
        case 2:
            let (new, anchor, before) = (items(), item(), input.oneIn(2))
            let anomaly = before ? snapshot.insert(new, before: anchor) : snapshot.insert(new, after: anchor)
            var accepted = false
            if reference.contains(anchor) {
                let parent = reference.parent(of: anchor)
                let index = reference.children(of: parent).firstIndex(of: anchor)! + (before ? 0 : 1)
                accepted = reference.add(new, under: parent, at: index)
            }
            return ("insert \(new) \(before ? "before" : "after") \(anchor)", anomaly, accepted)
        case 3:
            let gone = items()
            let anomaly = snapshot.delete(gone)
            let accepted = gone.allSatisfy(reference.contains)
            if accepted { for item in gone where reference.contains(item) { reference.remove(item) } }
            return ("delete \(gone)", anomaly, accepted)
        case 4, 5:
            let (expanding, target) = (input.oneIn(3) == false, items())
            let anomaly = expanding ? snapshot.expand(target) : snapshot.collapse(target)
            let accepted = target.allSatisfy(reference.contains)
            if accepted { for item in target { reference.setExpanded(expanding, item) } }
            return ("\(expanding ? "expand" : "collapse") \(target)", anomaly, accepted)
        default:
            let moving = items()
            let anchor: Int? = input.oneIn(5) ? nil : item()
            let placement: OutlinePlacement<Int> =
                switch (anchor, input.int(in: 0...2)) {
                case (nil, _): .into(nil)
                case let (anchor?, 0): .before(anchor)
                case let (anchor?, 1): .after(anchor)
                case let (anchor?, _): .into(anchor)
                }
            let anomaly = snapshot.move(moving, to: placement)
            return ("move \(moving) \(placement)", anomaly, move(moving, to: placement, anchor: anchor, in: &reference))
        }
    }

    /// The reference's move: every named item (once, the first time), those under another moved
    /// item travelling with it, taken out, then put at the placement in the order named.
    private static func move(_ items: [Int], to placement: OutlinePlacement<Int>, anchor: Int?, in reference: inout ReferenceOutline)
        -> Bool
    {
        guard items.allSatisfy(reference.contains), anchor.map(reference.contains) ?? true else { return false }
        if let anchor, items.contains(where: { reference.isAncestor($0, ofOrSame: anchor) }) { return false }
        var named: [Int] = []
        for item in items where !named.contains(item) { named.append(item) }
        let roots = named.filter { item in !named.contains { $0 != item && reference.isAncestor($0, ofOrSame: item) } }
        let subtrees = roots.map { reference.detach($0) }
        var (parent, index): (Int?, Int)
        switch placement {
        case let .before(item):
            (parent, index) = (reference.parent(of: item), reference.children(of: reference.parent(of: item)).firstIndex(of: item)!)
        case let .after(item):
            (parent, index) = (reference.parent(of: item), reference.children(of: reference.parent(of: item)).firstIndex(of: item)! + 1)
        case let .into(item): (parent, index) = (item, reference.children(of: item).count)
        }
        for subtree in subtrees {
            reference.attach(subtree, under: parent, at: index)
            index += 1
        }
        return true
    }

    private static func compare(_ snapshot: OutlineSnapshot<Int>, _ reference: ReferenceOutline, _ steps: [String]) {
        let context = "after \(steps)"
        FuzzFailure.require(snapshot.items == reference.items, "items \(snapshot.items), expected \(reference.items) \(context)")
        FuzzFailure.require(
            snapshot.visibleItems == reference.visibleItems, "shown \(snapshot.visibleItems), expected \(reference.visibleItems) \(context)"
        )
        FuzzFailure.require(
            snapshot.count == reference.items.count && snapshot.visibleCount == reference.visibleItems.count, "counts \(context)")
        FuzzFailure.require(snapshot.rootItems == reference.children(of: nil), "top level \(context)")
        for (row, item) in reference.visibleItems.enumerated() {
            FuzzFailure.require(snapshot.visibleItem(at: row) == item && snapshot.index(of: item) == row, "row \(row) \(context)")
        }
        for item in reference.items {
            FuzzFailure.require(snapshot.parent(of: item) == reference.parent(of: item), "parent of \(item) \(context)")
            FuzzFailure.require(snapshot.children(of: item) == reference.children(of: item), "children of \(item) \(context)")
            FuzzFailure.require(snapshot.isExpanded(item) == reference.expanded.contains(item), "expanded \(item) \(context)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { OutlineFuzz.fuzz(data, count) }
