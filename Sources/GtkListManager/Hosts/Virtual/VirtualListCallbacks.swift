import CGtk
import CVirtualList

/// Connects a ``VirtualListHost`` to its list widget's callbacks. The widget may outlive the
/// host (a window keeps it), so the callbacks reach the host through a weak reference in a box
/// the widget releases (its destroy notify).
@MainActor
enum VirtualListCallbacks {
    private final class WeakHost {
        weak var host: VirtualListHost?
        init(_ host: VirtualListHost) { self.host = host }
    }

    static func connect(_ host: VirtualListHost) {
        var callbacks = GlmVirtualListCallbacks()
        callbacks.allocate = { userData, width, height in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            MainActor.assumeIsolated { box.host?.layOut(width: Int(width), height: Int(height)) }
        }
        callbacks.scrolled = { userData, value in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            MainActor.assumeIsolated { box.host?.scrolled(to: value) }
        }
        callbacks.content_height = { userData in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            return MainActor.assumeIsolated { Int32(clamping: box.host?.contentHeight ?? 0) }
        }
        callbacks.focus = { userData, direction in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            return MainActor.assumeIsolated { box.host?.focus(direction) ?? false } ? 1 : 0
        }
        let userData = CallbackBox(WeakHost(host)).retainedPointer()
        glm_virtual_list_set_callbacks(host.list, &callbacks, userData, CallbackBoxRelease.destroyNotify)
    }
}
