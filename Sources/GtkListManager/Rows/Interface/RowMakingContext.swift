/// What a mapping hands to ``ListRow/makeRow(_:)``: the GtkBuilder definition it names, if
/// any, and its cache of loaded definitions (each `.ui` file is read once per mapping, then
/// instantiated per row).
@MainActor
public struct RowMakingContext {
    /// The definition the mapping names instead of the row class's own, if any.
    public let resource: InterfaceResource?
    let definitions: DefinitionCache

    /// A fresh instance of `resource`'s definition.
    public func instantiate(_ resource: InterfaceResource) throws(RowInterfaceError) -> RowInterface {
        try RowInterface(definition: definitions.definition(of: resource), resource: resource.description)
    }
}

/// The definitions a mapping has read, by resource, failures included (they are not retried).
@MainActor
final class DefinitionCache {
    private var loaded: [InterfaceResource: Result<String, RowInterfaceError>] = [:]

    func definition(of resource: InterfaceResource) throws(RowInterfaceError) -> String {
        if loaded[resource] == nil {
            loaded[resource] = Result { () throws(RowInterfaceError) in try resource.loadDefinition() }
        }
        return try loaded[resource]!.get()
    }
}
