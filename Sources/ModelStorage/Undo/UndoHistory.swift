/// Undo and redo of user actions over storages: the changes each action made, recorded as the
/// steps that take them back by identity, undone and redone through the same storages.
///
/// Track the storages the user changes, then make each user action a group: what the storages
/// report while it is open is one entry of the history, named for a menu ("Undo Delete").
/// `ListManager.undoHistory` groups the list's own user actions (a delete, a move, a drop, an
/// edit) and answers Ctrl+Z and Shift+Ctrl+Z; an app groups its own:
///
/// ```swift
/// let history = UndoHistory()
/// history.track(storage)
/// history.group(named: "Delete") { storage.removeItems(at: selected) }
/// history.undo()  // the items are back where they were
/// ```
///
/// Steps find their items by identity (``ModelIdentity``: `Identifiable`, `Diffable` or
/// `Hashable` models), never by position alone: an undo after a re-sort, a filter or other
/// changes puts a deleted item back after the item it followed, and changes no other item. Only
/// changes made inside a group are recorded; an app's own updates (a feed) between two groups
/// stay. A group that changes what cannot be taken back (sections added or removed, a storage
/// reloaded without a diff, items without an identity) clears the history instead: an undo
/// never restores a wrong state.
///
/// A storage that applies changes later than they are asked for (a `SortedStorage`'s jobs, a
/// database the app writes) reports them as the action that asked for them, even once its group
/// closed: the action is on the stack at once and complete once they applied. An undo or redo
/// asked before then waits for them; its `completion` runs once every storage applied it.
@MainActor
public final class UndoHistory {
    /// One user action: its name and the steps that take it back, storage by storage, in the
    /// order they were recorded.
    private struct Action {
        let name: String
        let token: UndoActionToken
        var changes: [(recorder: UndoRecorder, steps: [UndoStep])] = []
        /// Changes asked for in the action that storages have not applied yet.
        var pending = 0
        var isEmpty: Bool { pending == 0 && changes.allSatisfy(\.steps.isEmpty) }
    }

    /// Where the changes reported now go.
    private enum Recording {
        /// A user action: to the undo stack, clearing what could be redone.
        case action
        /// An undo: to the redo stack.
        case undoing
        /// A redo: to the undo stack, keeping what is left to redo.
        case redoing
    }

    private var undoStack: [Action] = []
    private var redoStack: [Action] = []
    private var recorders: [UndoRecorder] = []
    private var open: (action: Action, recording: Recording, depth: Int)?
    /// An undo or redo asked for while its action's changes were still pending: it runs once
    /// they applied.
    private var waiting: (action: Action, recording: Recording, completion: (([ModelIdentity]) -> Void)?)?
    private var nextToken = 0

    /// How many actions can be undone at most; the oldest go first. Default: 100.
    public var limit: Int {
        didSet { trim() }
    }

    /// Called after what can be undone or redone changed (to update a menu's items).
    public var didChange: (() -> Void)?

    /// An empty history keeping at most `limit` actions.
    public init(limit: Int = 100) {
        self.limit = max(limit, 0)
    }

    // MARK: - Storages

    /// Records the changes of `storage` made inside a group from now on. The history keeps a
    /// copy of the storage's items (it reads what a change's positions meant before it).
    public func track(_ storage: some UndoableStorage) {
        // The copies of storages released since go with their recorders.
        recorders.removeAll { $0.storage == nil }
        guard !recorders.contains(where: { $0.storage === storage }) else { return }
        recorders.append(UndoRecorder(storage, history: self))
    }

    /// Stops recording `storage`'s changes; what was recorded of it is dropped.
    public func stopTracking(_ storage: some UndoableStorage) {
        recorders.removeAll { recorder in
            guard recorder.storage === storage else { return false }
            recorder.stopFollowing()
            return true
        }
        undoStack = undoStack.map { Self.dropping(storage, from: $0) }.filter { !$0.isEmpty }
        redoStack = redoStack.map { Self.dropping(storage, from: $0) }.filter { !$0.isEmpty }
        if let (waitingAction, recording, completion) = waiting {
            // What the storage had still to report will not come: replay what came.
            waiting = nil
            _ = replay(Self.dropping(storage, from: waitingAction), recording: recording, completion: completion)
        }
        didChange?()
    }

