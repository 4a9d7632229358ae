/// One entry of a row's context menu: an action, a submenu or a separator. The manager turns
/// the entries a `contextMenu` reaction returns into a `GtkMenu`.
///
/// ```swift
/// mapping.contextMenu { row, package, indexPath in
///     [MenuItem("Open") { open(package) },
///      MenuItem("Install", isEnabled: !package.isInstalled) { install(package) },
///      .separator,
///      .submenu("Copy", [MenuItem("Name") { copy(package.name) }])]
/// }
/// ```
public struct MenuItem {
    /// What choosing the entry does.
    public enum Content {
        /// Runs the closure when the entry is activated (click, Return, mnemonic).
        case action(@MainActor () -> Void)
        /// A check box entry, ticked when `isOn`; choosing it calls the closure with the new
        /// state.
        case check(isOn: Bool, @MainActor (Bool) -> Void)
        /// Opens a menu of these entries.
        case submenu([MenuItem])
        /// A separating line (its title and enabled flag are ignored).
        case separator
    }

    /// The label shown (plain text, no mnemonic).
    public var title: String
    /// False shows the entry greyed out and unable to be activated.
    public var isEnabled: Bool
    /// What choosing the entry does: run an action, open a submenu, or nothing (a separator).
    public var content: Content

    /// An entry that runs `action` when activated.
    public init(_ title: String, isEnabled: Bool = true, action: @escaping @MainActor () -> Void) {
        self.init(title: title, isEnabled: isEnabled, content: .action(action))
    }

    /// Any entry.
    public init(title: String, isEnabled: Bool = true, content: Content) {
        self.title = title
        self.isEnabled = isEnabled
        self.content = content
    }

    /// An entry that opens a submenu of `items`.
    public static func submenu(_ title: String, isEnabled: Bool = true, _ items: [MenuItem]) -> MenuItem {
        MenuItem(title: title, isEnabled: isEnabled, content: .submenu(items))
    }

    /// A check box entry, ticked when `isOn`, calling `action` with the new state when chosen.
    public static func check(
        _ title: String, isOn: Bool, isEnabled: Bool = true, action: @escaping @MainActor (Bool) -> Void
    ) -> MenuItem {
        MenuItem(title: title, isEnabled: isEnabled, content: .check(isOn: isOn, action))
    }

    /// A separating line. Leading, trailing and repeated separators are not shown.
    public static var separator: MenuItem {
        MenuItem(title: "", content: .separator)
    }

    var isSeparator: Bool {
        if case .separator = content { true } else { false }
    }
}
