import Foundation
import PackagePlugin

/// Compiles a target's GTK assets in `Resources/<target>` (listed by its
/// `<target>.gresource.xml`) into one GResource bundle with GLib's `glib-compile-resources`, and
/// embeds the bundle in the target as a Swift source. The target registers it at run time, so
/// the assets travel inside the library: nothing to install, nothing to find on disk.
@main
struct GResourceEmbedder: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let folder = package.appending(path: "Resources/\(target.name)")
        let manifest = folder.appending(path: "\(target.name).gresource.xml")
        let assets = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        let bundle = context.pluginWorkDirectoryURL.appending(path: "\(target.name).gresource")
        let source = context.pluginWorkDirectoryURL.appending(path: "EmbeddedGResourceBundle.swift")
        let embedder = package.appending(path: "scripts/embed-gresource.sh")
        return [
            .buildCommand(
                displayName: "Compiling the GResource bundle of \(target.name)",
                executable: try Self.glibCompileResources(),
                arguments: ["--sourcedir", folder.path, "--target", bundle.path, manifest.path],
                inputFiles: assets,
                outputFiles: [bundle]
            ),
            .buildCommand(
                displayName: "Embedding the GResource bundle of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [embedder.path, bundle.path, source.path],
                inputFiles: [bundle, embedder],
                outputFiles: [source]
            ),
        ]
    }

    /// GLib's resource compiler, on the `PATH` (Debian: libglib2.0-dev-bin, which libgtk-3-dev brings).
    private static func glibCompileResources() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders: [String] = path.split(separator: ":").map { String($0) } + ["/usr/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appending(path: "glib-compile-resources")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw GResourceEmbedderError.compilerMissing
    }
}

enum GResourceEmbedderError: Error, CustomStringConvertible {
    case compilerMissing

    var description: String {
        "glib-compile-resources not found on PATH: install GLib's development tools (Debian: apt-get install libglib2.0-dev-bin)"
    }
}