    // MARK: - Groups

    /// Runs `body` as one user action named `name`: the changes it makes are one entry of the
    /// history. Groups inside it are part of it.
    @discardableResult
    public func group<Result>(named name: String, _ body: () throws -> Result) rethrows -> Result {
        beginGroup(named: name)
        defer { endGroup() }
        return try body()
    }

    /// Opens a user action named `name` (or, inside one, a part of it); ``endGroup()`` closes it.
    public func beginGroup(named name: String) {
        if let open {
            self.open?.depth = open.depth + 1
        } else {
            open = (newAction(named: name), .action, 1)
        }
    }

    /// Closes the group ``beginGroup(named:)`` opened; the outermost one becomes an entry.
    public func endGroup() {
        if closeGroup() { didChange?() }
    }

    /// Closes a level of the open group; true when an entry was added.
    private func closeGroup() -> Bool {
        guard var current = open else { return false }
        current.depth -= 1
        guard current.depth == 0 else {
            open = current
            return false
        }
        open = nil
        guard !current.action.isEmpty else { return false }
        switch current.recording {
        case .action:
            undoStack.append(current.action)
            redoStack = []
        case .undoing:
            redoStack.append(current.action)
        case .redoing:
            undoStack.append(current.action)
        }
        trim()
        return true
    }

    /// Whether a group is open: the storages' changes are recorded.
    public var isRecording: Bool { open != nil }

    // MARK: - Undo and redo

    /// Whether there is an action to undo.
    public var canUndo: Bool { waiting == nil && !undoStack.isEmpty }
    /// Whether there is an undone action to do again.
    public var canRedo: Bool { waiting == nil && !redoStack.isEmpty }
    /// The name of the action ``undo(completion:)`` takes back ("Delete"), for a menu's "Undo Delete".
    public var undoActionName: String? { undoStack.last?.name }
    /// The name of the action ``redo(completion:)`` does again.
    public var redoActionName: String? { redoStack.last?.name }

    /// Takes the last action back through the storages it changed, as one change of each; it
    /// can be redone. Returns the identities of the items it put back or changed (to select
    /// them); empty when there was nothing to undo. Not while a group is open.
    ///
    /// - Parameter completion: called with those identities once every storage applied the
    ///   undo: at once for a `MemoryStorage`, after its job for a `SortedStorage`; at once with
    ///   none when there was nothing to undo.
    @discardableResult
    public func undo(completion: (@MainActor ([ModelIdentity]) -> Void)? = nil) -> [ModelIdentity] {
        guard open == nil, waiting == nil, let action = undoStack.popLast() else {
            completion?([])
            return []
        }
        return replayWhenComplete(action, recording: .undoing, completion: completion)
    }

    /// Does the last undone action again. Returns the identities of the items it changed back;
    /// `completion` is called with them once every storage applied it.
    @discardableResult
    public func redo(completion: (@MainActor ([ModelIdentity]) -> Void)? = nil) -> [ModelIdentity] {
        guard open == nil, waiting == nil, let action = redoStack.popLast() else {
            completion?([])
            return []
        }
        return replayWhenComplete(action, recording: .redoing, completion: completion)
    }

    /// Forgets every action.
    public func removeAll() {
        let hadActions = canUndo || canRedo
        undoStack = []
        redoStack = []
        if hadActions { didChange?() }
    }

    // MARK: - Recording (UndoRecorder)

    /// Adds the steps that take back a change `recorder`'s storage reported inside the open group.
    func record(_ steps: [UndoStep], by recorder: UndoRecorder) {
        guard !steps.isEmpty else { return }
        open?.action.changes.append((recorder, steps))
    }

    /// A change inside the open group cannot be taken back: the history is cleared (and the
    /// group records nothing more), so that no undo restores a wrong state.
    func cannotRecord() {
        undoStack = []
        redoStack = []
        // An undo waiting for this action's changes will not run: its caller hears of none.
        let abandoned = waiting?.completion
        waiting = nil
        abandoned?([])
        open?.action.changes = []
        didChange?()
    }

