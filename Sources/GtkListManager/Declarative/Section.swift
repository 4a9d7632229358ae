/// A section declared for ``ListManager/update(animated:completion:_:)``: an identity, an optional header
/// and footer, and rows.
///
/// ```swift
/// Section(id: "devel", header: "Development", rows: Row<PackageRow>.rows(develPackages))
/// Section(id: "admin", header: AdminHeader(count: 3)) {
///     Row<PackageRow>(model: sudo)
///     Row<WarningRow>(model: "Handle with care")
/// }
/// ```
///
/// The ``id`` matches the section across updates: a section keeps its rows' widgets (and its
/// header's and footer's) as long as its id stays. Its content, for the diff, is its header and
/// footer only: rows added to or removed from it change nothing about the section itself.
///
/// Headers and footers are models like the storages' supplementary models: a `String` is shown
/// as a title, other models by the header or footer views registered with
/// `registerHeader` / `registerFooter`.
public struct Section {
    /// The section's identity across updates; unique among the sections of one update.
    public var id: AnyHashable
    /// The header model, or nil for no header.
    public var header: Any?
    /// The footer model, or nil for no footer.
    public var footer: Any?
    /// The rows, in order.
    public var rows: [AnyRow]
    /// A collapsed section shows its header and footer but no rows. The manager remembers the
    /// state per section id: it changes when a declaration changes this value, or by
    /// ``ListManager/setCollapsed(_:forSection:animated:)``, whichever happened last. (With
    /// ``ListConfiguration/displayHeaderOnEmptySection`` false, a collapsed section hides its
    /// header like an empty one; likewise its footer.)
    public var isCollapsed: Bool

    /// A section with `rows`.
    public init(id: AnyHashable, header: Any? = nil, footer: Any? = nil, isCollapsed: Bool = false, rows: [AnyRow]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.isCollapsed = isCollapsed
        self.rows = rows
    }

    /// A section whose rows are listed in a ``RowsBuilder`` block.
    @MainActor
    public init(
        id: AnyHashable, header: Any? = nil, footer: Any? = nil, isCollapsed: Bool = false,
        @RowsBuilder rows: () -> [AnyRow]
    ) {
        self.init(id: id, header: header, footer: footer, isCollapsed: isCollapsed, rows: rows())
    }
}
