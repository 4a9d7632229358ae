import ModelStorage

/// Trees the outline suites share.
@MainActor
enum OutlineFixtures {
    /// t1 ▸ t11, t12; t2; nothing open; one section, "T".
    static func twoRoots() -> OutlineStorage<String, String> {
        var outline = OutlineSnapshot<String>()
        outline.append(["t1", "t2"])
        outline.append(["t11", "t12"], to: "t1")
        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "T")
        return storage
    }
}
