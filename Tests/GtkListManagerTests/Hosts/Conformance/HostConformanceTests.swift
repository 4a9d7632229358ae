import CGtk
import GtkListManager
import GtkListManagerTesting
import SeededRandom
import XCTest

/// The four hosts of the package through the host conformance suite (GtkListManagerTesting),
/// the suite a host written outside the package runs too (Examples/MinimalApp).
final class HostConformanceTests: XCTestCase {
    @MainActor private static let hosts: [HostConformance] = [
        HostConformance("ListBoxHost") { ListBoxHost() },
        HostConformance("VirtualListHost") { VirtualListHost() },
        HostConformance("VirtualListHost as a grid") {
            VirtualListHost(gridLayout: VirtualGridLayout(cellSize: GridSize(width: 90, height: 40)))
        },
        HostConformance("FlowBoxGridHost") { FlowBoxGridHost() },
    ]

    @MainActor private static func check(_ body: (HostConformance) -> ConformanceReport) throws {
        try requireGtk()
        for suite in hosts {
            let report = body(suite)
            XCTAssertTrue(report.passed, "\(report)")
        }
    }

    func testRandomChangesShowTheStorageWithSelectionFocusAndBalancedBinding() throws {
        try MainActor.assumeIsolated {
            for seed in SeedCount.seeds(3) {
                try Self.check { suite in
                    var suite = suite
                    suite.seed = seed + 1
                    return suite.checkSplices()
                }
            }
        }
    }

    func testScrollingPlacesRowsAsEachAlignmentSays() throws {
        try MainActor.assumeIsolated { try Self.check { $0.checkScrolling() } }
    }

    func testScreenReadersHearEachRowAsTheManagerDescribesIt() throws {
        try MainActor.assumeIsolated { try Self.check { $0.checkAccessibility() } }
    }

    func testClicksAndKeysAreReportedAsTheUsersSelectionFocusAndActivation() throws {
        try MainActor.assumeIsolated { try Self.check { $0.checkUserInput() } }
    }

    func testEveryWidgetIsFinalizedAfterTheWindowAndTheManagerGo() throws {
        try MainActor.assumeIsolated { try Self.check { $0.checkTeardown() } }
    }
}
