import ModelStorage

/// How a manager shows sections and applies updates.
public struct ListConfiguration: Sendable {
    /// Whether a section without items shows its header. Default: true.
    public var displayHeaderOnEmptySection = true
    /// Whether a section without items shows its footer. Default: true.
    public var displayFooterOnEmptySection = true
    /// Whether a section without items shows its supplementary views of kinds other than
    /// header and footer. Default: true.
    public var displaySupplementaryViewsOnEmptySection = true
    /// Apply item moves as a removal plus an insertion of a new row instead of moving the
    /// existing row. Default: false (the same widget moves).
    public var animateMoveAsDeleteAndInsert = false
    /// The most rows kept in the reuse pool per reuse identifier. Default: 32.
    public var reusePoolLimit = 32
    /// How rows appear and disappear; nil (the default) for no animation.
    public var rowAnimation: RowAnimation?
    /// How far ahead of the visible rows ``ListManager/prefetch(_:_:)`` looks, in viewports.
    /// 0 prefetches nothing. Default: 2, so that an item is told at least a viewport before it
    /// shows (the wheel moves less than a viewport a step: at 1, an item is told a step short of
    /// a viewport ahead).
    public var prefetchDistance = 2.0
    /// How an item refreshed in place shows that it changed; nil (the default) for no flash.
    public var changeFlash: ChangeFlash?

    /// The defaults of every setting above.
    public init() {}
}

extension ListConfiguration {
    /// Whether a section without items shows its supplementary view of `kind`.
    func displaysOnEmptySection(_ kind: SupplementaryKind) -> Bool {
        switch kind {
        case .header: displayHeaderOnEmptySection
        case .footer: displayFooterOnEmptySection
        default: displaySupplementaryViewsOnEmptySection
        }
    }
}