    /// The open action, for a change asked for now that a storage applies later and reports with
    /// ``record(_:by:into:)``; nil outside a group. The action waits for it.
    func actionForLaterChange() -> UndoActionToken? {
        open?.action.pending += 1
        return open?.action.token
    }

    /// Adds the steps of a change asked for in the action `token` (see
    /// ``actionForLaterChange()``), wherever the action is now; `steps` nil: it cannot be taken
    /// back, and the history is cleared.
    func record(_ steps: [UndoStep]?, by recorder: UndoRecorder, into token: UndoActionToken) {
        guard let steps else {
            cannotRecord()
            return
        }
        let add = { (action: inout Action) in
            action.pending -= 1
            if !steps.isEmpty { action.changes.append((recorder, steps)) }
        }
        if open?.action.token == token {
            add(&open!.action)
        } else if waiting?.action.token == token {
            add(&waiting!.action)
            if waiting!.action.pending == 0, let (action, recording, completion) = waiting {
                waiting = nil
                _ = replay(action, recording: recording, completion: completion)
            }
        } else if let index = undoStack.lastIndex(where: { $0.token == token }) {
            add(&undoStack[index])
            if undoStack[index].isEmpty { undoStack.remove(at: index) }
        } else if let index = redoStack.lastIndex(where: { $0.token == token }) {
            add(&redoStack[index])
            if redoStack[index].isEmpty { redoStack.remove(at: index) }
        } else {
            // Dropped since (the limit, removeAll): nothing to add to.
            return
        }
        didChange?()
    }

    // MARK: - Private

    private func newAction(named name: String) -> Action {
        nextToken += 1
        return Action(name: name, token: UndoActionToken(id: nextToken))
    }

    /// Replays `action` now, or once its pending changes applied.
    private func replayWhenComplete(
        _ action: Action, recording: Recording, completion: (([ModelIdentity]) -> Void)?
    ) -> [ModelIdentity] {
        guard action.pending == 0 else {
            waiting = (action, recording, completion)
            didChange?()
            return []
        }
        return replay(action, recording: recording, completion: completion)
    }

    private func replay(_ action: Action, recording: Recording, completion: (([ModelIdentity]) -> Void)?) -> [ModelIdentity] {
        open = (newAction(named: action.name), recording, 1)
        // Each storage calls back once it applied its part; the last one calls `completion`.
        let countdown = ReplayCountdown(completion)
        for change in action.changes.reversed() {
            guard let storage = change.recorder.storage else { continue }
            let steps = Array(change.steps.reversed())
            countdown.touched += steps.flatMap(\.touchedIdentities)
            countdown.unfinished += 1
            storage.restore(steps) { countdown.finishOne() }
        }
        _ = closeGroup()
        didChange?()
        countdown.finishOne()
        return countdown.touched
    }

    private func trim() {
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
        if redoStack.count > limit { redoStack.removeFirst(redoStack.count - limit) }
    }

    private static func dropping(_ storage: some UndoableStorage, from action: Action) -> Action {
        var action = action
        // Pending changes are not told apart by storage: none is waited for any more.
        action.pending = 0
        action.changes.removeAll { $0.recorder.storage === storage || $0.recorder.storage == nil }
        return action
    }
}

/// The storages an undo or redo still waits for, and what to call when none is left.
@MainActor
private final class ReplayCountdown {
    var touched: [ModelIdentity] = []
    /// The storages not done yet, and the replay itself until it asked them all.
    var unfinished = 1
    private let completion: (([ModelIdentity]) -> Void)?

    init(_ completion: (([ModelIdentity]) -> Void)?) {
        self.completion = completion
    }

    func finishOne() {
        unfinished -= 1
        if unfinished == 0 { completion?(touched) }
    }
}

extension UndoStep {
    /// The items the step puts back or changes (not those it removes).
    var touchedIdentities: [ModelIdentity] {
        switch self {
        case let .insert(models, _, _, _): models.compactMap(ModelIdentity.init(of:))
        case .remove: []
        case let .move(identity, _, _, _): [identity]
        case let .replace(identity, _): [identity]
        case let .storageDefined(step): step.touchedIdentities
        }
    }
}
