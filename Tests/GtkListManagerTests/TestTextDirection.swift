import CGtk
import Foundation
import XCTest

/// The default text direction of a test run: `GLM_TEST_TEXT_DIRECTION=rtl` runs the tests with
/// GTK's default direction right to left, as an application in Arabic or Hebrew has it (the
/// randomized and interaction suites must pass that way too); unset or `ltr`, left to right.
/// ``requireGtk()`` sets it once, after `gtk_init` (which sets the direction from the locale)
/// and before any widget.
///
/// Tests written left to right read the same cells right to left through ``mirroredKey(_:)``,
/// ``mirroredX(_:width:in:)`` and ``ExpectedGridGeometry``, which mirror what they say on screen
/// when the default direction is right to left.
@MainActor
enum TestTextDirection {
    /// The direction of the run, which a test that changes the default direction restores.
    static let run: GtkTextDirection =
        ProcessInfo.processInfo.environment["GLM_TEST_TEXT_DIRECTION"]?.lowercased() == "rtl" ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR
    private static var applied = false

    /// Whether GTK's default direction is right to left now.
    static var isRightToLeft: Bool { gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL }

    static func applyOnce() {
        guard !applied else { return }
        applied = true
        gtk_widget_set_default_direction(run)
    }

    /// Runs `body` with GTK's default direction `direction`, then restores the run's.
    static func with<Result>(_ direction: GtkTextDirection, _ body: () throws -> Result) rethrows -> Result {
        gtk_widget_set_default_direction(direction)
        defer { gtk_widget_set_default_direction(run) }
        return try body()
    }
}

/// The xdotool keys that move on screen as `keys` do left to right: Left and Right swapped
/// (with their modifiers, "ctrl+Right") when the default direction is right to left, so that a
/// test written left to right reaches the same cells.
@MainActor
func mirroredKey(_ keys: String) -> String {
    guard TestTextDirection.isRightToLeft else { return keys }
    var parts = keys.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    switch parts.last {
    case "Left": parts[parts.count - 1] = "Right"
    case "Right": parts[parts.count - 1] = "Left"
    default: break
    }
    return parts.joined(separator: "+")
}

/// The GDK key value `mirroredKey(_:)` sends for `keyval` (`GDK_KEY_Left` or `GDK_KEY_Right`).
@MainActor
func mirroredKeyval(_ keyval: Int32) -> UInt32 {
    guard TestTextDirection.isRightToLeft else { return UInt32(keyval) }
    switch keyval {
    case GDK_KEY_Left: return UInt32(GDK_KEY_Right)
    case GDK_KEY_Right: return UInt32(GDK_KEY_Left)
    default: return UInt32(keyval)
    }
}

/// The x on screen of what sits at `x` left to right, `width` wide, in a container `extent`
/// wide: mirrored when the default direction is right to left.
@MainActor
func mirroredX(_ x: Int, width: Int, in extent: Int) -> Int {
    TestTextDirection.isRightToLeft ? extent - x - width : x
}

/// The x of a point `x` pixels from the left edge of a widget `extent` wide left to right: as
/// far from its right edge when the default direction is right to left.
@MainActor
func mirroredPointX(_ x: Int32, in extent: Int32) -> Int32 {
    TestTextDirection.isRightToLeft ? extent - x : x
}
