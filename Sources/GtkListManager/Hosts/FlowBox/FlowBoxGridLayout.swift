/// How a ``FlowBoxGridHost`` lays out each section's cells: GTK's own `GtkFlowBox` settings,
/// the same for every section.
public struct FlowBoxGridLayout: Sendable, Equatable {
    /// Whether every cell of a section gets the size of the largest one. Default: true.
    public var homogeneous = true
    /// The fewest cells per line, however narrow the grid. Default: 1.
    public var minimumColumns = 1
    /// The most cells per line, however wide the grid. Default: 7 (GTK's default).
    public var maximumColumns = 7
    /// Pixels between lines of cells. Default: 0.
    public var rowSpacing = 0
    /// Pixels between cells of a line. Default: 0.
    public var columnSpacing = 0
    /// Pixels between one section and the next. Default: 0.
    public var sectionSpacing = 0

    /// The defaults of every setting above.
    public init() {}
}
