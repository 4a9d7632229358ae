import CGtk
import GtkListManager
import GtkTestSupport
import XCTest

@testable import PackageViewer

/// The viewer's dependency tree (`--dependencies`) over the bundled dpkg sample, read back from
/// the rows GTK shows: a package under each package that needs it, each place opened and
/// selected on its own.
final class DependencyTreeWindowTests: XCTestCase {
    func testDependsFieldsParseIntoAlternatives() {
        XCTAssertEqual(
            DpkgDatabase.dependencies(in: "libc6 (>= 2.34), gpgv | gpgv2:any, python3:any (>= 3.9~) [amd64]"),
            [["libc6"], ["gpgv", "gpgv2"], ["python3"]])
    }

    func testAPackageSitsUnderEveryPackageThatNeedsIt() throws {
        let packages = try PackageSource.load(explicitPath: BundledSample.path).packages
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let viewer = DependencyTreeWindow(packages: packages)
            defer { gtk_widget_destroy(viewer.window) }
            var opened: [String] = []
            viewer.manager.didExpand(InstalledPackage.self) { package, _ in opened.append(package.name) }
            gtk_widget_show_all(viewer.window)
            XCTAssertTrue(viewer.expand(["at-spi2-core"]))
            MainLoop.settle(milliseconds: 100)
            let names = (0..<viewer.manager.rowCount).compactMap { item -> String? in
                (viewer.manager.boundRow(at: IndexPath(item: item, section: 0))?.model as? InstalledPackage)?.name
            }
            XCTAssertEqual(names.filter { $0 == "at-spi2-common" }.count, 2, "at the top and under at-spi2-core: \(names)")
            let top = try XCTUnwrap(names.firstIndex(of: "at-spi2-core"))
            XCTAssertEqual(names[top + 1], "at-spi2-common")
            XCTAssertTrue(viewer.manager.selectItem(at: IndexPath(item: top + 1, section: 0)))
            XCTAssertEqual(
                viewer.manager.selectedIndexPaths, [IndexPath(item: top + 1, section: 0)], "the other at-spi2-common is another row")
            XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
        }
    }
}
