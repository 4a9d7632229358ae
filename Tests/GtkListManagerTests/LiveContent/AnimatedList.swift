import CGtk
import GtkListManager
import ModelStorage

/// A virtualized list or grid of numbers in a window, its changes animated, read back from GTK.
@MainActor
final class AnimatedList: CustomStringConvertible {
    struct Place: Hashable {
        let x: Int
        let y: Int
    }

    let storage = MemoryStorage()
    let manager: ListManager
    let host: VirtualListHost
    let window: UnsafeMutablePointer<GtkWidget>
    let grid: Bool
    private let milliseconds: Int

    convenience init(grid: Bool, models: [Int], milliseconds: Int = 300, animated: Bool = true) {
        self.init(grid: grid, sections: [models], milliseconds: milliseconds, animated: animated)
    }

    init(grid: Bool, sections: [[Int]], milliseconds: Int = 300, animated: Bool = true) {
        self.grid = grid
        self.milliseconds = milliseconds
        var configuration = ListConfiguration()
        if animated { configuration.rowAnimation = RowAnimation(.crossfade, milliseconds: milliseconds) }
        host = grid ? .virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 90, height: 40))) : .virtualized
        description = grid ? "grid" : "list"
        manager = ListManager(host: host, storage: storage, configuration: configuration)
        manager.register(NumberRow.self)
        storage.setItemsForAllSections(sections)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 300, 400)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
        gtk_widget_show_all(window)
        _ = GtkRuntime.iterate(until: { gtk_widget_get_mapped(manager.widget) != 0 && manager.boundRow(atPosition: 0) != nil })
        _ = frames(for: .milliseconds(50), following: [])
    }

    nonisolated let description: String

    /// How far apart neighbouring rows (cells, in a grid) are, at most.
    var rowStep: Int { grid ? 90 + 40 : 40 }

    func close() { gtk_widget_destroy(window) }

    /// Lays the window out now, as the next frame would, without letting a frame pass.
    func layOutNow() {
        gtk_container_check_resize(gcast(window))
    }

    /// Scrolls the list to `fraction` of the way down.
    func scroll(toFraction fraction: Double) {
        guard let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(manager.widget)) else { return }
        let reach = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, (reach * fraction).rounded())
    }

    func boundPositions() -> [Int] {
        (0..<manager.rowCount).filter { manager.boundRow(atPosition: $0) != nil }
    }

    func boundModels() -> [Int] {
        boundPositions().compactMap { manager.boundRow(atPosition: $0)?.model as? Int }
    }

    func storageModels(at positions: [Int]) -> [Int] {
        let models = (0..<storage.numberOfSections).flatMap { (storage.items(inSection: $0) ?? []).compactMap { $0 as? Int } }
        return positions.map { models[$0] }
    }

    /// The row widget showing `model`: the bound row's widget's parent.
    private func rowWidget(of model: Int) -> UnsafeMutablePointer<GtkWidget>? {
        for position in 0..<manager.rowCount {
            guard let row = manager.boundRow(atPosition: position), row.model as? Int == model else { continue }
            return gtk_widget_get_parent(row.widget)
        }
        return nil
    }

    /// Where GTK allocated the row of `model`.
    func place(of model: Int) -> Place? {
        guard let rowWidget = rowWidget(of: model) else { return nil }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(rowWidget, &allocation)
        return Place(x: Int(allocation.x), y: Int(allocation.y))
    }

    func opacity(of model: Int) -> Double? {
        rowWidget(of: model).map { gtk_widget_get_opacity($0) }
    }

    /// The places and opacities of `models` now and after each frame that changed them, for
    /// `duration` of the animations' time.
    func frames(for duration: Duration, following models: [Int]) -> [[Int: (place: Place, opacity: Double)]] {
        var frames: [[Int: (place: Place, opacity: Double)]] = []
        let count = Int((duration / .microseconds(SteppedFrameTime.frameInterval)).rounded(.up))
        for step in 0...count {
            if step > 0 { SteppedFrameTime.nextFrame(of: window) }
            var frame: [Int: (place: Place, opacity: Double)] = [:]
            for model in models {
                if let place = place(of: model), let opacity = opacity(of: model) { frame[model] = (place, opacity) }
            }
            if frames.last.map({ !Self.same($0, frame) }) ?? true { frames.append(frame) }
        }
        return frames
    }

    /// Frames until the animation is surely over.
    func framesUntilStill(following models: [Int]) -> [[Int: (place: Place, opacity: Double)]] {
        frames(for: .milliseconds(milliseconds + 250), following: models)
    }

    private static func same(_ a: [Int: (place: Place, opacity: Double)], _ b: [Int: (place: Place, opacity: Double)]) -> Bool {
        a.count == b.count && a.allSatisfy { key, value in b[key].map { $0.place == value.place && $0.opacity == value.opacity } ?? false }
    }

    /// What GTK draws of the list now, in device pixels (at `GDK_SCALE=2`, twice as many each
    /// way, as the screen shows them: a removed row's picture is kept at the window's scale).
    func pixels() -> [UInt32] {
        let widget = manager.widget, scale = gtk_widget_get_scale_factor(widget)
        let width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale)!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cairo = cairo_create(surface)!
        gtk_widget_draw(widget, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        // Copied whole, rows with their stride: a walk pixel by pixel takes longer than an
        // animation in a debug build at scale 2.
        let count = Int(cairo_image_surface_get_stride(surface)) / 4 * Int(height * scale)
        return cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// What GTK draws of the same models in a list of the same size, without animation.
    func unanimatedPixels() -> [UInt32] {
        let sections = (0..<storage.numberOfSections).map { (storage.items(inSection: $0) ?? []).compactMap { $0 as? Int } }
        let twin = AnimatedList(grid: grid, sections: sections, animated: false)
        defer { twin.close() }
        // Scrolled as this list is (a move to the top keeps the top row, scrolling the list).
        if let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(manager.widget)),
            let twinAdjustment = gtk_scrollable_get_vadjustment(OpaquePointer(twin.manager.widget))
        {
            gtk_adjustment_set_value(twinAdjustment, gtk_adjustment_get_value(adjustment))
            _ = twin.frames(for: .milliseconds(50), following: [])
        }
        return twin.pixels()
    }
}
