import CGtk
import ModelStorage

/// The one handler of key presses on the list: it finds the focused row once, then offers the
/// key to the features that take keys in stage order (``KeyStage``), and the first that
/// handles it wins. A feature that holds the keyboard (an open search, ``ListFeature/capturesKeys``)
/// gets it first.
///
/// Keys the list does not handle go on to GTK (arrow navigation, Enter activation, …). The
/// handler is connected when the first feature with a key stage is installed.
@MainActor
final class KeyDispatcher {
    private unowned let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
        Signal.connectEvent(manager.widget, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) {
            [weak self] _, event in
            guard let self, let event else { return false }
            return dispatch(KeyPress(event))
        }
    }

    private func dispatch(_ key: KeyPress) -> Bool {
        let features = manager.features.keyFeatures
        let focused = manager.focusedRowAndLocation().map { (row: $0.0, location: $0.1) }
        if let capturing = features.first(where: \.capturesKeys) { return capturing.handle(key, on: focused) }
        for feature in features where feature.handle(key, on: focused) { return true }
        return false
    }
}
