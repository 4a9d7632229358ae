import ModelStorage

// The selection events as `AsyncStream`s: one `selectionDidChange` observer, registered with the
// first stream, sends each change to every stream open then.
extension ListManager {
    /// The selections the user makes from now on, as a stream: each element is the selected
    /// items' index paths in list order, after a change the user made (any selection mode), as
    /// ``selectionDidChange(_:)`` reports them. Changes made by code are not in it.
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await selected in manager.selectionChanges() {
    ///         deleteButton.isSensitive = !selected.isEmpty
    ///     }
    /// }
    /// ```
    ///
    /// Every change arrives, in order: changes wait in the stream until it is read. Many streams
    /// may be open at once. A stream whose loop ends, or whose task is cancelled, is let go at
    /// once; all of them finish when the manager goes.
    public func selectionChanges() -> AsyncStream<[IndexPath]> {
        checkConfinement()
        return selectionStreams.makeStream { $0 }
    }

    /// The selections the user makes from now on, as a stream of the selected models of type
    /// `Model` (others are left out) and their index paths, in list order, as
    /// ``selectionDidChange(of:_:)`` reports them.
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await (packages, _) in manager.selectionChanges(of: Package.self) {
    ///         details.show(packages.first)
    ///     }
    /// }
    /// ```
    ///
    /// The models are read when the selection changes, so a change of the storage before the
    /// element is read does not change them; they are `Sendable`, as a stream's elements may be
    /// read in any task. Streams come and go as ``selectionChanges()``'s do.
    public func selectionChanges<Model: Sendable>(of modelType: Model.Type) -> AsyncStream<(models: [Model], indexPaths: [IndexPath])> {
        checkConfinement()
        return selectionStreams.makeStream { [weak self] selected in
            var models: [Model] = [], indexPaths: [IndexPath] = []
            for indexPath in selected {
                guard let model = self?.shownModel(at: .item(indexPath)) as? Model else { continue }
                models.append(model)
                indexPaths.append(indexPath)
            }
            return (models: models, indexPaths: indexPaths)
        }
    }

    /// How many selection streams are open.
    var openSelectionStreamCount: Int { selectionEvents.streams?.openCount ?? 0 }

    /// The selection's streams, made and fed by one observer the first time.
    private var selectionStreams: StreamFanOut<[IndexPath]> {
        let source = selectionEvents
        if let streams = source.streams { return streams }
        let streams = StreamFanOut<[IndexPath]>()
        source.selectionObservers.append { streams.send($0) }
        source.streams = streams
        return streams
    }

    private var selectionEvents: SelectionEvents {
        features.require(.selectionDidChange, as: SelectionEvents.self)
    }
}
