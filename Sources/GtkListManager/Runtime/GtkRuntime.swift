import CGtk
// The dispatch → GLib bridge in CGtk calls libdispatch's `_dispatch_*_4CF` functions;
// importing Dispatch here is what links libdispatch into every client of this module.
import Dispatch
import Glibc
import Synchronization

/// The process-wide GTK 3 runtime: one-time initialization, the main loop, and the guarantee
/// that the `MainActor` runs on the GLib main loop.
///
/// It is a namespace rather than an object because everything it manages exists once per
/// process: `gtk_init_check` may run once, there is one default GLib main context, one
/// MainActor, and one GTK thread.
///
/// ## Boot an application
///
/// ```swift
/// @main
/// struct App {
///     static func main() {                      // synchronous: never `async main`
///         MainActor.assumeIsolated {
///             guard GtkRuntime.initialize() else { fatalError("no display") }
///             let window = makeWindow()
///             gtk_widget_show_all(window)
///             GtkRuntime.run()                  // returns after GtkRuntime.quit()
///         }
///     }
/// }
/// ```
///
/// ## MainActor on GLib
///
/// On Linux the MainActor's executor is libdispatch's main queue, which `gtk_main()` never
/// drains. ``initialize()`` attaches a GLib source that drains it whenever it has work, so
/// `Task { @MainActor in … }`, `await` hops back to the MainActor and `DispatchQueue.main`
/// all run inside the GTK loop, on the process main thread, interleaved with GTK events.
///
/// That holds only if the process main thread is the one running the loop. **Use a
/// synchronous `static func main()` (or a synchronous `ParsableCommand.run()`), never
/// `async main`**: after the first `await` in an async main the "MainActor" code runs on a
/// dispatch worker thread, `gtk_main` would run there too, and draining the main queue off the
/// main thread crashes libdispatch. ``run()`` traps when it is not on the main thread.
///
/// From other threads, reach GTK with ``perform(_:)``, or `await` a `@MainActor` function.
public enum GtkRuntime {
    /// Outcome of the one `gtk_init_check` call of the process.
    private enum State {
        case notInitialized
        case ready
        case unavailable
    }

    @MainActor private static var state = State.notInitialized

    /// `pthread_self()` of the thread that initialized GTK; 0 until then.
    private static let gtkThread = Atomic<UInt>(0)

    /// Whether ``initialize()`` succeeded: GTK is usable on this thread.
    @MainActor public static var isInitialized: Bool {
        state == .ready
    }

    /// Initializes GTK once per process and connects the MainActor to the GLib main loop.
    ///
    /// The first call runs `gtk_init_check`, records the calling thread as the GTK thread and,
    /// when that thread is the process main thread, attaches the libdispatch main-queue bridge
    /// (see "MainActor on GLib" above). Later calls do nothing and return the first result, so
    /// libraries and tests can call it freely.
    ///
    /// - Returns: `false` when GTK cannot start, typically because there is no display
    ///   (`DISPLAY` unset: run headless under `xvfb-run -a`). It never aborts the process.
    @discardableResult
    @MainActor public static func initialize() -> Bool {
        initializeOnce(arguments: nil)
    }

    /// Initializes GTK like ``initialize()``, letting GTK see command-line arguments.
    ///
    /// GTK honours its own standard options among `arguments` (`--display`, `--gtk-debug`, …);
    /// the remaining arguments are the application's business. Only the first call of the
    /// process passes arguments to GTK.
    ///
    /// - Parameter arguments: the full argument vector, program name first
    ///   (usually `CommandLine.arguments`).
    /// - Returns: `false` when GTK cannot start, for example without a display.
    @discardableResult
    @MainActor public static func initialize(arguments: [String]) -> Bool {
        initializeOnce(arguments: arguments)
    }

    @MainActor private static func initializeOnce(arguments: [String]?) -> Bool {
        guard state == .notInitialized else { return state == .ready }
        let initialized = callGtkInitCheck(arguments: arguments)
        state = initialized ? .ready : .unavailable
        guard initialized else { return false }

        gtkThread.store(UInt(pthread_self()), ordering: .releasing)
        // The bridge drains libdispatch's main queue, which is only legal on the process main
        // thread. A harness that runs the MainActor elsewhere (Swift Testing) keeps GTK usable
        // but without the bridge.
        if cgtk_is_main_thread() != 0 {
            _ = cgtk_attach_dispatch_main_queue()
        }
        return true
    }

    @MainActor private static func callGtkInitCheck(arguments: [String]?) -> Bool {
        guard let arguments, !arguments.isEmpty else {
            return gtk_init_check(nil, nil) != 0
        }
        // GTK may remove the options it consumed by rearranging argv, so it gets its own copies.
        let cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var argv: [UnsafeMutablePointer<CChar>?] = cStrings + [nil]
        var argc = Int32(arguments.count)
        return argv.withUnsafeMutableBufferPointer { buffer in
            var base = buffer.baseAddress
            return gtk_init_check(&argc, &base) != 0
        }
    }

    /// Whether the caller runs on the thread that initialized GTK (callable from any thread).
    ///
    /// All GTK calls must happen on that thread. It is the process main thread in applications
    /// and XCTest; `false` before ``initialize()`` succeeded.
    public static var isOnGtkThread: Bool {
        let thread = gtkThread.load(ordering: .acquiring)
        return thread != 0 && pthread_equal(pthread_t(thread), pthread_self()) != 0
    }

    /// Runs the GTK main loop (`gtk_main`) until ``quit()`` is called.
    ///
    /// Calls may nest: each ``quit()`` ends the innermost one.
    ///
    /// - Precondition: ``initialize()`` returned `true`, and the caller is on the process main
    ///   thread (a synchronous `main`; see "MainActor on GLib").
    @MainActor public static func run() {
        // fatalError rather than precondition: release builds keep its message.
        guard isInitialized else {
            fatalError("GtkRuntime.run(): call GtkRuntime.initialize() first (and check its result)")
        }
        guard cgtk_is_main_thread() != 0 else {
            fatalError("GtkRuntime.run() must run on the process main thread: use a synchronous main(), never async main")
        }
        gtk_main()
    }

    /// Makes the innermost running ``run()`` return once the current callback is done.
    ///
    /// Does nothing when no main loop is running (GTK would log a critical warning).
    @MainActor public static func quit() {
        guard gtk_main_level() > 0 else { return }
        gtk_main_quit()
    }
}
