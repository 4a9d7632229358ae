import ModelStorage
import Testing

// The storage scenarios of the DTModelStorage study (anchors-dt.md §4.3, 1–18 and the
// "setItems then addItems" regression of 21), restated for our semantics where they differ:
// mutations apply at once, the log is sequential (each entry relative to the state after the
// previous ones), and invalid requests are refused as a whole with an anomaly.

@Suite("MemoryStorage scenarios: header and footer providers")
@MainActor
struct MemoryStorageHeaderScenarioTests {
    // Scenario 18.
    @Test("Setting header models creates no section and delivers nothing")
    func headerModelsCreateNoSection() {
        let (storage, recorder, _) = observedStorage()

        storage.setSectionHeaderModels([1, 2, 3])

        #expect(storage.numberOfSections == 0)
        #expect(recorder.updates.isEmpty)
    }

    @Test("Header models read back for their section indices even before the sections exist")
    func headerModelsReadBack() {
        let storage = MemoryStorage()

        storage.setSectionHeaderModels([1, 2, 3])

        #expect((0..<3).map { storage.headerModel(forSection: $0) as? Int } == [1, 2, 3])
        #expect(storage.headerModel(forSection: 3) == nil)
    }

    @Test("The supplementary provider answers other kinds while headers and footers come from their own providers")
    func supplementaryProviderAnswersOtherKinds() {
        let storage = MemoryStorage()
        storage.headerModelProvider = { "header \($0)" }
        storage.footerModelProvider = { "footer \($0)" }
        storage.supplementaryModelProvider = { kind, section in "\(kind) \(section) from the general provider" }

        #expect(storage.headerModel(forSection: 1) as? String == "header 1")
        #expect(storage.footerModel(forSection: 1) as? String == "footer 1")
        #expect(
            storage.supplementaryModel(ofKind: "badge", inSection: 1) as? String == "badge 1 from the general provider")
    }

    // Restated: a provider answering nil falls back to the next source instead of hiding it.
    @Test("A provider that answers nil leaves the section without a header unless another source has one")
    func providerAnsweringNilFallsBack() {
        let storage = MemoryStorage()
        storage.headerModelProvider = { _ in "from the provider" }
        #expect(storage.headerModel(forSection: 0) as? String == "from the provider")

        storage.headerModelProvider = { _ in nil }
        #expect(storage.headerModel(forSection: 0) == nil)

        storage.setSectionHeaderModels(["stored"])
        #expect(storage.headerModel(forSection: 0) as? String == "stored")
    }

    @Test("Removing a provider clears what it answered")
    func removingProviderClearsIt() {
        let storage = MemoryStorage()
        storage.footerModelProvider = { _ in "footer" }

        storage.footerModelProvider = nil

        #expect(storage.footerModel(forSection: 0) == nil)
    }
}
