import ModelStorage
import SeededRandom
import Testing

/// A tree table's header sorts an outline storage: every level, collapsed ones too, rows moving
/// as one reordering, what is open staying open, and what arrives later taking its place.
@Suite("OutlineStorage sort: every level ordered by the table's sort keys, from now on")
@MainActor
struct OutlineSortingTests {
    /// Names compared as text; "size" by length, ties broken by nothing.
    let columns = ColumnComparisons<String>()
        .column("name", byText: \.self)
        .column("size", by: \.count)

    private func rows(_ storage: OutlineStorage<String, String>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { OutlineReplica.text(storage.item(at: IndexPath(item: $0, section: 0))) }
    }

    /// home ▸ music, docs ▸ b, a; etc ▸ hosts; Zeta; all open but docs.
    private func files() -> OutlineStorage<String, String> {
        var outline = OutlineSnapshot<String>()
        outline.append(["home", "Zeta", "etc"])
        outline.append(["music", "docs"], to: "home")
        outline.append(["b", "a"], to: "docs")
        outline.append(["hosts"], to: "etc")
        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "Places")
        storage.expand(["home", "etc"])
        return storage
    }

    @Test("A sort orders every level, collapsed ones too, keeps what is open, and reaches observers as moves")
    func sortsEveryLevel() {
        let storage = files()
        let replica = OutlineReplica(observing: storage)
        var updates = 0
        let counter = UpdateCounter { updates += 1 }
        storage.addObserver(counter)
        storage.sort(by: [SortKey("name")], using: columns, execution: .immediate)
        #expect(rows(storage) == ["etc", "hosts", "home", "docs", "music", "Zeta"])
        #expect(replica.rows == rows(storage))
        #expect(updates == 1)
        #expect(storage.sortKeys == [SortKey("name")])
        storage.expand(["docs"])
        #expect(rows(storage) == ["etc", "hosts", "home", "docs", "a", "b", "music", "Zeta"], "the collapsed folder was sorted too")
        storage.sort(by: [SortKey("name", ascending: false)], using: columns, execution: .immediate)
        #expect(rows(storage) == ["Zeta", "home", "music", "docs", "b", "a", "etc", "hosts"])
        #expect(replica.rows == rows(storage))
        #expect(storage.isExpanded("home") && storage.isExpanded("docs") && storage.isExpanded("etc"))
    }

    @Test("Items that tie keep the order they had; a second key breaks the tie")
    func tiesKeepTheirOrder() {
        let storage = files()
        storage.sort(by: [SortKey("size")], using: columns, execution: .immediate)
        // home, Zeta and etc: 4, 4, 3 letters; music and docs 5 and 4.
        #expect(rows(storage) == ["etc", "hosts", "home", "docs", "music", "Zeta"])
        storage.sort(by: [SortKey("size"), SortKey("name", ascending: false)], using: columns, execution: .immediate)
        #expect(rows(storage) == ["etc", "hosts", "Zeta", "home", "docs", "music"])
    }

    @Test("While sorted, appended and inserted items, lazily read children, applied outlines and moved items take their places")
    func laterItemsFollowTheSort() {
        let storage = files()
        let replica = OutlineReplica(observing: storage)
        storage.sort(by: [SortKey("name")], using: columns, execution: .immediate)
        storage.append(["bin"], to: "home", inSection: "Places")
        #expect(rows(storage) == ["etc", "hosts", "home", "bin", "docs", "music", "Zeta"])
        storage.insert(["apt"], after: "hosts")
        #expect(rows(storage) == ["etc", "apt", "hosts", "home", "bin", "docs", "music", "Zeta"])
        #expect(storage.move(["music"], to: .before("etc")))
        #expect(rows(storage) == ["etc", "apt", "hosts", "home", "bin", "docs", "music", "Zeta"], "beside etc names the top level")
        #expect(replica.rows == rows(storage))

        var outline = OutlineSnapshot<String>()
        outline.append(["usr", "opt", "lib"])
        storage.apply(outline, to: "Places")
        #expect(rows(storage) == ["lib", "opt", "usr"])
        #expect(replica.rows == rows(storage))
    }

    @Test("While sorted, children read on an expand arrive in order")
    func lazyChildrenFollowTheSort() {
        var outline = OutlineSnapshot<String>()
        outline.append(["bin", "home"])
        outline.markChildrenUnloaded(["bin"])
        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "Places")
        storage.childrenProvider = .immediate { parent in parent == "bin" ? ["zsh", "bash", "cat"] : [] }
        storage.sort(by: [SortKey("name", ascending: false)], using: columns, execution: .immediate)
        let replica = OutlineReplica(observing: storage)
        storage.expand(["bin"])
        #expect(rows(storage) == ["home", "bin", "zsh", "cat", "bash"])
        #expect(replica.rows == rows(storage))
    }

    @Test("An empty sort stops sorting: the items stay where they are, and new ones go where they are put")
    func emptySortStopsSorting() {
        let storage = files()
        storage.sort(by: [SortKey("name")], using: columns, execution: .immediate)
        storage.sort(by: [], using: columns, execution: .immediate)
        #expect(storage.sortKeys.isEmpty)
        #expect(rows(storage) == ["etc", "hosts", "home", "docs", "music", "Zeta"])
        storage.append(["aaa"], inSection: "Places")
        #expect(rows(storage).last == "aaa")
    }

    @Test("In the background, a sort asked while another is ranked supersedes it; both completions run, in order")
    func backgroundSortsSupersede() async {
        let storage = files()
        let replica = OutlineReplica(observing: storage)
        var finished: [String] = []
        storage.sort(by: [SortKey("name")], using: columns) { finished.append("first") }
        storage.sort(by: [SortKey("name", ascending: false)], using: columns) { finished.append("second") }
        #expect(await waitUntil { finished.count == 2 })
        #expect(finished == ["first", "second"])
        #expect(rows(storage) == ["Zeta", "home", "music", "docs", "etc", "hosts"])
        #expect(replica.rows == rows(storage))
    }

    @Test("sortAndWait returns once the order is applied")
    func awaitedSort() async {
        let storage = files()
        await storage.sortAndWait(by: [SortKey("name")], using: columns)
        #expect(rows(storage) == ["etc", "hosts", "home", "docs", "music", "Zeta"])
    }

    @Test("Random trees, expansions and sorts: every sibling list in the comparator's order, the replica equal", arguments: 0..<20)
    func randomizedSorts(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let names = ["a", "B", "c10", "c9", "Äb", "d", "ee", "f", "g", "h"]
        var outline = OutlineSnapshot<String>()
        var items: [String] = []
        for index in 0..<Int.random(in: 1...40, using: &random) {
            let item = "\(names.randomElement(using: &random)!)#\(index)"
            let parent = items.isEmpty || Bool.random(using: &random) ? nil : items.randomElement(using: &random)
            outline.append([item], to: parent)
            items.append(item)
        }
        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "S")
        storage.expand(items.filter { _ in Bool.random(using: &random) })
        let replica = OutlineReplica(observing: storage)
        let byName = ColumnComparisons<String>().column("name", byText: \.self).column("size", by: \.count)
        for _ in 0..<3 {
            let keys = [SortKey(Bool.random(using: &random) ? "name" : "size", ascending: Bool.random(using: &random))]
            let before = storage.outline(of: "S")
            storage.sort(by: keys, using: byName, execution: .immediate)
            let after = storage.outline(of: "S")
            let comparator = byName.comparator(for: keys)
            for parent in [nil] + items {
                let children = after.children(of: parent)
                let earlier = before.children(of: parent)
                // Sorted, ties in the order they had.
                let expected = earlier.enumerated().sorted { lhs, rhs in
                    if comparator(lhs.element, rhs.element) { return true }
                    if comparator(rhs.element, lhs.element) { return false }
                    return lhs.offset < rhs.offset
                }.map(\.element)
                #expect(children == expected, "children of \(parent ?? "the top")")
            }
            #expect(replica.rows == rows(storage))
        }
    }
}
