import CGtk
import ModelStorage

extension ListManager {
    /// A manager whose rows a `GtkListBox` shows (a ``ListBoxHost``), showing `storage`.
    ///
    /// - Parameters:
    ///   - listBox: an empty list box, or nil for a new one; the manager keeps a reference.
    ///   - storage: the models to show; a new `MemoryStorage` by default.
    ///   - configuration: how sections are shown and updates applied.
    public convenience init(
        listBox: UnsafeMutablePointer<GtkListBox>? = nil,
        storage: any Storage = MemoryStorage(),
        configuration: ListConfiguration = ListConfiguration()
    ) {
        MainActorConfinement.check("A ListManager was created")
        let host = listBox.map(ListBoxHost.init(listBox:)) ?? ListBoxHost()
        self.init(host: host, storage: storage, configuration: configuration)
    }

    /// The list box the manager drives, when its host is a ``ListBoxHost``.
    public var listBox: UnsafeMutablePointer<GtkListBox>? {
        (host as? ListBoxHost)?.listBox
    }
}
