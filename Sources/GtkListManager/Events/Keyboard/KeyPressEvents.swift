import ModelStorage

extension ListEvent {
    static let keyPress = ListEvent("keyPress", source: KeyPressEvents.self)
}

/// Key presses on the focused row, offered to the user's `keyPress` reactions by the
/// ``KeyDispatcher`` after editing and reordering passed: a reaction returns true to consume
/// the key, false to let GTK handle it (arrow navigation, activation, …).
@MainActor
final class KeyPressEvents: EventSource {
    init(manager: ListManager) {
        manager.events.installKeyDispatcher()
    }
}
