import ModelStorage

/// A section declared for ``ListManager/update(animated:completion:_:)``: an identity, an optional header
/// and footer, supplementary models of other kinds, and rows.
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
/// header's and footer's) as long as its id stays. Its content, for the diff, is its header,
/// footer and other supplementary models only: rows added to or removed from it change nothing
/// about the section itself.
///
/// Headers and footers are models like the storages' supplementary models: a `String` is shown
/// as a title, other models by the header or footer views registered with
/// `registerHeader` / `registerFooter`. Models of other kinds are shown by the views registered
/// for their kind with `registerSupplementary(_:ofKind:placement:)`.
public struct Section {
    /// The section's identity across updates; unique among the sections of one update.
    public var id: AnyHashable
    /// The header model, or nil for no header.
    public var header: Any?
    /// The footer model, or nil for no footer.
    public var footer: Any?
    /// Supplementary models of other kinds, by kind (a `.header` or `.footer` entry here is
    /// overridden by ``header`` and ``footer`` when they are set).
    public var supplementaries: [SupplementaryKind: Any]
    /// The rows, in order.
    public var rows: [AnyRow]
    /// A folded section shows its header and footer but no rows. The manager remembers the
    /// state per section id: it changes when a declaration changes this value, or by
    /// ``ListManager/setFolded(_:forSection:animated:)``, whichever happened last. (With
    /// ``ListConfiguration/displayHeaderOnEmptySection`` false, a folded section hides its
    /// header like an empty one; likewise its footer.) Sections fold; tree items collapse
    /// (``Row/outline(_:children:isExpanded:_:)``), and the two never mix.
    public var isFolded: Bool

    /// A section with `rows`.
    public init(
        id: AnyHashable, header: Any? = nil, footer: Any? = nil, supplementaries: [SupplementaryKind: Any] = [:],
        isFolded: Bool = false, rows: [AnyRow]
    ) {
        self.id = id
        self.header = header
        self.footer = footer
        self.supplementaries = supplementaries
        self.isFolded = isFolded
        self.rows = rows
    }

    /// A section whose rows are listed in a ``RowsBuilder`` block.
    @MainActor
    public init(
        id: AnyHashable, header: Any? = nil, footer: Any? = nil, supplementaries: [SupplementaryKind: Any] = [:],
        isFolded: Bool = false, @RowsBuilder rows: () -> [AnyRow]
    ) {
        self.init(id: id, header: header, footer: footer, supplementaries: supplementaries, isFolded: isFolded, rows: rows())
    }
}
