import Foundation
import GtkListManager
import XCTest

/// The version the package reports is the changelog's newest release, the one `make api-check`
/// compares with and `Examples/MinimalApp` asks for.
final class ReleaseVersionTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheVersionIsTheChangelogsNewestRelease() throws {
        let changelog = try String(contentsOf: Self.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").compactMap { line -> Substring? in
            guard line.hasPrefix("## ["), let end = line.firstIndex(of: "]") else { return nil }
            let name = line[line.index(line.startIndex, offsetBy: 4)..<end]
            return name == "Unreleased" ? nil : name
        }
        XCTAssertEqual(releases.first.map(String.init), ListManager.version, "CHANGELOG.md's newest release")
    }

    func testTheVersionIsSemantic() {
        let parts = ListManager.version.split(separator: ".", omittingEmptySubsequences: false)
        XCTAssertEqual(parts.count, 3, ListManager.version)
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, ListManager.version)
    }

    func testTheMinimalAppAsksForThisVersion() throws {
        let manifest = try String(
            contentsOf: Self.repository.appendingPathComponent("Examples/MinimalApp/Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("from: \"\(ListManager.version)\"))"), "MinimalApp depends on \(ListManager.version)")
    }
}
