/// Names one user action of an ``UndoHistory`` for a storage that applies the changes asked in
/// it later (a job, a database write observed afterwards) and reports their steps then.
package struct UndoActionToken: Hashable, Sendable {
    let id: Int
}
