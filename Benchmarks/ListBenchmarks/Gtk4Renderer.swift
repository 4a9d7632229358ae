/// GTK 4's two renderers under Xvfb. Its default draws with GL, which Mesa's llvmpipe runs on the
/// CPU, in threads the process's CPU counts; cairo draws in software and is the stronger one
/// here. Every GTK 4 peer runs under both, and our ratios are quoted against the stronger.
enum Gtk4Renderer: String, CaseIterable {
    /// GTK's choice: GL, through llvmpipe.
    case gl
    /// `GSK_RENDERER=cairo`.
    case cairo

    /// What the peer's process gets in its environment.
    var environment: [String: String] {
        switch self {
        case .gl: [:]
        case .cairo: ["GSK_RENDERER": "cairo"]
        }
    }

    /// The suffix of a peer's side name under this renderer.
    var sideSuffix: String { "-\(rawValue)" }
}
