import CGtk

/// A heap box that carries a Swift value (usually a closure) through a C `gpointer user_data`.
///
/// GLib callbacks are plain C function pointers: they cannot capture Swift state. The state
/// travels in `user_data` instead, as a box retained once with ``retainedPointer()`` and
/// released exactly once by the destroy notify GLib calls when the callback is gone
/// (``CallbackBoxRelease/destroyNotify`` or ``CallbackBoxRelease/closureNotify``).
/// Every callback in this package follows that rule, so nothing leaks and nothing dangles:
///
/// ```swift
/// let data = CallbackBox(handler).retainedPointer()
/// g_timeout_add_full(G_PRIORITY_DEFAULT, 100, thunk, data, CallbackBoxRelease.destroyNotify)
/// // in `thunk`: let handler = CallbackBox<Handler>.payload(of: userData)
/// ```
public final class CallbackBox<Payload> {
    /// The boxed value.
    public let payload: Payload

    /// Boxes `payload`.
    public init(_ payload: Payload) {
        self.payload = payload
    }

    /// Retains the box once and returns it as `user_data`.
    ///
    /// Pass the result to a GLib API together with ``CallbackBoxRelease/destroyNotify`` (or
    /// ``CallbackBoxRelease/closureNotify`` for signals): that notify balances this retain.
    public func retainedPointer() -> gpointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// Reads the payload of a box passed as `user_data`, without consuming the retain.
    ///
    /// - Precondition: `userData` came from ``retainedPointer()`` of a `CallbackBox<Payload>`
    ///   and its destroy notify has not run yet (GLib guarantees this inside the callback).
    public static func payload(of userData: gpointer?) -> Payload {
        guard let userData else {
            preconditionFailure("CallbackBox: GLib passed a NULL user_data to a boxed callback")
        }
        return Unmanaged<CallbackBox<Payload>>.fromOpaque(userData).takeUnretainedValue().payload
    }
}

/// The destroy notifies that balance ``CallbackBox/retainedPointer()``.
public enum CallbackBoxRelease {
    /// A `GDestroyNotify` for idle/timeout sources and list box header, sort and filter funcs.
    public static let destroyNotify: GDestroyNotify = { userData in
        release(userData)
    }

    /// A `GClosureNotify` for `g_signal_connect_data`: GLib calls it on disconnect or when the
    /// instance is finalized.
    public static let closureNotify: GClosureNotify = { userData, _ in
        release(userData)
    }

    /// Releases a box whose destroy notify will never be called (for example a failed connect).
    public static func release(_ userData: gpointer?) {
        // Any CallbackBox<T> is a native Swift object: releasing it as AnyObject is type-agnostic.
        guard let userData else { return }
        Unmanaged<AnyObject>.fromOpaque(userData).release()
    }
}
