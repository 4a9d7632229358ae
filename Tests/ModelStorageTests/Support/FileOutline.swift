import ModelStorage

/// The tree most outline specifications start from: home ▸ docs ▸ a, b; home ▸ music;
/// etc ▸ hosts; nothing expanded.
func fileOutline() -> OutlineSnapshot<String> {
    var outline = OutlineSnapshot<String>()
    outline.append(["home", "etc"])
    outline.append(["docs", "music"], to: "home")
    outline.append(["a", "b"], to: "docs")
    outline.append(["hosts"], to: "etc")
    return outline
}
