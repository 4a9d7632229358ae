import FuzzDriver
import PackageViewerFiles

/// The sample viewer's parser of dpkg's status file on any bytes: it never stops the process;
/// every package it gives is installed (`install ok installed`) with a name, and no field of it
/// holds a line break or starts or ends with a whitespace scalar; every dependency names packages
/// (none empty, none with a separator, a version or a qualifier in it). Written back as a status
/// file, stanza by stanza, the packages parse to the same packages: what the parser reads is
/// what a well-formed stanza says.
@main
enum DpkgFuzz: FuzzTarget {
    static func check(_ input: inout FuzzInput) {
        let text = String(decoding: input.remainingBytes(), as: UTF8.self)
        let packages = DpkgDatabase.installedPackages(in: text)
        FuzzTrace.note("\(packages.count) packages: \(packages.map(\.id))")
        for package in packages { expectWellFormed(package) }
        let written = packages.map(stanza(of:)).joined(separator: "\n")
        let again = DpkgDatabase.installedPackages(in: written)
        FuzzFailure.require(again == packages, "written back as\n\(written)\nparsed as \(again), not \(packages)")
    }

    private static func expectWellFormed(_ package: InstalledPackage) {
        FuzzFailure.require(!package.name.isEmpty, "a package without a name: \(package)")
        let fields = [package.name, package.architecture, package.version, package.section, package.summary]
        for field in fields {
            FuzzFailure.require(!field.contains("\n"), "a field with a line break: \(field.debugDescription) in \(package)")
            let scalars = field.unicodeScalars
            FuzzFailure.require(
                scalars.first.map { !$0.properties.isWhitespace } ?? true && scalars.last.map { !$0.properties.isWhitespace } ?? true,
                "a field not trimmed: \(field.debugDescription) in \(package)")
        }
        FuzzFailure.require(!package.section.isEmpty, "an empty section: \(package)")
        for entry in package.dependencies {
            FuzzFailure.require(!entry.isEmpty, "an empty dependency in \(package)")
            for name in entry {
                FuzzFailure.require(
                    !name.isEmpty && !name.contains { $0.isWhitespace || ",|(:[".contains($0) },
                    "a dependency name \(name.debugDescription) in \(package)")
            }
        }
    }

    /// The package as dpkg writes its stanza.
    private static func stanza(of package: InstalledPackage) -> String {
        var lines = ["Package: \(package.name)", "Status: install ok installed"]
        if !package.architecture.isEmpty { lines.append("Architecture: \(package.architecture)") }
        if !package.version.isEmpty { lines.append("Version: \(package.version)") }
        lines.append("Section: \(package.section)")
        if let size = package.installedSizeKiB { lines.append("Installed-Size: \(size)") }
        if !package.dependencies.isEmpty {
            lines.append("Depends: " + package.dependencies.map { $0.joined(separator: " | ") }.joined(separator: ", "))
        }
        if !package.summary.isEmpty { lines += ["Description: \(package.summary)", " The long description, skipped."] }
        return lines.joined(separator: "\n") + "\n"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { DpkgFuzz.fuzz(data, count) }
