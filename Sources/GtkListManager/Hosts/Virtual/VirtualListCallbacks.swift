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
        connectAccessibility(&callbacks)
        let userData = CallbackBox(WeakHost(host)).retainedPointer()
        glm_virtual_list_set_callbacks(host.list, &callbacks, userData, CallbackBoxRelease.destroyNotify)
    }

    /// What the list's accessible asks: VirtualListHost+Accessibility answers.
    private static func connectAccessibility(_ callbacks: inout GlmVirtualListCallbacks) {
        callbacks.item_count = { userData in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            return MainActor.assumeIsolated { Int32(clamping: box.host?.accessibleItemCount ?? 0) }
        }
        callbacks.selected_count = { userData in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            return MainActor.assumeIsolated { Int32(clamping: box.host?.delegate?.selectedItemCount ?? 0) }
        }
        callbacks.selected_item = { userData, index, unbound in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            // A widget pointer is no Sendable result: it crosses as its address.
            let address = MainActor.assumeIsolated {
                box.host?.selectedAccessibleRow(at: Int(index), unbound: unbound).map(UInt.init(bitPattern:))
            }
            return address.flatMap { UnsafeMutablePointer<GtkWidget>(bitPattern: $0) }
        }
        callbacks.select_row = { userData, rowWidget, selected in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            guard let rowWidget else { return }
            MainActor.assumeIsolated { box.host?.accessibilitySelect(rowWidget: rowWidget, selected != 0) }
        }
        callbacks.deselect_selected = { userData, index in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            MainActor.assumeIsolated { box.host?.accessibilityDeselectSelected(at: Int(index)) }
        }
        callbacks.select_all = { userData, selected in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            return MainActor.assumeIsolated { box.host?.accessibilitySelectAll(selected != 0) ?? false } ? 1 : 0
        }
        callbacks.grid_shape = { userData, rows, columns in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            let shape = MainActor.assumeIsolated { box.host?.accessibleTableShape ?? (rows: 0, columns: 0) }
            rows?.pointee = Int32(clamping: shape.rows)
            columns?.pointee = Int32(clamping: shape.columns)
        }
        callbacks.grid_selected_lines = { userData, lines in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            RowAccessibility.append(MainActor.assumeIsolated { box.host?.accessibleSelectedLines ?? [] }, to: lines)
        }
        callbacks.grid_select_line = { userData, line, selected in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            return MainActor.assumeIsolated { box.host?.accessibilitySelect(line: Int(line), selected != 0) ?? false } ? 1 : 0
        }
        callbacks.grid_cell = { userData, row, column, rowWidget, unbound in
            let box = CallbackBox<WeakHost>.payload(of: userData)
            return MainActor.assumeIsolated {
                box.host?.accessibleCell(row: Int(row), column: Int(column), rowWidget: rowWidget, unbound: unbound) ?? false
            } ? 1 : 0
        }
    }
}
