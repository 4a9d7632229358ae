#if canImport(FoundationEssentials)
    @_exported import struct FoundationEssentials.IndexPath
#else
    @_exported import struct Foundation.IndexPath
#endif

// On Apple platforms UIKit adds `item` and `section` to Foundation's IndexPath. On Linux nothing
// does, so the list vocabulary users know from DTTableViewManager is provided here.
#if !canImport(UIKit)
    extension IndexPath {
        /// An index path that addresses `item` in `section`: the position of one model in a storage.
        @inlinable
        public init(item: Int, section: Int) {
            // Appending to a one-index path builds the two-index form without an array allocation.
            self.init(index: section)
            append(item)
        }

        /// The section of the index path (its first index).
        @inlinable
        public var section: Int {
            get { self[0] }
            set { self[0] = newValue }
        }

        /// The item within the section (the second index).
        @inlinable
        public var item: Int {
            get { self[1] }
            set { self[1] = newValue }
        }
    }
#endif

extension IndexPath {
    /// True for an (item, section) pair with no negative index: something that can address a
    /// position in a storage. Storages and the list manager refuse any other index path (three
    /// indices, one, none, a negative one) instead of reading its first two.
    package var isItemPosition: Bool {
        count == 2 && self[0] >= 0 && self[1] >= 0
    }

    /// A compact rendering, `s1.i4` (section 1, item 4), used by change-set and anomaly
    /// descriptions.
    package var shortDescription: String {
        count == 2 ? "s\(section).i\(item)" : description
    }
}
