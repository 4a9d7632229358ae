import ModelStorage

/// Problems a list manager detects at run time. Each is reported, never fatal: the list keeps
/// one row per storage item (an empty row where a model cannot be shown).
public enum ManagerAnomaly: Anomaly {
    /// The storage holds nil (or an empty optional) at this index path.
    case nilModel(indexPath: IndexPath)
    /// No registered row mapping accepts the model at this index path.
    case noRowMappingFound(modelDescription: String, indexPath: IndexPath)
    /// A section's supplementary model (header, footer or another kind registered on the
    /// manager) that no registered view shows (nor, for headers and footers, the built-in
    /// `String` title). The section shows no view of that kind.
    case noSupplementaryMappingFound(kind: SupplementaryKind, modelDescription: String, section: Int)
    /// A supplementary kind was registered while the manager already places as many kinds as
    /// it can (`limit`, header and footer included): its views are not shown.
    case tooManySupplementaryKinds(kind: SupplementaryKind, limit: Int)
    /// Rows of a ``BuilderRow`` class cannot be made from their GtkBuilder definition (missing,
    /// empty, malformed, or with objects of the wrong class). Reported once per mapping.
    case rowInterfaceFailed(rowClass: String, error: RowInterfaceError)
    /// A row-class event was registered on the manager while no mapping of that class (or a
    /// subclass) exists. It attaches to such mappings when they are registered.
    case eventRegistrationForUnregisteredMapping(rowClass: String, event: String)
    /// A row-class event still had no mapping to attach to when it was checked, a while after
    /// its registration (a second, by default): it will never fire.
    case unusedEventDetected(rowClass: String, event: String)
    /// A model event was registered with a row class as its model type.
    case modelEventCalledWithRowClass(modelType: String, event: String)
    /// A grid layout event (cell, header or footer sizes, section insets or spacing) was
    /// registered on a manager whose host lays out no grid: it has no effect there.
    case gridLayoutEventWithoutGrid(event: String, host: String)
    /// No cell class registered for a table column accepts the model of a row: the row's cell
    /// in that column stays empty. Reported once per column and model type.
    case noCellMappingFound(column: String, modelDescription: String, indexPath: IndexPath)
    /// A table was given two columns with one identifier: the later one is left out.
    case duplicateColumnIdentifier(String)
    /// A table froze columns on a host that cannot pin them (not a ``PinnedLeadingArea``: the
    /// list box): they scroll with the others. Reported each time columns are frozen there.
    case frozenColumnsUnsupported(host: String)
    /// An index path that addresses no item (not exactly two indices, section and item, or a
    /// negative one) was given to `call` (`ListManager.selectItem(at:)`, or a reaction that
    /// answered it). It is refused: the call does nothing and answers false or nil.
    case invalidIndexPath(indexPath: IndexPath, call: String)
    /// The storage delivered a change set the list could not take: an entry with an item or
    /// section index past what the storage's earlier changes left (`count`: the items of
    /// `section` as the list showed them, or its sections when `section` is nil). Nothing of it
    /// was applied: the list reloaded from the storage as it is now.
    case inconsistentChangeSet(storageTypeName: String, change: String, count: Int, section: Int?)

    public var description: String {
        switch self {
        case .nilModel: "nilModel"
        case .noRowMappingFound: "noRowMappingFound"
        case .noSupplementaryMappingFound: "noSupplementaryMappingFound"
        case .tooManySupplementaryKinds: "tooManySupplementaryKinds"
        case .rowInterfaceFailed: "rowInterfaceFailed"
        case .eventRegistrationForUnregisteredMapping: "eventRegistrationForUnregisteredMapping"
        case .unusedEventDetected: "unusedEventDetected"
        case .modelEventCalledWithRowClass: "modelEventCalledWithRowClass"
        case .gridLayoutEventWithoutGrid: "gridLayoutEventWithoutGrid"
        case .noCellMappingFound: "noCellMappingFound"
        case .duplicateColumnIdentifier: "duplicateColumnIdentifier"
        case .frozenColumnsUnsupported: "frozenColumnsUnsupported"
        case .invalidIndexPath: "invalidIndexPath"
        case .inconsistentChangeSet: "inconsistentChangeSet"
        }
    }

