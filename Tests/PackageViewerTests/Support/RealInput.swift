import CGtk
import Foundation
import GtkListManager
import GtkTestSupport
import XCTest

/// Real input for a shown window under Xvfb, sent through the X server (XTest, by xdotool): GTK
/// receives button and key events exactly as from a user.
@MainActor
struct RealInput {
    let window: UnsafeMutablePointer<GtkWidget>

    /// Shows and presents `window`, and waits until it is mapped.
    init(showing window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        gtk_widget_show_all(window)
        gtk_window_present(gcast(window))
        _ = GtkRuntime.iterate(until: { gtk_widget_get_mapped(window) != 0 })
        settle()
    }

    /// Lets GTK handle what is pending (input round trips through the X server).
    func settle(milliseconds: Int = 60) {
        MainLoop.settle(milliseconds: milliseconds)
    }

    /// Lets GTK lay out and paint the window's next frame, so widgets are where a change (the
    /// favourites pane appearing, say) puts them before the pointer aims at them.
    func settleFrame() {
        MainLoop.settleFrame(of: window)
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

    /// Gives the keyboard focus to `widget`. (The X focus stays on the window presented last:
    /// with two windows, drive the other one with the pointer.)
    func focus(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_grab_focus(widget)
        settle()
    }

    /// Presses and releases keys where the keyboard focus is: xdotool names ("s", "ctrl+d",
    /// "Delete", "alt+Down").
    func press(_ keys: String...) {
        xdotool(["key", "--delay", "30"] + keys)
    }

    /// Types `text` where the keyboard focus is.
    func type(_ text: String) {
        xdotool(["type", "--delay", "8", text])
    }

    /// Clicks `button` (3: the context menu) over the middle of `widget`'s left part.
    func click(_ widget: UnsafeMutablePointer<GtkWidget>, button: Int = 1) {
        settleFrame()
        moveMouse(to: screenPoint(in: widget))
        xdotool(["click", String(button)])
    }

    /// A pointer drag from the middle of `source` to the lower (or upper) half of `destination`,
    /// in steps past GTK's drag threshold.
    func drag(_ source: UnsafeMutablePointer<GtkWidget>, to destination: UnsafeMutablePointer<GtkWidget>, lowerHalf: Bool) {
        settleFrame()
        let start = screenPoint(in: source, x: 60)
        let height = gtk_widget_get_allocated_height(destination)
        let end = screenPoint(in: destination, x: 60, y: lowerHalf ? height * 3 / 4 : height / 4)
        moveMouse(to: start)
        xdotool(["mousedown", "1"])
        for step in 1...5 {
            let x = start.0 + (end.0 - start.0) * Int32(step) / 5, y = start.1 + (end.1 - start.1) * Int32(step) / 5
            xdotool(["mousemove", String(x), String(y)])
        }
        xdotool(["mousemove", String(end.0 + 1), String(end.1)])
        xdotool(["mouseup", "1"])
        settle(milliseconds: 100)
    }

    /// A drag with the primary button from `x` (from `widget`'s left edge, at its middle height)
    /// sideways by `distance` pixels, in steps: a header's edge dragged to resize its column.
    func dragSideways(_ widget: UnsafeMutablePointer<GtkWidget>, fromX x: Int32, by distance: Int32) {
        settleFrame()
        let start = screenPoint(in: widget, x: x)
        moveMouse(to: start)
        xdotool(["mousedown", "1"])
        for step in 1...4 { xdotool(["mousemove", String(start.0 + distance * Int32(step) / 4), String(start.1)]) }
        xdotool(["mouseup", "1"])
        settle(milliseconds: 100)
    }

    /// Moves the pointer to `point` on the screen. (`--sync` waits for a motion: when the
    /// pointer is there already it would hang for 15 s.)
    private func moveMouse(to point: (Int32, Int32)) {
        if let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display),
            let pointer = gdk_seat_get_pointer(seat)
        {
            var x: Int32 = 0, y: Int32 = 0
            gdk_device_get_position(pointer, nil, &x, &y)
            if (x, y) == point { return }
        }
        xdotool(["mousemove", "--sync", String(point.0), String(point.1)])
    }

    /// A point inside `widget` in screen coordinates (`x` from its left edge, its middle by default).
    private func screenPoint(in widget: UnsafeMutablePointer<GtkWidget>, x: Int32 = 8, y: Int32? = nil) -> (Int32, Int32) {
        var windowX: Int32 = 0, windowY: Int32 = 0
        gtk_widget_translate_coordinates(widget, window, x, y ?? gtk_widget_get_allocated_height(widget) / 2, &windowX, &windowY)
        var originX: Int32 = 0, originY: Int32 = 0
        gdk_window_get_origin(gtk_widget_get_window(window), &originX, &originY)
        return (originX + windowX, originY + windowY)
    }

    private func xdotool(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            XCTFail("xdotool could not run (\(error)): install it with `make deps`")
        }
        settle()
    }
}
