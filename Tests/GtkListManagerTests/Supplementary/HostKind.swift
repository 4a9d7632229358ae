import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Every host the manager ships, for the tests of what every host must do alike.
enum HostKind: CaseIterable, CustomStringConvertible {
    case listBox
    case virtualizedList
    case flowBoxGrid
    case virtualizedGrid

    var description: String {
        switch self {
        case .listBox: "list box"
        case .virtualizedList: "virtualized list"
        case .flowBoxGrid: "flow-box grid"
        case .virtualizedGrid: "virtualized grid"
        }
    }

    @MainActor func makeHost() -> any ListHost {
        switch self {
        case .listBox: ListBoxHost()
        case .virtualizedList: VirtualListHost()
        case .flowBoxGrid: GridKind.flowBox.makeHost()
        case .virtualizedGrid: GridKind.virtualized.makeHost()
        }
    }

    /// A manager on a new host of this kind, shown in a window tall enough to bind every row
    /// of these tests.
    @MainActor func makeShownManager(_ configuration: ListConfiguration = ListConfiguration()) -> ShownHost {
        let host = makeHost()
        let manager = ListManager(host: host, configuration: configuration)
        manager.register(NumberRow.self)
        let anomalies = AnomalyRecorder(manager)
        return ShownHost(manager: manager, host: host, list: ShownList(manager, width: 440, height: 1000), anomalies: anomalies)
    }
}

/// A manager, its host and its window.
@MainActor
struct ShownHost {
    let manager: ListManager
    let host: any ListHost
    let list: ShownList
    let anomalies: AnomalyRecorder

    var storage: MemoryStorage { manager.memoryStorage! }

    /// What the list or grid shows, read from GTK after the next frame, as `role model` lines.
    func lines() -> [String] {
        list.settleFrame()
        return shownSections(of: host, manager).joined().map { "\($0.role) \($0.model)" }
    }

    /// What GTK shows, section by section, after the next frame.
    func sections() -> [[ExpectedRow]] {
        list.settleFrame()
        return shownSections(of: host, manager)
    }
}

/// A supplementary view showing a `String`, for kinds other than header and footer.
@MainActor
final class KindLabel: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
}
