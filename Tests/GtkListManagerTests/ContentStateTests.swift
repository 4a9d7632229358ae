import CGtk
import GtkListManager
import GtkListManagerTesting
import ModelStorage
import XCTest

/// Loading and failure beside the empty placeholder, on every host, read from GTK: what is
/// mapped in the list's widget, the spinner running, the message, the retry button clicked.
final class ContentStateTests: XCTestCase {
    func testLoadingShowsNothingBeforeTheDelayThenASpinnerUntilReady() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.loadingShowsASpinnerAfterTheDelay(kind) }
        }
    }

    @MainActor private static func loadingShowsASpinnerAfterTheDelay(_ kind: HostKind) throws {
        let shown = kind.makeShownManager()
        defer { shown.list.close() }
        let empty = gtk_label_new("Nothing here")!
        shown.manager.setPlaceholder(empty)
        shown.list.settleFrame()
        XCTAssertEqual(mappedTexts(in: shown.manager.widget), ["Nothing here"], "\(kind): the empty placeholder")

        shown.manager.loadingIndicatorDelay = 0.2
        shown.manager.contentState = .loading
        shown.list.settleFrame()
        XCTAssertEqual(mappedTexts(in: shown.manager.widget), [], "\(kind): nothing says 'nothing here' while loading")
        XCTAssertNil(shown.manager.contentStateText)
        XCTAssertTrue(
            GtkRuntime.iterate(until: { mappedTexts(in: shown.manager.widget) == ["Loading…"] }, timeout: .seconds(5)),
            "\(kind): \(mappedTexts(in: shown.manager.widget))")
        XCTAssertEqual(mappedSpinnersRunning(in: shown.manager.widget), 1, "\(kind)")

        shown.manager.contentState = .ready
        shown.list.settleFrame()
        XCTAssertEqual(mappedTexts(in: shown.manager.widget), ["Nothing here"], "\(kind): the empty placeholder is back")
        XCTAssertEqual(mappedSpinnersRunning(in: shown.manager.widget), 0, "\(kind)")
    }

    func testALoadFasterThanTheDelayNeverShowsTheSpinner() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let shown = HostKind.virtualizedList.makeShownManager()
            defer { shown.list.close() }
            shown.manager.loadingIndicatorDelay = 0.3
            shown.manager.contentState = .loading
            shown.storage.addItems([1, 2, 3])
            shown.manager.contentState = .ready
            // Past the delay: the timeout was cancelled with the state it belonged to.
            let end = ContinuousClock.now + .milliseconds(500)
            _ = GtkRuntime.iterate(until: { ContinuousClock.now >= end })
            XCTAssertEqual(mappedSpinnersRunning(in: shown.manager.widget), 0)
            XCTAssertEqual(shown.lines(), ["item 1", "item 2", "item 3"])
        }
    }

    func testAFailureShowsItsMessageAndARetryButtonThatRetries() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.failureRetries(kind) }
        }
    }

    @MainActor private static func failureRetries(_ kind: HostKind) throws {
        let shown = kind.makeShownManager()
        defer { shown.list.close() }
        var retries = 0
        shown.manager.contentState = .failed(message: "The folder /nonexistent does not exist.", retry: { retries += 1 })
        shown.list.settleFrame()
        XCTAssertEqual(
            mappedTexts(in: shown.manager.widget), ["The folder /nonexistent does not exist.", "Try Again"], "\(kind)")
        XCTAssertEqual(shown.manager.contentStateText, "The folder /nonexistent does not exist.")
        let button = try XCTUnwrap(mappedButtons(in: shown.manager.widget).first, "\(kind)")
        gtk_button_clicked(gcast(button))
        XCTAssertEqual(retries, 1, "\(kind)")

        // Rows that come replace the state; without a retry there is no button.
        shown.manager.contentState = .failed(message: "Offline")
        shown.list.settleFrame()
        XCTAssertEqual(mappedTexts(in: shown.manager.widget), ["Offline"], "\(kind)")
        shown.storage.addItems([7])
        XCTAssertEqual(shown.lines(), ["item 7"], "\(kind)")
        XCTAssertFalse(mappedTexts(in: shown.manager.widget).contains("Offline"), "\(kind): rows replace the state")
    }
}

/// The texts of the mapped labels under `widget`, the rows' labels left out.
@MainActor
private func mappedTexts(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    MappedWidgets(under: widget).labelTexts.filter { !$0.hasPrefix("item ") }
}

@MainActor
private func mappedSpinnersRunning(in widget: UnsafeMutablePointer<GtkWidget>) -> Int {
    MappedWidgets(under: widget).runningSpinners.count
}

@MainActor
private func mappedButtons(in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    MappedWidgets(under: widget).buttons
}
