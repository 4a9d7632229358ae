import Dispatch
import Foundation
import Logging

/// The run-time check, in every build configuration, that main-actor-bound code really runs on
/// the main actor.
///
/// Storages and managers are `@MainActor`, and Swift 6 code cannot call them from another
/// thread. Code compiled in the Swift 5 language mode can, with no error or warning (a closure
/// handed to a `Thread`, say), and `MainActor.assertIsolated` checks nothing in release builds.
/// So every entry point that changes a storage or a list calls ``check(_:)`` once per call,
/// never per row.
///
/// On the main thread the check costs a thread-specific read; on another thread that runs the
/// main actor, one dispatch queue-specific lookup more. Off it, the check logs
/// the message at `critical` level through swift-log (label `GtkListManager.threading`) and
/// stops the process with the same message, which names the call and the thread, e.g.
///
/// ```text
/// Fatal error: MemoryStorage was mutated off the main actor, on thread 8125 "importer". …
/// ```
///
/// It stops rather than refusing the call: by the time the check runs, the caller is already
/// racing the main actor for the same state, so refusing would lose the caller's change without
/// making the state safe, and an anomaly handler (itself main-actor bound) cannot be reached
/// from the wrong thread anyway.
///
/// Custom storages call it the same way, at the start of each mutation:
///
/// ```swift
/// func append(_ item: Item) {
///     MainActorConfinement.check("RemoteStorage was mutated")
///     …
/// }
/// ```
///
/// ## What "the main actor" is
/// On Linux the main actor's executor is libdispatch's main queue. Code runs on the main actor
/// when that queue runs it (a `Task { @MainActor in … }`, `DispatchQueue.main.async`, or the GTK
/// loop's bridge, see `GtkRuntime`) or when it runs on the process main thread, which owns the
/// main queue. A test harness whose main actor is drained by a worker thread (Swift Testing)
/// passes too.
public enum MainActorConfinement {
    /// True when the caller runs on the main actor. Callable from any thread.
    public static var isOnMainActor: Bool {
        // The process main thread runs the main queue: a thread-specific read, where the
        // queue lookup costs a storm of one-row updates a few hundred instructions each
        // (CONTRIBUTING, Hot paths: 24).
        isProcessMainThread || DispatchQueue.getSpecific(key: mainQueueMarker) != nil
    }

    /// Whether the caller runs on the process's main thread: asked of the system once per
    /// thread (Foundation's answer costs two system calls), then kept in a thread-specific value.
    private static var isProcessMainThread: Bool {
        if let known = pthread_getspecific(mainThreadKey) { return Int(bitPattern: known) == 1 }
        let isMain = Thread.isMainThread
        pthread_setspecific(mainThreadKey, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
        return isMain
    }

    /// Stops the process with a message when the caller is not on the main actor.
    ///
    /// - Parameter call: what the caller was doing, as the subject of a sentence, starting with
    ///   the type: "MemoryStorage was mutated", "ListManager.reload() was called". Built only
    ///   when the check fails.
    public static func check(_ call: @autoclosure () -> String) {
        guard !isOnMainActor else { return }
        stop(call())
    }

    /// The message for a call made off the main actor from the current thread.
    static func message(for call: String) -> String {
        "\(call) off the main actor, on \(ThreadIdentity.current). It is bound to the main actor "
            + "(in a GTK application, the GTK thread): reach it from other threads with "
            + "`await MainActor.run { … }` or `DispatchQueue.main.async { … }`."
    }

    private static func stop(_ call: String) -> Never {
        let message = message(for: call)
        logger.critical("\(message)")
        fatalError(message)
    }

    private static let logger = Logger(label: "GtkListManager.threading")
}

/// The thread-specific value that says whether a thread is the process's main thread (1) or
/// not (2); none until its first check.
private let mainThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// A marker only the main queue carries: `DispatchQueue.getSpecific` finds it exactly when the
/// current code runs on that queue. Set once, on first use, from whichever thread asks first
/// (setting a queue-specific value is thread-safe).
private let mainQueueMarker: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
