/// A node of an ``OutlineTree``, its item and its children apart: where it sits, whether its
/// children are open and read, and whether it passes the tree's filter. 16 bytes: a tree of a
/// million items holds a million of them.
///
/// Indices are `Int32`: a tree holds fewer than 2³¹ nodes (``OutlineTree`` stops the process
/// at the limit), so no count or index of its nodes or rows can pass `Int32.max`.
struct OutlineNode: Sendable {
    var parent: Int32
    var indexInParent: Int32 = 0
    /// The node's ``OutlineChildList`` in its tree; -1 while it never had children.
    var childList: Int32 = -1
    /// The level + 1 in the top 24 bits (the root's level is -1), the flags in the low 8.
    private var packed: UInt32

    /// The deepest level a node may have: the level is kept in 24 bits.
    static let maximumLevel = (1 << 24) - 2

    private static let hasItemFlag: UInt32 = 1
    private static let expandedFlag: UInt32 = 2
    private static let failsFilterFlag: UInt32 = 4
    /// Two bits: ``OutlineChildrenState`` without a failure's message (the tree keeps those).
    private static let childrenStateShift: UInt32 = 3

    init(hasItem: Bool, parent: Int, isExpanded: Bool, level: Int) {
        self.parent = Int32(parent)
        packed = UInt32(level + 1) << 8
        self.hasItem = hasItem
        self.isExpanded = isExpanded
    }

    /// The root of a tree: no item, always expanded.
    static let root = OutlineNode(hasItem: false, parent: -1, isExpanded: true, level: -1)
    /// A free slot.
    static let free = OutlineNode(hasItem: false, parent: -1, isExpanded: false, level: -1)

    /// False for the root, a status row and a free slot.
    var hasItem: Bool {
        get { packed & Self.hasItemFlag != 0 }
        set { set(Self.hasItemFlag, newValue) }
    }

    var isExpanded: Bool {
        get { packed & Self.expandedFlag != 0 }
        set { set(Self.expandedFlag, newValue) }
    }

    /// Whether the item passes the tree's filter; true without one.
    var passesFilter: Bool {
        get { packed & Self.failsFilterFlag == 0 }
        set { set(Self.failsFilterFlag, !newValue) }
    }

    /// 0 for top-level items, -1 for the root.
    var level: Int { Int(packed >> 8) - 1 }

    /// Whether the children are read, a failure's message apart.
    var childrenStateKind: OutlineChildrenState.Kind {
        get { OutlineChildrenState.Kind(rawValue: UInt8((packed >> Self.childrenStateShift) & 3))! }
        set { packed = packed & ~(3 << Self.childrenStateShift) | UInt32(newValue.rawValue) << Self.childrenStateShift }
    }

    /// A status row's node: the one child of an item whose children are loading or failed to
    /// load. It has no item and is no item's node.
    var isStatus: Bool { !hasItem && parent >= 0 }

    private mutating func set(_ flag: UInt32, _ on: Bool) {
        packed = on ? packed | flag : packed & ~flag
    }
}

extension OutlineChildrenState {
    /// The state without a failure's message: what a node keeps in two bits.
    enum Kind: UInt8 {
        case loaded, unloaded, loading, failed
    }

    var kind: Kind {
        switch self {
        case .loaded: .loaded
        case .unloaded: .unloaded
        case .loading: .loading
        case .failed: .failed
        }
    }
}
