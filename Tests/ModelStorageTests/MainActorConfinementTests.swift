import Dispatch
import ModelStorage
import Testing

/// The thread check behind every storage mutation: it must know the main actor wherever the
/// test harness runs it (Swift Testing drains it on a worker thread), and nothing else.
@Suite("MainActorConfinement: who counts as the main actor")
struct MainActorConfinementTests {
    @Test("Main-actor code passes, whichever thread drains the main actor")
    @MainActor
    func mainActorPasses() {
        #expect(MainActorConfinement.isOnMainActor)
        MainActorConfinement.check("A test on the main actor")
    }

    @Test("A detached task, a global queue and a serial queue are not the main actor")
    func otherContextsFail() async {
        #expect(await Task.detached { MainActorConfinement.isOnMainActor }.value == false)
        #expect(DispatchQueue.global().sync { MainActorConfinement.isOnMainActor } == false)
        #expect(DispatchQueue(label: "serial").sync { MainActorConfinement.isOnMainActor } == false)
    }

    @Test("Work hopped to the main queue is on the main actor")
    func mainQueuePasses() async {
        let onMain = await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume(returning: MainActorConfinement.isOnMainActor) }
        }
        #expect(onMain)
    }
}
