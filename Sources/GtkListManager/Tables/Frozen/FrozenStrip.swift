/// A table's frozen columns as they show: how many leading shown columns stay put, the width of
/// the strip they cover at the viewport's leading edge, and the scroll offset the rows and the
/// header were last pinned at.
struct FrozenStrip: Equatable {
    /// The leading shown columns pinned (0 when none, or when the host cannot pin them).
    var count = 0
    /// Their width together, in pixels.
    var width = 0
    /// How far from their leading edge the rows were scrolled when last pinned; -1: never.
    var pinnedOffset = -1
    /// The strip's width when last pinned: a table without frozen columns pins nothing per step.
    var pinnedWidth = 0
    /// Whether the host's refusal was reported for the count asked now (once per freeze).
    var reportedUnsupported = false

    /// The frozen columns, by index among the shown ones.
    var columns: Range<Int> { 0..<count }
}
