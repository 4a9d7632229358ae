import CGtk

/// Typed connections of the GTK 3 drag-and-drop signals whose C shapes ``Signal`` does not
/// cover (several scalar arguments). Each handler is boxed in a ``CallbackBox`` released by
/// GLib's closure notify, like every other callback of the package.
///
/// `GdkDragContext *` and `GtkSelectionData *` arrive as `OpaquePointer`.
@MainActor
enum DragSignal {
    /// `drag-motion` / `drag-drop`: `gboolean (*)(GtkWidget *, GdkDragContext *, gint x, gint y, guint time, gpointer)`.
    typealias PointHandler = @MainActor (OpaquePointer, Int32, Int32, UInt32) -> Bool
    /// `drag-leave`: `void (*)(GtkWidget *, GdkDragContext *, guint time, gpointer)`.
    typealias LeaveHandler = @MainActor (OpaquePointer, UInt32) -> Void
    /// `drag-data-get`: `void (*)(GtkWidget *, GdkDragContext *, GtkSelectionData *, guint info, guint time, gpointer)`.
    typealias DataGetHandler = @MainActor (OpaquePointer, OpaquePointer, UInt32) -> Void
    /// `drag-data-received`: `void (*)(GtkWidget *, GdkDragContext *, gint x, gint y, GtkSelectionData *, guint info, guint time, gpointer)`.
    typealias DataReceivedHandler = @MainActor (OpaquePointer, OpaquePointer, UInt32) -> Void
    /// `drag-failed`: `gboolean (*)(GtkWidget *, GdkDragContext *, GtkDragResult, gpointer)`.
    typealias FailedHandler = @MainActor (OpaquePointer, UInt32) -> Bool

    @discardableResult
    static func connectPoint(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String, _ handler: @escaping PointHandler) -> gulong {
        connect(widget, name, thunk: unsafeBitCast(pointThunk, to: GCallback.self), handler)
    }

    @discardableResult
    static func connectLeave(_ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping LeaveHandler) -> gulong {
        connect(widget, "drag-leave", thunk: unsafeBitCast(leaveThunk, to: GCallback.self), handler)
    }

    @discardableResult
    static func connectDataGet(_ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping DataGetHandler) -> gulong {
        connect(widget, "drag-data-get", thunk: unsafeBitCast(dataGetThunk, to: GCallback.self), handler)
    }

    @discardableResult
    static func connectDataReceived(_ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping DataReceivedHandler) -> gulong {
        connect(widget, "drag-data-received", thunk: unsafeBitCast(dataReceivedThunk, to: GCallback.self), handler)
    }

    @discardableResult
    static func connectFailed(_ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping FailedHandler) -> gulong {
        connect(widget, "drag-failed", thunk: unsafeBitCast(failedThunk, to: GCallback.self), handler)
    }

    private static func connect<Payload>(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ name: String, thunk: GCallback, _ payload: Payload
    ) -> gulong {
        let userData = CallbackBox(payload).retainedPointer()
        let id = g_signal_connect_data(widget, name, thunk, userData, CallbackBoxRelease.closureNotify, GConnectFlags(0))
        if id == 0 { CallbackBoxRelease.release(userData) }
        return id
    }
}

// C thunks, one per shape; they enter the MainActor like the thunks of `Signal`.

private let pointThunk: @convention(c) (gpointer?, OpaquePointer?, Int32, Int32, UInt32, gpointer?) -> gboolean = {
    _, context, x, y, time, userData in
    let handler = CallbackBox<DragSignal.PointHandler>.payload(of: userData)
    guard let context else { return 0 }
    nonisolated(unsafe) let sent = context
    return MainActor.assumeIsolated { handler(sent, x, y, time) } ? 1 : 0
}

private let leaveThunk: @convention(c) (gpointer?, OpaquePointer?, UInt32, gpointer?) -> Void = { _, context, time, userData in
    let handler = CallbackBox<DragSignal.LeaveHandler>.payload(of: userData)
    guard let context else { return }
    nonisolated(unsafe) let sent = context
    MainActor.assumeIsolated { handler(sent, time) }
}

private let dataGetThunk: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, UInt32, UInt32, gpointer?) -> Void = {
    _, context, selection, info, _, userData in
    let handler = CallbackBox<DragSignal.DataGetHandler>.payload(of: userData)
    guard let context, let selection else { return }
    nonisolated(unsafe) let sent = (context, selection)
    MainActor.assumeIsolated { handler(sent.0, sent.1, info) }
}

private let dataReceivedThunk: @convention(c) (gpointer?, OpaquePointer?, Int32, Int32, OpaquePointer?, UInt32, UInt32, gpointer?) -> Void =
    {
        _, context, _, _, selection, info, _, userData in
        let handler = CallbackBox<DragSignal.DataReceivedHandler>.payload(of: userData)
        guard let context, let selection else { return }
        nonisolated(unsafe) let sent = (context, selection)
        MainActor.assumeIsolated { handler(sent.0, sent.1, info) }
    }

private let failedThunk: @convention(c) (gpointer?, OpaquePointer?, UInt32, gpointer?) -> gboolean = { _, context, result, userData in
    let handler = CallbackBox<DragSignal.FailedHandler>.payload(of: userData)
    guard let context else { return 0 }
    nonisolated(unsafe) let sent = context
    return MainActor.assumeIsolated { handler(sent, result) } ? 1 : 0
}
