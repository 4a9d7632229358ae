/// A storage whose observers an ``UpdateBroadcaster`` keeps: adopting it gives the three
/// requirements of ``ObservableStorage``, so a storage of your own only delivers its updates.
///
/// ```swift
/// final class TagStorage: BroadcastingStorage {
///     let broadcaster = UpdateBroadcaster()
///     // After changing the models: broadcaster.deliver(.changes(changeSet), from: self)
/// }
/// ```
@MainActor
public protocol BroadcastingStorage: ObservableStorage {
    /// The storage's observers and the updates on their way to them. Only the storage itself
    /// delivers through it.
    var broadcaster: UpdateBroadcaster { get }
    /// What the transaction open now will deliver when it ends, for observers that read models
    /// through the storage (``ObservableStorage/updatesNotDelivered(to:)``); nil when none is
    /// open. Default: nil.
    var openTransactionUpdate: StorageUpdate? { get }
}

extension BroadcastingStorage {
    public var openTransactionUpdate: StorageUpdate? { nil }

    public func addObserver(_ observer: any StorageObserver) {
        broadcaster.add(observer)
    }

    public func removeObserver(_ observer: any StorageObserver) {
        broadcaster.remove(observer)
    }

    public func updatesNotDelivered(to observer: any StorageObserver) -> [StorageUpdate]? {
        broadcaster.updatesNotDelivered(to: observer, openTransaction: openTransactionUpdate)
    }
}
