extension Array {
    /// The elements as `Any`, the form storages keep models in.
    ///
    /// The storage's API takes typed arrays for this: wrapping them here copies each element
    /// into an existential, where passing a `[Post]` as `[Any]` would cast each at run time
    /// (CONTRIBUTING, Hot paths: 7). A `[Any]` is returned as it is.
    var asAnyModels: [Any] {
        if Element.self == Any.self { return unsafeBitCast(self, to: [Any].self) }
        // Never `unsafeUninitializedCapacity: 0`: it writes the count of the runtime's shared
        // empty-array storage, racing with other threads (ThreadSanitizer reports it).
        if isEmpty { return [] }
        // Written out rather than `map`: Hot paths: 7.
        return withUnsafeBufferPointer { elements in
            [Any](unsafeUninitializedCapacity: elements.count) { models, initialized in
                for index in elements.indices {
                    (models.baseAddress! + index).initialize(to: elements[index])
                }
                initialized = elements.count
            }
        }
    }
}
