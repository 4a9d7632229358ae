import CGtk

/// Typed connections of GObject signals to Swift closures.
///
/// Each handler is boxed in a ``CallbackBox`` passed to `g_signal_connect_data`, whose
/// `GClosureNotify` releases it when the handler is disconnected or the instance is finalized.
/// Handlers run on the GTK thread: each C thunk enters the MainActor with
/// `MainActor.assumeIsolated`, which traps instead of racing if GTK ever calls back elsewhere.
///
/// Pick the function whose shape matches the signal's C signature (GTK's documentation lists
/// it): the instance, then the signal arguments, then `user_data`. Instances and arguments are
/// any ``GPointerConvertible``: typed pointers, or `OpaquePointer` for GDK and cairo types.
///
/// ```swift
/// Signal.connect(button, "clicked") { _ in print("clicked") }
/// Signal.connect(list, "row-activated", argument: UnsafeMutablePointer<GtkListBoxRow>.self) { list, row in … }
/// Signal.connectEvent(window, "draw", argument: OpaquePointer.self, after: true) { _, cairo in false }
/// ```
@MainActor
public enum Signal {
    /// Connects a signal of shape `void (*)(Instance *, gpointer)`, such as `"clicked"`,
    /// `"destroy"` or `"selected-rows-changed"`. A property's `"notify::…"` passes a
    /// `GParamSpec *`: connect it with ``connect(_:_:argument:after:_:)``.
    ///
    /// - Parameters:
    ///   - instance: the emitting object.
    ///   - name: the signal name, for example `"clicked"`.
    ///   - after: run after the default handler (`G_CONNECT_AFTER`).
    ///   - handler: receives the instance.
    /// - Returns: the handler id for ``disconnect(_:_:)``, or 0 if `name` is not a signal of
    ///   `instance` (GLib logs a warning; the handler is released at once).
    @discardableResult
    public static func connect<Instance: GPointerConvertible>(
        _ instance: Instance,
        _ name: String,
        after: Bool = false,
        _ handler: @escaping @MainActor (Instance) -> Void
    ) -> gulong {
        let raw: RawHandler<Void> = { instance, _ in handler(Instance(gpointer: instance)) }
        return connectBoxed(instance, name, after: after, thunk: unsafeBitCast(signalThunk, to: GCallback.self), raw)
    }

    /// Connects a signal of shape `void (*)(Instance *, Argument *, gpointer)`, such as
    /// `"row-activated"` / `"row-selected"` (a `GtkListBoxRow *`) or `"size-allocate"`.
    ///
    /// - Parameters:
    ///   - instance: the emitting object.
    ///   - name: the detailed signal name.
    ///   - argument: the pointer type of the signal's argument.
    ///   - after: run after the default handler (`G_CONNECT_AFTER`).
    ///   - handler: receives the instance and the argument (`nil` when GTK passes `NULL`).
    /// - Returns: the handler id, or 0 if `name` is not a signal of `instance`.
    @discardableResult
    public static func connect<Instance: GPointerConvertible, Argument: GPointerConvertible>(
        _ instance: Instance,
        _ name: String,
        argument: Argument.Type,
        after: Bool = false,
        _ handler: @escaping @MainActor (Instance, Argument?) -> Void
    ) -> gulong {
        let raw: RawHandler<Void> = { instance, argument in
            handler(Instance(gpointer: instance), argument.map { Argument(gpointer: $0) })
        }
        return connectBoxed(instance, name, after: after, thunk: unsafeBitCast(argumentSignalThunk, to: GCallback.self), raw)
    }

    /// Connects an event signal of shape `gboolean (*)(Instance *, Argument *, gpointer)`, such
    /// as `"delete-event"` / `"key-press-event"` (a `GdkEvent *`) or `"draw"` (a `cairo_t *`,
    /// i.e. `OpaquePointer`).
    ///
    /// - Parameters:
    ///   - instance: the emitting object.
    ///   - name: the detailed signal name.
    ///   - argument: the pointer type of the signal's argument.
    ///   - after: run after the default handler (`G_CONNECT_AFTER`).
    ///   - handler: receives the instance and the argument; returns `true` to stop the event.
    /// - Returns: the handler id, or 0 if `name` is not a signal of `instance`.
    @discardableResult
    public static func connectEvent<Instance: GPointerConvertible, Argument: GPointerConvertible>(
        _ instance: Instance,
        _ name: String,
        argument: Argument.Type,
        after: Bool = false,
        _ handler: @escaping @MainActor (Instance, Argument?) -> Bool
    ) -> gulong {
        let raw: RawHandler<Bool> = { instance, argument in
            handler(Instance(gpointer: instance), argument.map { Argument(gpointer: $0) })
        }
        return connectBoxed(instance, name, after: after, thunk: unsafeBitCast(eventSignalThunk, to: GCallback.self), raw)
    }

