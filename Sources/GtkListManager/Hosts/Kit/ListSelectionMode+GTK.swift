import CGtk

extension ListSelectionMode {
    /// The mode as GTK's list and flow boxes take it.
    public var gtkMode: GtkSelectionMode {
        switch self {
        case .none: GTK_SELECTION_NONE
        case .single: GTK_SELECTION_SINGLE
        case .browse: GTK_SELECTION_BROWSE
        case .multiple: GTK_SELECTION_MULTIPLE
        }
    }

    /// GTK's mode in the terms of the manager.
    public init(_ mode: GtkSelectionMode) {
        switch mode {
        case GTK_SELECTION_NONE: self = .none
        case GTK_SELECTION_BROWSE: self = .browse
        case GTK_SELECTION_MULTIPLE: self = .multiple
        default: self = .single
        }
    }
}
