import GtkListManager
import ModelStorage

/// One list the soak drives: a step of random changes, scrolling and selection, and the check
/// of what it shows against its storage.
@MainActor
protocol SoakSubject: AnyObject {
    var name: String { get }
    var manager: ListManager { get }
    /// The storage the manager shows, read back at the check.
    var shownStorage: any Storage { get }
    /// One random change (or a few), a scroll or a selection.
    func step(_ random: inout SoakRandom)
    /// Whether background work (a filter's scan, a database's fetch) is still to arrive.
    var isSettled: Bool { get }
}

extension SoakSubject {
    var isSettled: Bool { true }
}
