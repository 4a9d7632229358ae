// swift-format-ignore-file
// The examples of the DocC articles, article by article, as printed there (checked by
// scripts/check-doc-examples.sh).
import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// A label row for packages, the row class most articles register.
final class PackageRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() {}
    func update(with package: Package) { gtk_label_set_text(gcast(widget), package.name) }
}

/// Getting started, step 4: a list and its storage.
enum GettingStartedStepFour {
    @MainActor
    static func list(in window: UnsafeMutablePointer<GtkWidget>) -> ListManager {
        let storage = MemoryStorage()
        let manager = ListManager(storage: storage)
        manager.register(FruitRow.self)
        storage.setItems([Fruit(name: "Apple", calories: 52), Fruit(name: "Banana", calories: 89)])
        storage.addItem(Fruit(name: "Cherry", calories: 50))

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
        return manager
    }

    struct Fruit: Hashable {
        let name: String
        let calories: Int
    }

    final class FruitRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with fruit: Fruit) { gtk_label_set_text(gcast(widget), fruit.name) }
    }
}

/// GtkListManager (the overview), Coming from DTTableViewManager, Events.
enum ManagerArticles {
    final class PostRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with post: Post) { gtk_label_set_text(gcast(widget), post.title) }
    }

    @MainActor
    static func overview(_ admin: [Package], _ devel: [Package]) {
        let manager = ListManager()
        manager.register(PackageRow.self)              // PackageRow: RowView, ModelTransfer
        manager.memoryStorage?.setSectionHeaderModels(["admin", "devel"])
        manager.memoryStorage?.setItemsForAllSections([admin, devel])
    }

    @MainActor
    static func comingFromDTTableViewManager(_ posts: [Post]) {
        let manager = ListManager()                      // a GtkListBox; ListManager(host: .virtualized)
        manager.register(PostRow.self) { mapping in
            mapping.didSelect { row, post, indexPath in open(post) }
        }
        manager.memoryStorage?.addItems(posts)
        manager.didSelect(PostRow.self) { row, post, indexPath in open(post) }
    }
}

/// Hosts: one argument chooses the host (`MyHost` is in WritingAHost.swift).
enum HostsArticle {
    @MainActor
    static func hosts(layout: VirtualGridLayout, myListBox: UnsafeMutablePointer<GtkListBox>, storage: MemoryStorage) -> [ListManager] {
        var managers: [ListManager] = []
        do {
            let manager = ListManager()                           // a ListBoxHost, with a new GtkListBox
            managers.append(manager)
        }
        do {
            let manager = ListManager(host: .virtualized)          // widgets for the rows on screen only
            managers.append(manager)
        }
        do {
            let manager = ListManager(host: .flowBoxGrid)          // a grid: a GtkFlowBox per section
            managers.append(manager)
        }
        do {
            let manager = ListManager(host: .virtualizedGrid(layout)) // a grid of any size
            managers.append(manager)
        }
        do {
            let manager = ListManager(listBox: myListBox)          // a ListBoxHost over your list box
            managers.append(manager)
        }
        do {
            let manager = ListManager(host: MyHost(), storage: storage)
            managers.append(manager)
        }
        return managers
    }
}

/// Declarative lists.
enum DeclarativeListsArticle {
    @MainActor
    static func update(_ manager: ListManager, favourites: [Package], packages: [Package]) {
        manager.update {
            Section(id: "favourites", header: "Favourites") {
                for package in favourites {
                    Row<PackageRow>(model: package) { row in
                        row.onTap = { _, package, _ in show(package); return .deselect }
                        row.onDelete = { _, package, _ in unfavourite(package) }
                    }
                }
            }
            Section(id: "all", header: "All packages", rows: Row<PackageRow>.rows(packages))
        }
    }
}

/// Snapshots.
enum SnapshotsArticle {
    @MainActor
    static func apply(
        to manager: ListManager, _ adminPackages: [Package], _ develPackages: [Package], gcc: Package, binutils: Package,
        updatedMake: Package
    ) {
        var snapshot = ListSnapshot<String, Package>()
        snapshot.appendSections(["admin", "devel"])
        snapshot.appendItems(adminPackages, toSection: "admin")
        snapshot.appendItems(develPackages, toSection: "devel")
        manager.apply(snapshot)                               // animated; diffed against what is shown

        var next = manager.snapshot(ListSnapshot<String, Package>.self)!
        next.moveItem(gcc, beforeItem: binutils)
        next.reconfigureItems([updatedMake])                  // same widget, new content
        manager.apply(next, animatingDifferences: false)      // still diffed, without row animations

        manager.storage = SnapshotStorage<String, Package>(headerModel: { $0 })
    }
}

/// Supplementary views.
enum SupplementaryViewsArticle {
    typealias SectionHeader = LabelRow<String>
    typealias Banner = LabelRow<Promotion>
    typealias Summary = LabelRow<String>

    struct Promotion: CustomStringConvertible {
        let description: String
    }

    @MainActor
    static func register(_ manager: ListManager, storage: MemoryStorage, summaries: [String]) {
        manager.registerHeader(SectionHeader.self)                    // kind .header
        manager.registerSupplementary(Banner.self, ofKind: "banner")  // before the items
        manager.registerSupplementary(Summary.self, ofKind: "summary", placement: .afterItems)

        storage.setSectionHeaderModels(["Fruit", "Vegetables"])
        storage.setSupplementaryModels([Promotion(description: "2 for 1"), nil], ofKind: "banner")
        storage.setSupplementaryModels(summaries, ofKind: "summary")
    }
}

/// Theming.
enum ThemingArticle {
    @MainActor
    static func restyle() {
        let css = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(css, """
            .list-section-title { font-weight: normal; font-variant: small-caps; }
            .list-drop-placeholder { border-color: orange; }
            """, -1, nil)
        gtk_style_context_add_provider_for_screen(
            gdk_screen_get_default(), OpaquePointer(css), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

/// Grids.
enum GridsArticle {
    /// A photo, and a wide one.
    class Photo {
        let title: String
        init(title: String) { self.title = title }
    }
    final class Panorama: Photo {}

    final class PhotoCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with photo: Photo) { gtk_label_set_text(gcast(widget), photo.title) }
    }

    typealias DayHeader = LabelRow<String>

    @MainActor static func open(_ photo: Photo) { print("opening \(photo.title)") }

    @MainActor
    static func grid() -> ListManager {
        var layout = VirtualGridLayout(cellSize: GridSize(width: 128, height: 104))
        layout.headerHeight = 32
        layout.sectionInsets = EdgeInsets(top: 4, leading: 8, bottom: 12, trailing: 8)
        let grid = ListManager(host: .virtualizedGrid(layout))
        grid.register(PhotoCell.self) { mapping in
            mapping.didActivate { _, photo, _ in open(photo) }
        }
        grid.registerHeader(DayHeader.self)
        grid.sizeForCell(Panorama.self) { _, _ in GridSize(width: 264, height: 104) }
        grid.minimumInteritemSpacingForSection { section in section == 0 ? 12 : 6 }
        return grid
    }
}

/// Accessibility: a row class that tells screen readers what to say, for rows with and without
/// a widget.
enum AccessibilityExample {
    final class PackageRow: RowView, ModelTransfer, AccessibleRow {
        static func accessibleName(for package: Package) -> String {
            "\(package.name), \(package.size) bytes"
        }
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with package: Package) { gtk_label_set_text(gcast(widget), package.name) }
    }
}
