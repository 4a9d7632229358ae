import CGtk
import Foundation
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

@testable import PackageViewer

/// The packages table's columns in the settings file: what the user made of them with real input
/// (a drag of a header's edge, the header's menu, header clicks) written to a temporary file and
/// restored by a new window; files that cannot be used give the declared columns and a message.
final class ColumnSettingsTests: XCTestCase {
    func testTheColumnsAreSavedAndANewWindowRestoresThem() throws {
        try MainActor.assumeIsolated { try Self.savedAndRestored() }
    }

    @MainActor private static func savedAndRestored() throws {
        let folder = try TemporaryFolder()
        // Neither the file nor its folders exist yet.
        let file = folder.url.appendingPathComponent("config/package-viewer/settings.json").path
        let first = try ShownViewer(settingsFile: file)
        let table = first.table
        let versionWidth = try XCTUnwrap(table.headers.first { $0.title == "Version" }?.width)

        let version = try table.headerButton("Version")
        first.input.dragSideways(version, fromX: gtk_widget_get_allocated_width(version) - 2, by: -40)
        try first.table.choose("Section", fromMenuOf: "Name")
        try first.table.choose("Move Left", fromMenuOf: "Description")
        first.input.click(try table.headerButton("Size"))
        first.input.click(try table.headerButton("Size"))
        XCTAssertTrue(first.waitForStorage())

        let shown = table.headers
        XCTAssertEqual(shown.map(\.title), ["", "Name", "Version", "Size", "Description", "Share"])
        XCTAssertEqual(shown[2].width, versionWidth - 40, "the drag narrowed Version")
        let state = first.viewer.table.state
        XCTAssertEqual(state.sort, [SortKey("size", ascending: false)])
        XCTAssertEqual(state.hidden, ["section"])
        let saved = try JSONDecoder().decode(ViewerSettings.Contents.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        XCTAssertEqual(saved.packageColumns, state, "the file holds the state as it is now")
        for folder in [folder.url.appendingPathComponent("config"), folder.url.appendingPathComponent("config/package-viewer")] {
            let permissions = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
            XCTAssertEqual(permissions, 0o700, "\(folder.path) made private, as the XDG specification asks")
        }
        first.close()

        let second = try ShownViewer(settingsFile: file)
        defer { second.close() }
        XCTAssertEqual(second.table.headers.map(\.title), shown.map(\.title), "the same columns, in the same order")
        XCTAssertEqual(second.table.headers.map(\.width), shown.map(\.width), "of the same widths")
        XCTAssertEqual(second.viewer.table.state, state)
        XCTAssertEqual(second.table.sortArrow(of: "Size"), "pan-up-symbolic")
        XCTAssertEqual(gtk_combo_box_get_active_id(gcast(second.viewer.orderSwitch)).map { String(cString: $0) }, "size")
        // The rows follow: cells in the headers' order, packages sorted largest first.
        let apt = try XCTUnwrap(second.table.cells(of: "apt:amd64"))
        XCTAssertEqual(apt, ["", "apt", "2.6.1", "4.1 MB", "commandline package manager", ""])
        XCTAssertEqual(second.table.column("Size", inSection: "admin").first, "4.1 MB")
    }

    func testACorruptSettingsFileGivesTheDeclaredColumnsAndAMessage() throws {
        try MainActor.assumeIsolated {
            let folder = try TemporaryFolder()
            let file = folder.url.appendingPathComponent("settings.json").path
            let garbage = Data(#"{"packageColumns": {"order": ["name", "#.utf8)
            try garbage.write(to: URL(fileURLWithPath: file))
            var messages: [String] = []
            let shown = try ShownViewer(settingsFile: file, reportingSettingsProblems: { messages.append($0) })
            defer { shown.close() }

            XCTAssertEqual(messages.count, 1, "\(messages)")
            let message = try XCTUnwrap(messages.first)
            XCTAssertTrue(
                message.contains(file) && message.contains("is not valid") && message.hasSuffix("using the default columns"), message)
            XCTAssertEqual(shown.table.headerTitles, ["", "Name", "Version", "Size", "Share", "Section", "Description"])
            XCTAssertEqual(shown.viewer.table.sort, [SortKey("name")])
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), garbage, "opening leaves the file as it was")

            // The next change replaces it with what the viewer can read.
            shown.input.click(try shown.table.headerButton("Version"))
            let saved = try JSONDecoder().decode(ViewerSettings.Contents.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
            XCTAssertEqual(saved.packageColumns?.sort, [SortKey("version")])
            XCTAssertEqual(messages.count, 1)
        }
    }

    func testAnUnreadableSettingsFileGivesTheDeclaredColumnsAndFailedWritesAreReportedOnce() throws {
        try MainActor.assumeIsolated {
            let folder = try TemporaryFolder()
            // A folder where the file should be: it can be neither read nor replaced.
            let file = folder.url.appendingPathComponent("settings.json")
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            var messages: [String] = []
            let shown = try ShownViewer(settingsFile: file.path, reportingSettingsProblems: { messages.append($0) })
            defer { shown.close() }
            XCTAssertEqual(messages.count, 1, "\(messages)")
            XCTAssertTrue(messages[0].hasPrefix("cannot read the settings file \(file.path)"), messages[0])
            XCTAssertEqual(shown.table.headerTitles, ["", "Name", "Version", "Size", "Share", "Section", "Description"])

            shown.input.click(try shown.table.headerButton("Version"))
            shown.input.click(try shown.table.headerButton("Version"))
            XCTAssertEqual(shown.viewer.table.sort, [SortKey("version", ascending: false)], "the window goes on")
            XCTAssertEqual(messages.count, 2, "\(messages)")
            XCTAssertTrue(messages.last?.hasPrefix("cannot save the settings file \(file.path)") ?? false, "\(messages)")
        }
    }

    func testAHandEditedFileCannotHideTheNamesOrSortByWhatDoesNotSort() throws {
        try MainActor.assumeIsolated {
            let folder = try TemporaryFolder()
            let file = folder.url.appendingPathComponent("settings.json")
            let edited = ColumnState(
                order: ["size", "name"], hidden: ["name", "version", "gone"], sort: [SortKey("section"), SortKey("gone")])
            try JSONEncoder().encode(ViewerSettings.Contents(packageColumns: edited)).write(to: file)
            let shown = try ShownViewer(settingsFile: file.path)
            defer { shown.close() }
            XCTAssertEqual(
                shown.table.headerTitles, ["Size", "Name", "", "Share", "Section", "Description"], "the order and Version hidden kept")
            XCTAssertEqual(shown.viewer.table.sort, [SortKey("name")], "the section sorts nothing: by name")
            XCTAssertEqual(shown.table.sortArrow(of: "Name"), "pan-down-symbolic")
        }
    }

    func testTheViewerSaysOnStandardErrorThatItUsesTheDeclaredColumns() throws {
        let viewer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("package-viewer")
        guard FileManager.default.isExecutableFile(atPath: viewer.path) else { throw XCTSkip("no package-viewer beside the tests") }
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("no X display: run under xvfb-run -a") }
        let folder = try TemporaryFolder()
        let settings = folder.url.appendingPathComponent("settings.json")
        try Data("not json at all".utf8).write(to: settings)
        let process = Process()
        process.executableURL = viewer
        let picture = folder.url.appendingPathComponent("viewer.png").path
        process.arguments = [
            "--status-file", BundledSample.path, "--settings", settings.path, "--favourites-file",
            folder.url.appendingPathComponent("favourites.sqlite").path, "--screenshot", picture,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: picture), "the window rendered all the same")
        XCTAssertTrue(
            stderr.hasPrefix("package-viewer: the settings file \(settings.path) is not valid (")
                && stderr.contains("using the default columns\n"), stderr)
    }

    func testTwoWindowsOpenAtOnceKeepEachOthersColumns() throws {
        try MainActor.assumeIsolated {
            let folder = try TemporaryFolder()
            let file = folder.url.appendingPathComponent("settings.json").path
            let packages = ViewerSettings(path: file), files = ViewerSettings(path: file)
            let packageColumns = ColumnState(order: ["size", "name"], sort: [SortKey("size", ascending: false)])
            let fileColumns = ColumnState(order: ["name", "modified"], widths: ["name": 300], hidden: ["size"])

            packages.savePackageColumns(packageColumns)
            files.saveFileColumns(fileColumns)
            let saved = try JSONDecoder().decode(ViewerSettings.Contents.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
            XCTAssertEqual(saved, ViewerSettings.Contents(packageColumns: packageColumns, fileColumns: fileColumns))

            packages.savePackageColumns(ColumnState(order: ["name", "size"]))
            XCTAssertEqual(ViewerSettings(path: file).contents.fileColumns, fileColumns, "the other window's columns stay")
        }
    }

    func testTheDefaultSettingsFileIsInTheXDGConfigHome() {
        XCTAssertEqual(
            ViewerSettings.defaultPath(environment: ["XDG_CONFIG_HOME": "/config", "HOME": "/home/ann"]),
            "/config/package-viewer/settings.json")
        XCTAssertEqual(
            ViewerSettings.defaultPath(environment: ["HOME": "/home/ann"]), "/home/ann/.config/package-viewer/settings.json",
            "unset: ~/.config")
        XCTAssertEqual(
            ViewerSettings.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/ann"]),
            "/home/ann/.config/package-viewer/settings.json", "empty: ~/.config")
        XCTAssertEqual(
            ViewerSettings.defaultPath(environment: ["XDG_CONFIG_HOME": "config", "HOME": "/home/ann"]),
            "/home/ann/.config/package-viewer/settings.json", "relative: ignored, as the specification says")
    }

    func testTheSettingsAndSortOptions() throws {
        let command = try PackageViewerCommand.parse(["--settings", "/tmp/settings.json", "--sort", "version"])
        XCTAssertEqual(command.settingsFile, "/tmp/settings.json")
        XCTAssertEqual(command.sort, .version)
        XCTAssertNil(try PackageViewerCommand.parse([]).sort, "no --sort: the saved sort")
    }
}

/// A temporary folder for one test's files, removed with it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("package-viewer-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
