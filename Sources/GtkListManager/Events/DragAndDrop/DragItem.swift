/// One thing a row offers when it is dragged: text, URIs and an in-process model, in any
/// combination.
///
/// Text and URIs reach other widgets and other applications (`text/plain` and friends,
/// `text/uri-list`); the model reaches lists of this process only, unchanged (no copy, no
/// serialization), as ``DropSession/items``.
public struct DragItem {
    /// Text for `text/plain` (and GTK's other text targets).
    public var text: String?
    /// URIs for `text/uri-list`, e.g. `file:///home/me/notes.txt`.
    public var uris: [String]
    /// A value for lists of this application: dropped as is.
    public var model: Any?

    /// An item with any of text, URIs and an in-process model.
    public init(text: String? = nil, uris: [String] = [], model: Any? = nil) {
        self.text = text
        self.uris = uris
        self.model = model
    }
}
