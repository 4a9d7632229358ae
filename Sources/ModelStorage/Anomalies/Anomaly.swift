/// A misuse or inconsistency detected at run time: a bad index path, a missing mapping, a model
/// of the wrong type.
///
/// An anomaly never crashes and never changes data: the request that caused it was refused. It is
/// reported to an ``AnomalyHandler``, which by default logs it through swift-log.
///
/// Every anomaly has two texts:
/// - `description`: short and stable, fit for analytics or a log key;
/// - `debugDescription`: a full sentence explaining what happened and how to fix it.
public protocol Anomaly: Error, Equatable, Sendable, CustomStringConvertible,
    CustomDebugStringConvertible
{}
