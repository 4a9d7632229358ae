import CGtk
import Foundation
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A manager's list box in a shown window under Xvfb, with real input sent through the X
/// server (XTest, via GDK's test functions): GTK receives button and key events exactly as from
/// a user, so `gtk_get_current_event()` is that event while GTK handles it.
@MainActor
final class ShownList {
    let manager: ListManager
    let window: UnsafeMutablePointer<GtkWidget>
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>

    init(_ manager: ListManager, width: Int32 = 320, height: Int32 = 400) {
        self.manager = manager
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), width, height)
        if let table = manager.table {
            // A table brings its headers and its own scrolled window.
            scrolledWindow = table.scrolledWindow
            gtk_container_add(gcast(window), table.widget)
        } else {
            scrolledWindow = gtk_scrolled_window_new(nil, nil)!
            gtk_container_add(gcast(scrolledWindow), manager.widget)
            gtk_container_add(gcast(window), scrolledWindow)
        }
        gtk_widget_show_all(window)
        gtk_window_present(gcast(window))
        _ = GtkRuntime.iterate(until: { gtk_widget_get_mapped(manager.widget) != 0 })
        settle()
    }

    /// `arguments` with the point of each `mousemove` in device pixels.
    private func devicePixels(_ arguments: [String]) -> [String] {
        let scale = Int(gtk_widget_get_scale_factor(window))
        guard scale != 1 else { return arguments }
        var scaled = arguments
        for (index, argument) in arguments.enumerated() where argument == "mousemove" {
            // The two numbers after the command and its options.
            let numbers = arguments.indices.dropFirst(index + 1).filter { Int(arguments[$0]) != nil }.prefix(2)
            for number in numbers { scaled[number] = String(Int(arguments[number])! * scale) }
        }
        return scaled
    }

    /// Moves the window to `x` on the screen (beside another one) and waits until it is there.
    func moveWindow(toX x: Int32) {
        gtk_window_move(gcast(window), x, 0)
        _ = GtkRuntime.iterate(
            until: { [window] in
                var originX: Int32 = 0, originY: Int32 = 0
                gdk_window_get_origin(gtk_widget_get_window(window), &originX, &originY)
                return originX >= x
            }, timeout: .seconds(2))
        settle()
    }

    /// Destroys the window (call in a `defer`).
    func close() {
        gtk_widget_destroy(window)
        settle()
    }

    /// Lets GTK handle what is pending (input round trips through the X server).
    func settle(milliseconds: Int = 60) {
        MainLoop.settle(milliseconds: milliseconds)
    }

    /// Lets GTK lay out and paint the window's next frame: where a list binds and places its
    /// rows after a change or a scroll.
    func settleFrame() {
        MainLoop.settleFrame(of: window)
    }

    /// Iterates until `condition` holds (at most 2 s); returns whether it did.
    @discardableResult
    func wait(until condition: () -> Bool) -> Bool {
        GtkRuntime.iterate(until: condition, timeout: .seconds(2))
    }

    /// The `GtkListBoxRow` of the item at `indexPath`.
    func listRow(at indexPath: IndexPath) -> UnsafeMutablePointer<GtkListBoxRow> {
        guard let listRow = manager.boundRow(at: indexPath)?.listBoxRow else {
            preconditionFailure("no row at \(indexPath)")
        }
        return listRow
    }

    /// A point inside `widget`, in the toplevel window's coordinates: `x` from its left edge,
    /// or by default 8 pixels from its start edge (the right one when the default direction is
    /// right to left, away from the scrollbar GTK puts on the left then).
    func point(in widget: UnsafeMutablePointer<GtkWidget>, x: Int32? = nil, y: Int32? = nil) -> (Int32, Int32) {
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        let startX: Int32 = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? allocation.width - 8 : 8
        var windowX: Int32 = 0, windowY: Int32 = 0
        gtk_widget_translate_coordinates(widget, window, x ?? startX, y ?? allocation.height / 2, &windowX, &windowY)
        return (windowX, windowY)
    }

    /// Presses (and, unless `release` is false, releases) a pointer button over the row at
    /// `indexPath`, `count` times in a row (2 for a double click), holding `modifiers`
    /// (xdotool key names: "ctrl", "shift").
    func click(_ indexPath: IndexPath, button: Int = 1, modifiers: [String] = [], count: Int = 1, release: Bool = true) {
        click(widget: gcast(listRow(at: indexPath)), button: button, modifiers: modifiers, count: count, release: release)
    }

    /// The same over any widget of the window.
    func click(
        widget: UnsafeMutablePointer<GtkWidget>, button: Int = 1, modifiers: [String] = [], count: Int = 1,
        release: Bool = true
    ) {
        moveMouse(to: widget)
        var arguments: [String] = []
        for modifier in modifiers { arguments += ["keydown", modifier] }
        if release {
            arguments += ["click", "--repeat", String(count), "--delay", "40", String(button)]
        } else {
            arguments += ["mousedown", String(button)]
        }
        for modifier in modifiers.reversed() { arguments += ["keyup", modifier] }
        xdotool(arguments)
    }

    /// Moves the pointer over `widget` (at `x` from its left edge, near its start edge by
    /// default; its middle by default vertically).
    func moveMouse(to widget: UnsafeMutablePointer<GtkWidget>, x: Int32? = nil, y: Int32? = nil) {
        let (screenX, screenY) = screenPoint(in: widget, x: x, y: y)
        // `--sync` waits for a motion: when the pointer is there already it hangs for 15 s.
        if let (pointerX, pointerY) = pointerPosition(), pointerX == screenX, pointerY == screenY { return }
        xdotool(["mousemove", "--sync", String(screenX), String(screenY)])
    }

    /// Where the pointer is, in screen coordinates.
    func pointerPosition() -> (Int32, Int32)? {
        guard let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display),
            let pointer = gdk_seat_get_pointer(seat)
        else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        gdk_device_get_position(pointer, nil, &x, &y)
        return (x, y)
    }

    /// Releases a pointer button pressed with `click(_:release: false)`.
    func releaseButton(_ button: Int = 1) {
        xdotool(["mouseup", String(button)])
    }

    /// Presses and releases keys with the keyboard focus where it is: xdotool key names such as
    /// "Delete", "Return", "ctrl+a", "shift+F10", "Menu".
    func press(_ keys: String...) {
        xdotool(["key", "--delay", "30"] + keys)
    }

    /// A point inside `widget`, in screen coordinates.
    func screenPoint(in widget: UnsafeMutablePointer<GtkWidget>, x: Int32? = nil, y: Int32? = nil) -> (Int32, Int32) {
        let (windowX, windowY) = point(in: widget, x: x, y: y)
        var originX: Int32 = 0, originY: Int32 = 0
        gdk_window_get_origin(gtk_widget_get_window(window), &originX, &originY)
        return (originX + windowX, originY + windowY)
    }

    /// Runs xdotool (real input through the X server's XTest extension), then lets GTK handle
    /// the events. Points are given in GDK's logical pixels, as GTK reports them; xdotool
    /// speaks the screen's device pixels, `GDK_SCALE` times as many.
    func xdotool(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + devicePixels(arguments)
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            XCTFail("xdotool could not run (\(error)): install it with `make deps`")
        }
        settle()
    }

    /// Runs xdotool while GTK goes on handling events, as it does while a user moves: motions
    /// arrive one by one at their pace instead of queued and compressed into one (a flick's
    /// speed is read from them).
    func xdotoolWhileRunning(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + devicePixels(arguments)
        do {
            try process.run()
        } catch {
            return XCTFail("xdotool could not run (\(error)): install it with `make deps`")
        }
        _ = GtkRuntime.iterate(until: { !process.isRunning }, timeout: .seconds(10))
        // Foundation's process holds itself through its run-loop source until waited for.
        if !process.isRunning { process.waitUntilExit() }
        settle()
    }

    /// Gives the keyboard focus to the row at `indexPath`.
    func focus(_ indexPath: IndexPath) {
        gtk_widget_grab_focus(gcast(listRow(at: indexPath)))
        settle()
    }
}
