/// A cell's, header's or footer's size in a grid, in pixels: what
/// ``ListManager/sizeForCell(_:_:)`` answers. A negative side keeps the natural one.
public struct GridSize: Sendable, Equatable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Space around a section's cells, in pixels: what ``ListManager/insetForSection(_:)`` answers.
public struct EdgeInsets: Sendable, Equatable {
    /// Pixels above.
    public var top: Int
    /// Pixels before, on the reading direction's start side.
    public var leading: Int
    /// Pixels below.
    public var bottom: Int
    /// Pixels after, on the reading direction's end side.
    public var trailing: Int

    /// Insets of these pixels on each side; zero by default.
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No space.
    public static let zero = EdgeInsets()
}

/// How one section of a grid spaces its cells: what a grid host applies from the layout events.
/// A nil field keeps the host's own setting.
public struct SectionMetrics: Sendable, Equatable {
    /// Space around the section's cells (not its header and footer).
    public var insets: EdgeInsets?
    /// Pixels between lines of cells.
    public var lineSpacing: Int?
    /// Pixels between cells of a line.
    public var itemSpacing: Int?

    /// Metrics that override the layout's where given (nil keeps the layout's).
    public init(insets: EdgeInsets? = nil, lineSpacing: Int? = nil, itemSpacing: Int? = nil) {
        self.insets = insets
        self.lineSpacing = lineSpacing
        self.itemSpacing = itemSpacing
    }
}
