import Dispatch
import Glibc
import Testing

/// The wait every scheduling test relies on: it outlasts a main actor held by another test, and
/// still fails when what it waits for never happens.
@Suite("waitUntil: robust to a busy main actor, still able to fail")
@MainActor
struct WaitUntilTests {
    @Test("A condition that never holds fails the wait once the timeout is spent polling")
    func neverHolds() async {
        #expect(await waitUntil(timeout: .milliseconds(100)) { false } == false)
    }

    @Test("A hand-off queued behind a main actor held past the timeout still arrives in time")
    func busyMainActor() async {
        let arrived = ArrivalFlag()
        // Holds the main actor for 1 s, more than three times the timeout.
        Task { @MainActor in usleep(1_000_000) }
        // While it is held, a background job hands its result back: queued behind the wait's
        // own wake-up, so the wait sees the condition still false after the long stall.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
            Task { @MainActor in arrived.value = true }
        }
        #expect(await waitUntil(timeout: .milliseconds(300)) { arrived.value })
    }
}

@MainActor
private final class ArrivalFlag: Sendable {
    var value = false
}
