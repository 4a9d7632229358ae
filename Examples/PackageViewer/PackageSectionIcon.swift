/// The themed icon the packages table shows before a package's name: a picture of its Debian
/// section's kind, from the symbolic icons every GTK theme has (Adwaita's), so rows of one
/// kind read alike at a glance.
enum PackageSectionIcon {
    /// The icon of packages of `section`; a generic package for sections it does not know.
    static func name(for section: String) -> String {
        // "contrib/libs" and "non-free/libs" are libs.
        let kind = section.split(separator: "/").last.map(String.init) ?? section
        return icons[kind] ?? "package-x-generic-symbolic"
    }

    /// What each section shows, in words for screen readers.
    static func description(for section: String) -> String { "\(section) package" }

    private static let icons: [String: String] = {
        var icons: [String: String] = [:]
        let kinds: [(String, [String])] = [
            ("application-x-addon-symbolic", ["libs", "oldlibs", "libdevel", "introspection"]),
            (
                "applications-engineering-symbolic",
                ["devel", "python", "java", "perl", "javascript", "interpreters", "vcs", "debug", "rust", "golang", "ruby"]
            ),
            ("applications-system-symbolic", ["admin", "otherosfs", "shells", "kernel"]),
            ("applications-utilities-symbolic", ["utils", "misc"]),
            ("video-display-symbolic", ["x11", "gnome", "kde", "xfce"]),
            ("drive-harddisk-symbolic", ["database"]),
            ("text-x-generic-symbolic", ["editors", "text", "tex"]),
            ("system-help-symbolic", ["doc", "localization"]),
            ("network-wired-symbolic", ["net", "web", "mail", "httpd"]),
            ("font-x-generic-symbolic", ["fonts"]),
            ("applications-science-symbolic", ["math", "science"]),
        ]
        for (icon, sections) in kinds {
            for section in sections { icons[section] = icon }
        }
        return icons
    }()
}
