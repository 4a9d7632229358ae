import CGtk
import GtkListManager
import XCTest

@testable import PackageViewer

/// `--synthetic N --live`: every row's reading changes ten times a second, and the rows on screen
/// show each row's latest reading, read back from their labels.
final class LiveFeedTests: XCTestCase {
    /// The text of each bound item row's label, by its reading's row number.
    @MainActor private static func shownReadings(_ viewer: BigListWindow) -> [Int: String] {
        var texts: [Int: String] = [:]
        viewer.host.forEachBoundRow { _, row in
            guard let reading = row.model as? LiveReading else { return }
            texts[reading.number] = String(cString: gtk_label_get_text(gcast(row.view.widget)))
        }
        return texts
    }

    func testTheRowsOnScreenShowTheLatestReadings() throws {
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let viewer = BigListWindow(source: LiveSyntheticSource(count: 2_000))
            gtk_widget_show_all(viewer.window)
            defer { gtk_widget_destroy(viewer.window) }
            XCTAssertTrue(GtkRuntime.iterate(until: { !Self.shownReadings(viewer).isEmpty }))
            let first = Self.shownReadings(viewer)
            XCTAssertEqual(first[0], LiveReading.at(0, number: 0).text)

            viewer.startLiveFeed()
            let feed = try XCTUnwrap(viewer.liveFeed)
            XCTAssertTrue(GtkRuntime.iterate(until: { feed.ticks >= 3 }, timeout: .seconds(20)))
            let shown = Self.shownReadings(viewer)
            XCTAssertTrue(Set(first.keys).isSubset(of: shown.keys), "the rows on screen still bound")
            for (number, text) in shown {
                XCTAssertEqual(text, LiveReading.at(feed.ticks, number: number).text, "row \(number)")
            }
            for (number, text) in first { XCTAssertNotEqual(shown[number], text, "row \(number) changed") }
            XCTAssertEqual(viewer.anomalies.map(\.description), [])
        }
    }
}
