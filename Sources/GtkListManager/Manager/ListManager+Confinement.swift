import ModelStorage

extension ListManager {
    /// Stops the process with a message naming `call` when it runs off the main actor (the GTK
    /// thread); see ``MainActorConfinement``. Every public entry point that changes the list or
    /// the manager's registrations calls it once, never per row.
    func checkConfinement(_ call: StaticString = #function) {
        MainActorConfinement.check("ListManager.\(call) was called")
    }
}