    /// Connects a signal of shape `gboolean (*)(Instance *, gpointer)`, such as `"popup-menu"`
    /// (a keybinding signal whose answer says whether the key was handled).
    ///
    /// - Parameters:
    ///   - instance: the emitting object.
    ///   - name: the detailed signal name.
    ///   - after: run after the default handler (`G_CONNECT_AFTER`).
    ///   - handler: receives the instance; returns `true` to stop the emission.
    /// - Returns: the handler id, or 0 if `name` is not a signal of `instance`.
    @discardableResult
    public static func connectEvent<Instance: GPointerConvertible>(
        _ instance: Instance,
        _ name: String,
        after: Bool = false,
        _ handler: @escaping @MainActor (Instance) -> Bool
    ) -> gulong {
        let raw: RawHandler<Bool> = { instance, _ in handler(Instance(gpointer: instance)) }
        return connectBoxed(instance, name, after: after, thunk: unsafeBitCast(booleanSignalThunk, to: GCallback.self), raw)
    }

    /// Disconnects a handler returned by one of the `connect` functions; GLib then releases
    /// its closure.
    public static func disconnect<Instance: GPointerConvertible>(_ instance: Instance, _ handlerID: gulong) {
        g_signal_handler_disconnect(instance.gpointer, handlerID)
    }

    private static func connectBoxed<Instance: GPointerConvertible, Payload>(
        _ instance: Instance,
        _ name: String,
        after: Bool,
        thunk: GCallback,
        _ payload: Payload
    ) -> gulong {
        let userData = CallbackBox(payload).retainedPointer()
        let flags = after ? G_CONNECT_AFTER : GConnectFlags(0)
        let id = g_signal_connect_data(instance.gpointer, name, thunk, userData, CallbackBoxRelease.closureNotify, flags)
        // GLib does not call the notify when the signal name is unknown: balance the retain here.
        if id == 0 { CallbackBoxRelease.release(userData) }
        return id
    }
}

// MARK: - One untyped C thunk per signal shape

// C function pointers cannot capture generic parameters, so each shape has a single untyped
// thunk and the typed functions convert the pointers inside the boxed closure. The thunks live
// at file scope, outside any actor, and enter the MainActor explicitly.

private typealias RawHandler<Result> = @MainActor (gpointer, gpointer?) -> Result

/// `void (*)(gpointer instance, gpointer user_data)`.
private let signalThunk: @convention(c) (gpointer?, gpointer?) -> Void = { instance, userData in
    let handler = CallbackBox<RawHandler<Void>>.payload(of: userData)
    guard let instance else { return }
    // Raw pointers are not Sendable, but these cross no thread: GLib runs the thunk on the
    // GTK thread, which is exactly what assumeIsolated checks.
    nonisolated(unsafe) let sender = instance
    MainActor.assumeIsolated { handler(sender, nil) }
}

/// `void (*)(gpointer instance, gpointer argument, gpointer user_data)`.
private let argumentSignalThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { instance, argument, userData in
    let handler = CallbackBox<RawHandler<Void>>.payload(of: userData)
    guard let instance else { return }
    nonisolated(unsafe) let (sender, value) = (instance, argument)
    MainActor.assumeIsolated { handler(sender, value) }
}

/// `gboolean (*)(gpointer instance, gpointer argument, gpointer user_data)`.
private let eventSignalThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { instance, argument, userData in
    let handler = CallbackBox<RawHandler<Bool>>.payload(of: userData)
    guard let instance else { return 0 }
    nonisolated(unsafe) let (sender, value) = (instance, argument)
    return MainActor.assumeIsolated { handler(sender, value) } ? 1 : 0
}

/// `gboolean (*)(gpointer instance, gpointer user_data)`.
private let booleanSignalThunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { instance, userData in
    let handler = CallbackBox<RawHandler<Bool>>.payload(of: userData)
    guard let instance else { return 0 }
    nonisolated(unsafe) let sender = instance
    return MainActor.assumeIsolated { handler(sender, nil) } ? 1 : 0
}
