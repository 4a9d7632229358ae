import GtkListManager
import ModelStorage

/// A row whose text GTK shows can be read back and compared with what its model should show.
@MainActor
protocol SoakShownText {
    /// The text GTK shows, read from the widget.
    var shownText: String { get }
    /// The text the row shows for `model`; nil when the model is not of the row's type.
    static func expectedText(for model: Any) -> String?
}

/// The check of one list: every bound row (read back from GTK) against the storage's model at
/// its index path.
@MainActor
enum SoakCheck {
    struct Outcome {
        var checked = 0
        var failures: [String] = []
    }

    static func run(_ subject: any SoakSubject) -> Outcome {
        var outcome = Outcome()
        let storage = subject.shownStorage
        var items = 0
        for section in 0..<storage.numberOfSections {
            for item in 0..<storage.numberOfItems(inSection: section) {
                items += 1
                let indexPath = IndexPath(item: item, section: section)
                guard let row = subject.manager.boundRow(at: indexPath) else { continue }
                outcome.checked += 1
                let expected = storage.item(at: indexPath)
                let model = expected.map { String(describing: $0) } ?? "nothing"
                if String(describing: row.model) != model {
                    outcome.failures.append("\(subject.name) \(indexPath): bound to \(row.model), storage has \(model)")
                } else if let shown = row.view as? any SoakShownText, let expected,
                    let text = type(of: shown).expectedText(for: expected), shown.shownText != text
                {
                    outcome.failures.append("\(subject.name) \(indexPath): shows \"\(shown.shownText)\", not \"\(text)\"")
                }
            }
        }
        // A list with items and no row bound shows nothing: that is a failure too.
        if items > 0, outcome.checked == 0 { outcome.failures.append("\(subject.name): \(items) items, no row bound") }
        return outcome
    }
}
