import Dispatch

/// Frees `value` on a background queue: freeing a large state (a million entries and their
/// index) takes tens of milliseconds the main loop should spend drawing. Pass the last
/// reference, with `consume`, so that no copy stays behind on the main actor.
func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
    let retired = Retired(consume value)
    DispatchQueue.global(qos: .utility).async { retired.value = nil }
}

/// Holds a value until the background queue lets it go: emptied there, so that whichever side
/// drops the box last, the value itself is freed in the background.
private final class Retired<Value: Sendable>: @unchecked Sendable {
    // @unchecked: written once, by the background queue; the main actor never reads it.
    var value: Value?

    init(_ value: consuming Value) {
        self.value = consume value
    }
}