    public var debugDescription: String {
        "⚠️ [ListManager] " + explanation
    }

    private var explanation: String {
        switch self {
        case let .nilModel(indexPath):
            "The model at \(indexPath.shortDescription) is nil; an empty row is shown there."
        case let .noRowMappingFound(model, indexPath):
            "No row mapping accepts the model at \(indexPath.shortDescription) (\(model)): register "
                + "a row class for its type (or a protocol or superclass of it) whose condition holds "
                + "there. An empty row is shown meanwhile."
        case let .noSupplementaryMappingFound(kind, model, section):
            "No \(kind) view shows the \(kind) model of section \(section) (\(model)): register one "
                + "with \(Self.registration(of: kind)) whose model type accepts it and whose condition holds"
                + "\(kind == .header || kind == .footer ? ", or use a String model for a plain title" : ""). "
                + "The section shows no \(kind)."
        case let .tooManySupplementaryKinds(kind, limit):
            "The supplementary kind \(kind) cannot be placed: a list places at most \(limit) kinds, header and "
                + "footer included. Its views are not shown."
        case let .rowInterfaceFailed(rowClass, error):
            "\(rowClass) rows cannot be made: \(error). Empty rows are shown in their place."
        case let .eventRegistrationForUnregisteredMapping(rowClass, event):
            "\(event) was registered for \(rowClass), but no mapping of \(rowClass) is registered yet: "
                + "the reaction waits for one (register the row class first to silence this)."
        case let .unusedEventDetected(rowClass, event):
            "\(event) for \(rowClass) is unused: no mapping of \(rowClass) or a subclass was registered. "
                + "It will never fire."
        case let .modelEventCalledWithRowClass(modelType, event):
            "\(event) was registered with \(modelType) as its model type, which is a row class: pass the "
                + "model type (or use the row-class form of the event)."
        case let .gridLayoutEventWithoutGrid(event, host):
            "\(event) sizes grid cells and sections, but this manager's host (\(host)) lays out no grid: it "
                + "has no effect. Create the manager with a grid host (.flowBoxGrid or .virtualizedGrid), or use heightForRow for lists."
        case let .noCellMappingFound(column, model, indexPath):
            "No cell class registered for the column \"\(column)\" accepts the model at \(indexPath.shortDescription) "
                + "(\(model)): register one with register(_:column:). The cell stays empty."
        case let .duplicateColumnIdentifier(id):
            "Two table columns have the identifier \"\(id)\": the second is left out. Give each column its own identifier."
        case let .frozenColumnsUnsupported(host):
            "The table's frozen columns cannot stay put on this manager's host (\(host)): they scroll with the others. "
                + "Frozen columns need a host that pins them (PinnedLeadingArea): create the manager with .virtualized."
        case let .invalidIndexPath(indexPath, call):
            "\(call) was given the index path \(indexPath), which addresses no item: an item's index path has exactly two "
                + "indices, its section and its item, neither negative (IndexPath(item:section:)). It was refused; nothing changed."
        case let .inconsistentChangeSet(storage, change, count, section):
            "The storage (\(storage)) delivered a change set with \"\(change)\" when "
                + (section.map { "section \($0) held \(count) item(s)" } ?? "the list had \(count) section(s)")
                + ", as its earlier changes left it: its change log contradicts itself. Nothing of the change set was applied; "
                + "the list reloaded from the storage as it is now. Fix the storage's change log."
        }
    }

    private static func registration(of kind: SupplementaryKind) -> String {
        switch kind {
        case .header: "registerHeader(_:)"
        case .footer: "registerFooter(_:)"
        default: "registerSupplementary(_:ofKind: \"\(kind)\")"
        }
    }
}
