/// A stored model that stands for another one in events: a declared row's item presents the
/// model the user declared. Reactions typed for the presented model get it; reactions typed
/// for the stored model (the declarative events' own) get the stored one.
@MainActor
protocol PresentingModel {
    var presentedModel: Any { get }
}

/// `model`, or the model it presents.
@MainActor
func presentedModel(of model: Any) -> Any {
    (model as? any PresentingModel)?.presentedModel ?? model
}
