import CGtk
import Glibc
import GtkListManager
import ModelStorage
import SeededRandom

/// The thumbnails benchmark (issue 36): a virtualized grid of 10,000 image files (640 × 480
/// PNGs) whose cells decode a 96 × 72 thumbnail off the main thread through their binding.
/// - 200 random jumps: after each, the time until every cell on screen shows its thumbnail, and
///   any cell showing another file's.
/// - A fast scroll, two viewports a frame from top to bottom: any cell showing another file's
///   thumbnail, at every frame.
/// - The main thread's CPU time for each thumbnail applied.
/// - Prefetching while wheel-scrolling (a step of page^⅔ a frame, GTK 3's wheel step): how far
///   below the screen each item was when the app was told of it, in viewports, at
///   `prefetchDistance` 1 and 2.
///
/// `list-benchmarks thumbnails [quick]`. GtkTreeView and GTK 4's GridView give no binding to
/// tie late content to, so there is no peer.
@MainActor
enum ThumbnailsBenchmark {
    static func run(quick: Bool) {
        guard GtkRuntime.initialize() else { return print("thumbnails: no display") }
        let count = 10_000
        guard let folder = try? ThumbnailFolder(count: count) else { return print("thumbnails: no folder") }
        defer { folder.remove() }
        let storage = MemoryStorage()
        storage.setItems((0..<count).map { ImageFile(index: $0, path: folder.file($0)) })
        let host = VirtualListHost(gridLayout: VirtualGridLayout(cellSize: GridSize(width: 104, height: 80)))
        let manager = ListManager(host: host, storage: storage)
        manager.register(ThumbnailTile.self)
        let shown = BenchmarkWindow(showing: manager.widget, width: 900, height: 600)

        var random = SplitMix64(seed: 36)
        var settle: [Double] = [], perThumbnail: [Double] = [], wrong = 0, late = 0
        for _ in 0..<(quick ? 50 : 200) {
            let start = ProcessProbes.wallMilliseconds(), cpu = ProcessProbes.threadCPUMilliseconds()
            let applied = ThumbnailTile.applyCPU.count
            _ = shown.scroll(to: Double(random.next() % UInt64(shown.scrollRange)))
            let done = GtkRuntime.iterate(until: { tiles(of: host).allSatisfy { $0.shownFile != nil } }, timeout: .seconds(2))
            if !done { late += 1 }
            settle.append(ProcessProbes.wallMilliseconds() - start)
            // Everything the main thread did from the jump to the last thumbnail (binding the
            // cells, drawing them): an upper bound of what a thumbnail costs it.
            perThumbnail.append((ProcessProbes.threadCPUMilliseconds() - cpu) / Double(max(ThumbnailTile.applyCPU.count - applied, 1)))
            wrong += wrongTiles(of: host, in: folder)
        }
        var scrollFrames = 0
        _ = shown.scroll(to: 0)
        while gtk_adjustment_get_value(shown.adjustment) < shown.scrollRange {
            let page = gtk_adjustment_get_page_size(shown.adjustment)
            _ = shown.scroll(to: min(gtk_adjustment_get_value(shown.adjustment) + 2 * page, shown.scrollRange))
            wrong += wrongTiles(of: host, in: folder)
            scrollFrames += 1
        }
        _ = GtkRuntime.iterate(until: { tiles(of: host).allSatisfy { $0.shownFile != nil } }, timeout: .seconds(2))
        wrong += wrongTiles(of: host, in: folder)

        let leads = [1.0, 2.0].map { prefetchLeads(distance: $0, storage: storage, folder: folder) }
        report(
            settle: settle, perThumbnail: perThumbnail, late: late, wrong: wrong, scrollFrames: scrollFrames, leads: leads,
            cells: host.positionsOnScreen?.count ?? 0)
    }

    private static func tiles(of host: VirtualListHost) -> [ThumbnailTile] {
        var tiles: [ThumbnailTile] = []
        host.forEachBoundRow { position, row in
            if host.positionsOnScreen?.contains(position) == true, let tile = row.view as? ThumbnailTile { tiles.append(tile) }
        }
        return tiles
    }

