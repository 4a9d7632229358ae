/// How a row shows that its values just changed: the row (a table: each cell whose text
/// changed) carries the style class ``ListTheme/StyleClass/changed`` for ``duration``, as
/// monitors and trading or log viewers show fresh values. Off by default
/// (``ListConfiguration/changeFlash`` is nil).
///
/// Only an item refreshed in place flashes, on screen: not a row inserted, moved or bound for
/// the first time, and never while the desktop turns animations off
/// (`gtk-enable-animations`). A second change restarts the time; a row that leaves the screen
/// or shows another item loses its flash at once. The library's stylesheet tints a flashing
/// row or cell with the theme's selection color; an application's CSS restyles
/// `.list-changed`.
public struct ChangeFlash: Equatable, Sendable {
    /// How long a changed row or cell keeps the style class, in seconds.
    public var duration: Double

    /// A flash lasting `duration` seconds; half a second by default, as AG Grid's cell flash.
    public init(duration: Double = 0.5) {
        self.duration = duration
    }
}
