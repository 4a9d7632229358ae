// swift-format-ignore-file
// The examples of the DocC article Tables, as printed there (checked by scripts/check-doc-examples.sh).
import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// Tables.
enum TablesArticle {
    final class NameCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with package: Package) { gtk_label_set_text(gcast(widget), package.name) }
    }

    final class SizeCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 1) }
        func update(with package: Package) { gtk_label_set_text(gcast(widget), "\(package.size / 1024) KiB") }
    }

    final class DetailsCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with package: Package) { gtk_label_set_text(gcast(widget), "\(package.name) in \(package.section)") }
    }

    @MainActor static func declaredTable(manager: ListManager) -> ListTable {
        let table = manager.makeTable(of: Package.self) {
            ModelColumn("Name", text: \.name).width(.share(1), minimum: 120)
            ModelColumn("Size", id: "size", text: { package, _ in "\(package.size / 1024) KiB" })
                .width(.fitContent).alignedToEnd()
            ModelColumn("Section", text: \.section).width(.fixed(140))
            ModelColumn("Details", cell: DetailsCell.self).hidden()
        }
        return table
    }

    @MainActor static func packagesTable(window: UnsafeMutablePointer<GtkWidget>, packages: [Package]) -> ListTable {
        let storage = SortedStorage<Package, Unsectioned>(sortedBy: { $0.name < $1.name }, handOff: GLibMainActorHandOff())
        let manager = ListManager(host: .virtualized, storage: storage)
        let table = manager.makeTable(columns: [
            TableColumn("name", title: "Name", width: .share(1), minimumWidth: 120),
            TableColumn("size", title: "Size", width: .fitContent),
            TableColumn("section", title: "Section", width: .fixed(140)),
        ])
        manager.register(NameCell.self, column: "name")
        manager.register(SizeCell.self, column: "size")
        manager.register(TextCell.self, for: Package.self, column: "section") { cell, package, _ in
            cell.text = package.section     // a lean text cell: one line, ellipsized
        }
        gtk_container_add(gcast(window), table.widget)      // headers above a scrolled list
        storage.reset(packages)

        let comparisons = ColumnComparisons<Package>(breakingTiesBy: { $0.name < $1.name })
            .column("name", byText: \.name)
            .column("size", by: \.size)
            .column("section", byText: \.section)
        table.didChangeSort { keys in storage.sort(by: keys, using: comparisons) }   // off the main thread
        return table
    }

    @MainActor static func textCells(_ manager: ListManager) {
        manager.register(TextCell.self, for: Package.self, column: "size") { cell, package, _ in
            cell.text = "\(package.size / 1024) KiB"
            cell.xalign = 1                 // numbers line up at the end
        }
    }

    @MainActor static func toggleCells(_ manager: ListManager, _ table: ListTable) {
        manager.register(ToggleCell.self, for: Package.self, column: "installed") { cell, package, _ in
            cell.isOn = package.isInstalled
            cell.isActivatable = package.section != "admin"       // insensitive, and never toggled
        }
        table.didToggle(Package.self, column: "installed") { [unowned manager] package, indexPath, isOn in
            var changed = package
            changed.isInstalled = isOn
            try? manager.memoryStorage?.replaceItem(at: indexPath, with: changed)   // the row shows it
        }
    }

    final class DefaultPrinterCell: RowView {
        let toggle = ToggleCell(style: .radio)
        var widget: UnsafeMutablePointer<GtkWidget> { toggle.widget }
        init() {}
    }

    @MainActor static func declaredToggles(manager: ListManager) -> ListTable {
        let table = manager.makeTable(of: Package.self) {
            ModelColumn("Name", text: \.name).width(.share(1))
            ModelColumn("Installed", toggle: \.isInstalled).width(.fixed(80))
        }
        table.didToggle(Package.self, column: "Installed") { package, indexPath, isOn in print("\(package.name): \(isOn)") }
        return table
    }

    @MainActor static func iconProgressAndSpinnerCells(_ manager: ListManager, largest: Int, downloads: Set<String>) {
        manager.register(IconCell.self, for: Package.self, column: "kind") { cell, package, _ in
            cell.iconName = package.isInstalled ? "emblem-ok-symbolic" : "package-x-generic"
            cell.accessibleDescription = package.isInstalled ? "Installed" : "Available"
        }
        manager.register(ProgressCell.self, for: Package.self, column: "share") { cell, package, _ in
            cell.fraction = Double(package.size) / Double(largest)
            cell.text = package.size == 0 ? "empty" : nil       // nil: the percentage
        }
        manager.register(SpinnerCell.self, for: Package.self, column: "busy") { cell, package, _ in
            cell.isActive = downloads.contains(package.name)
        }
    }

    /// A picture decoded off the main thread: a `GdkPixbuf` reference, released with the box.
    final class Picture: @unchecked Sendable {
        let pixbuf: OpaquePointer
        init?(file path: String, size: Int32) {
            guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, size, size, 1, nil) else { return nil }
            self.pixbuf = pixbuf
        }
        deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    }

    final class ThumbnailCell: RowView, LateContentTransfer {
        let icon = IconCell(pixelSize: 32)
        var widget: UnsafeMutablePointer<GtkWidget> { icon.widget }
        init() {}
        func update(with file: FileItem) {
            icon.iconName = "image-x-generic"                       // at once
        }
        func loadLateContent(for file: FileItem, binding: RowBinding) {
            let size = 32 * gtk_widget_get_scale_factor(widget)
            binding.load { _ in Picture(file: file.path, size: size) } apply: { [icon] picture in
                icon.setPixbuf(picture?.pixbuf)                      // only while this cell shows file
            }
        }
    }

    /// A download, as the declared cell columns show it.
    struct Download: Hashable, Sendable {
        let fileName: String
        var fraction = 0.0
        var isConnecting = false
        var iconName: String { "text-x-generic" }
        var kindName: String { "Document" }
    }

    @MainActor static func declaredCells(manager: ListManager) -> ListTable {
        let table = manager.makeTable(of: Download.self) {
            ModelColumn("", id: "busy", spinner: \.isConnecting).width(.fixed(28))
            ModelColumn("", id: "kind", icon: \.iconName, description: \.kindName).width(.fixed(28))
            ModelColumn("File", text: \.fileName).width(.share(1))
            ModelColumn("Progress", progress: \.fraction).width(.fixed(120))
        }
        return table
    }

    /// A job, as the number and choice cells show it.
    struct Job: Hashable, Sendable {
        let name: String
        var hours = 0.0
        var priority = "normal"
        var isDone = false
        func renamed(_ name: String) -> Job { Job(name: name, hours: hours, priority: priority, isDone: isDone) }
        func with(hours: Double) -> Job { Job(name: name, hours: hours, priority: priority, isDone: isDone) }
    }

    enum JobError: Error {
        case emptyName
    }

    /// A service the jobs' clients are assigned through.
    final class JobServer: Sendable {
        func assign(_ job: String, to client: String) async throws {}
    }

    @MainActor static func saveCells(_ table: ListTable, server: JobServer) {
        table.saveTextEdit(Job.self, column: "client") { client, job, _ in
            try await server.assign(job.name, to: client)  // the editor waits for the server
        }
    }

    @MainActor static func editCells(_ table: ListTable, jobs: MemoryStorage) {
        table.commitTextEdit(Job.self, column: "name") { text, job, indexPath in
            guard !text.isEmpty else { throw JobError.emptyName }
            try jobs.replaceItem(at: indexPath, with: job.renamed(text))
        }
        table.commitNumberEdit(Job.self, column: "hours") { hours, job, indexPath in
            try jobs.replaceItem(at: indexPath, with: job.with(hours: hours))
        }
        table.canEditCell(Job.self, column: "hours") { job, _ in !job.isDone }
        table.beginEditing(at: IndexPath(item: 0, section: 0), column: "name")
    }

    @MainActor static func numberAndChoiceCells(manager: ListManager) {
        manager.register(NumberCell.self, for: Job.self, column: "hours") { cell, job, _ in
            cell.digits = 1
            cell.range = 0...24
            cell.step = 0.5
            cell.value = job.hours
        }
        manager.register(ChoiceCell.self, for: Job.self, column: "priority") { cell, job, _ in
            cell.choices = ["low", "normal", "high"]
            cell.text = job.priority
        }
    }

    @MainActor static func declaredNumberAndChoiceCells(manager: ListManager) -> ListTable {
        let table = manager.makeTable(of: Job.self) {
            ModelColumn("Job", text: \.name).width(.share(1))
            ModelColumn("Hours", number: \.hours, digits: 1).width(.fixed(80))
            ModelColumn("Priority", choice: \.priority, from: ["low", "normal", "high"])
        }
        return table
    }

    @MainActor static func rememberColumns(_ table: ListTable, in file: URL) throws {
        if let saved = try? Data(contentsOf: file) {
            table.state = try JSONDecoder().decode(ColumnState.self, from: saved)
        }
        table.stateDidChange = { state in
            try? JSONEncoder().encode(state).write(to: file)         // widths, order, hidden, sort
        }
    }

    @MainActor static func reactToCells(_ table: ListTable) {
        table.didActivate(Package.self) { package, indexPath, column in
            if column.id == "size" { print("\(package.name) takes \(package.size) bytes") } else { show(package) }
        }
        table.headerMenu = { column in
            [MenuItem("Sort Smallest First", isEnabled: column.id == "size") { table.sort = [SortKey("size")] }]
        }
    }

    @MainActor static func rowEvents(_ table: ListTable) {
        table.contextMenu(Package.self) { package, indexPath, column in
            [MenuItem("Open") { show(package) }, MenuItem("Copy \(column.title)") { print(column.id, package.name) }]
        }
        table.keyPress(Package.self) { key, package, indexPath, column in
            guard key.keyval == UInt32(GDK_KEY_Delete) else { return false }
            print("remove \(package.name)")
            return true
        }
        table.didSelect(Package.self) { package, indexPath in print("selected \(package.name)") }
    }

    @MainActor static func sortTreeTable(_ table: ListTable, folders: OutlineStorage<String, TreesArticle.FolderEntry>) {
        typealias FolderEntry = TreesArticle.FolderEntry
        let comparisons = ColumnComparisons<FolderEntry>().column("path", byText: \.path)
        table.didChangeSort { keys in folders.sort(by: keys, using: comparisons) }
    }

    @MainActor static func copyRows(_ manager: ListManager, _ table: ListTable) {
        table.copiesHeader = true                          // the column titles first
        table.copySelection(as: .csv)                      // a "Copy as CSV" menu item: CSV in the text targets too
        let csv = table.text(ofRows: manager.selectedIndexPaths, format: .csv, includingHeader: true)
        print(csv)
    }

    final class ByteSizeCell: RowView, CopyableCell {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with package: Package) { gtk_label_set_text(gcast(widget), "\(package.size / 1024) KiB") }
        static func copyText(for package: Package) -> String { String(package.size) }   // a number a spreadsheet sums
    }

    @MainActor static func copyTextColumn() -> TableColumn {
        let column = TableColumn("size", title: "Size", copyText: { model, _ in (model as? Package).map { String($0.size) } })
        return column
    }

    @MainActor static func cellRange(_ table: ListTable) {
        table.selectsCells = true
        table.selectedCellRange = CellRange(rows: 2...4, columns: ["name", "size"])
        let copied = table.selectedCellRange.map { table.text(of: $0, format: .csv) }
        print(copied ?? "")
    }

    @MainActor static func frozenColumns(_ manager: ListManager) -> ListTable {
        let table = manager.makeTable(columns: [
            TableColumn("name", title: "Name", width: .fixed(200), isFrozen: true),
            TableColumn("version", title: "Version", width: .fixed(120)),
            TableColumn("size", title: "Size", width: .fixed(120)),
        ])
        table.frozenColumnCount = 2                              // name and version stay put
        return table
    }

    @MainActor static func rowOperations(_ manager: ListManager) {
        manager.canMove(Package.self) { package, indexPath in package.section != "admin" }
        manager.move(Package.self) { destination, package, source in print("\(package.name) moved to \(destination)") }
        manager.canEdit(Package.self) { package, indexPath in true }
        manager.commitEditing(Package.self) { [unowned manager] style, package, indexPath in manager.memoryStorage?.removeItems(at: [indexPath]) }
        manager.itemsForBeginningDrag(Package.self) { package, indexPath in [DragItem(text: package.name, model: package)] }
    }
    @MainActor static func groupRows(_ manager: ListManager, _ table: ListTable, packages: SortedStorage<Package, Unsectioned>) {
        let grouped = GroupedStorage<Package>(packages, handOff: GLibMainActorHandOff())
        let groupings = ColumnGroupings<Package>()
            .column("section", byText: \.section)          // groups in the order names sort
            .total("size", .sum, of: \.size)               // shown in the Size column
        manager.storage = grouped
        table.follow(grouped, using: groupings)            // the header menu groups and ungroups
        table.grouping = ["section"]                       // as the app may, or a saved state does
        manager.register(TextCell.self, for: ItemGroup.self, column: "name") { cell, group, _ in
            cell.text = "\(group.title): \(group.count) packages"
        }
    }
}