    /// The bound cells showing a thumbnail that is not their file's: by its tile's file, and by
    /// the colour GTK's image holds.
    private static func wrongTiles(of host: VirtualListHost, in folder: ThumbnailFolder) -> Int {
        var wrong = 0
        host.forEachBoundRow { _, row in
            guard let tile = row.view as? ThumbnailTile, let file = tile.file, let colour = tile.shownColour else { return }
            if tile.shownFile != file || colour != folder.colour(ofFile: file) { wrong += 1 }
        }
        return wrong
    }

    /// How far below the viewport each item was when the app was told to prefetch it, in
    /// viewports, while wheel-scrolling from the top through 60 steps; the items told as the
    /// list opened (its first screen and those ahead of it) are left out.
    private static func prefetchLeads(distance: Double, storage: MemoryStorage, folder: ThumbnailFolder) -> [Double] {
        let host = VirtualListHost(gridLayout: VirtualGridLayout(cellSize: GridSize(width: 104, height: 80)))
        var configuration = ListConfiguration()
        configuration.prefetchDistance = distance
        let manager = ListManager(host: host, storage: storage, configuration: configuration)
        manager.register(ThumbnailTile.self)
        let shown = BenchmarkWindow(showing: manager.widget, width: 900, height: 600)
        defer { gtk_widget_destroy(shown.window) }
        var toldLead: [Int: Double] = [:]
        var scrolling = false
        manager.prefetch(ImageFile.self) { _, indexPath in
            // What the list tells as it opens is told before any scroll: not a lead.
            guard scrolling else { return }
            // The host's frames are the viewport's: y past its height is below the screen.
            guard toldLead[indexPath.item] == nil, let frame = host.rowFrame(at: indexPath.item), let visible = host.viewportFrame
            else { return }
            toldLead[indexPath.item] = (frame.y - visible.height) / visible.height
        }
        shown.frames.waitForNextFrame()
        shown.frames.waitForNextFrame(limit: 50)
        // The items told as the list opened are ahead already: leads start past them.
        let firstWindow = (host.positionsOnScreen?.lowerBound ?? 0)..<((host.positionsOnScreen?.upperBound ?? 0) * Int(distance + 1))
        scrolling = true
        var cameOnScreen = Set<Int>()
        let step = pow(gtk_adjustment_get_page_size(shown.adjustment), 2.0 / 3)
        for _ in 0..<60 {
            _ = shown.scroll(to: gtk_adjustment_get_value(shown.adjustment) + step)
            shown.frames.waitForNextFrame(limit: 50)  // the prefetch idle after the frame
            cameOnScreen.formUnion((host.positionsOnScreen ?? 0..<0).filter { !firstWindow.contains($0) })
        }
        // An item shown without being told counts as no lead at all.
        return cameOnScreen.map { toldLead[$0] ?? -1 }
    }

    private static func report(
        settle: [Double], perThumbnail: [Double], late: Int, wrong: Int, scrollFrames: Int, leads: [[Double]], cells: Int
    ) {
        func format(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(value < 10 ? 2 : 1))) }
        let apply = ThumbnailTile.applyCPU
        print("## Thumbnails (10,000 images, \(cells) cells on screen)")
        print()
        print("| measure | p50 | p95 | max |")
        print("|---|---|---|---|")
        print(
            "| jump → every cell on screen shows its thumbnail (ms) | \(format(percentile(settle, 50))) | \(format(percentile(settle, 95))) | \(format(settle.max() ?? 0)) |"
        )
        print(
            "| main thread applying a thumbnail (ms) | \(format(percentile(apply, 50))) | \(format(percentile(apply, 95))) | \(format(apply.max() ?? 0)) |"
        )
        print(
            "| main thread from a jump to its last thumbnail, per thumbnail (ms) | \(format(percentile(perThumbnail, 50))) | \(format(percentile(perThumbnail, 95))) | \(format(perThumbnail.max() ?? 0)) |"
        )
        for (distance, lead) in zip([1, 2], leads) where !lead.isEmpty {
            print(
                "| prefetch lead at distance \(distance) (viewports, least first) | \(format(percentile(lead, 50))) | \(format(percentile(lead, 5))) (p5) | \(format(lead.min()!)) (least) |"
            )
        }
        print()
        print(
            "\(settle.count) jumps (\(late) not settled within 2 s), a fast scroll of \(scrollFrames) frames, \(apply.count) thumbnails applied: \(wrong) cells showed another file's thumbnail."
        )
    }
}
