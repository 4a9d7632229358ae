/// Names one event a list produces (`didSelect`, `willDisplay`, …): the key under which
/// reactions are stored and found.
///
/// Each event belongs to a feature, the piece that listens to GTK for it. The feature is
/// installed when the first reaction for one of its events is registered, so an event no one
/// listens to connects no signal and costs nothing per row.
struct ListEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event's name, as the docs' event table spells it.
    let name: String
    /// The feature that produces the event.
    let source: ObjectIdentifier
    let makeFeature: @MainActor @Sendable (ListManager) -> any ListFeature

    init<Feature: OnDemandFeature>(_ name: String, source: Feature.Type) {
        self.name = name
        self.source = ObjectIdentifier(source)
        self.makeFeature = { Feature(manager: $0) }
    }

    var description: String { name }

    static func == (lhs: ListEvent, rhs: ListEvent) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
