/// Where ``ListHost/scrollTo(position:alignment:)`` places a row.
public enum ScrollAlignment: Sendable, Equatable {
    /// As little scrolling as brings the row fully on screen.
    case nearest
    /// At the top of the viewport.
    case top
    /// In the middle of the viewport.
    case center
    /// At the bottom of the viewport.
    case bottom
}
