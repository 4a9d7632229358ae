import ModelStorage

extension ListEvent {
    static let keyPress = ListEvent("keyPress", source: KeyPressEvents.self)
}

/// Key presses on the focused row, offered to the user's `keyPress` reactions after editing and
/// reordering passed (``KeyStage/appReactions``): a reaction returns true to consume the key,
/// false to let GTK handle it (arrow navigation, activation, …).
@MainActor
final class KeyPressEvents: OnDemandFeature {
    private unowned let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
    }

    var keyStage: KeyStage? { .appReactions }

    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        guard let (row, location) = focused else { return false }
        return manager.events.perform(.keyPress, input: key, on: row, at: location) ?? false
    }
}
