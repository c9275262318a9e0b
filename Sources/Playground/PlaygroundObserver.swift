// PlaygroundObserver: what the playground tells an onlooker as it runs.
//
// The app decides everything itself; an observer is only told, afterwards, what happened, and
// returns nothing the app reads. The app therefore takes the same path with an observer as
// without one: a scene at rest still skips its idle steps without stepping, exactly as on a
// user's screen, and the observer hears of the skip instead of a run of steps. It is given to
// the app at init and kept for the app's life; each call hands it the app, so it need not hold
// the app itself (no cycle). Every method has an empty default, as in UIKit's delegate
// protocols, so an observer implements only what it wants to hear about.
public protocol PlaygroundObserver: AnyObject {
    /// The app ran one step of `session` (its `stepCount` is the step just taken).
    func playgroundApp(_ app: PlaygroundApp, didStep session: SceneSession)

    /// The app moved `session`, which was at rest, from step `from` on to its `stepCount`
    /// without stepping: nothing in the scene changed meanwhile but the time.
    func playgroundApp(_ app: PlaygroundApp, didSkipIdleStepsOf session: SceneSession, from: Int)
}

extension PlaygroundObserver {
    public func playgroundApp(_ app: PlaygroundApp, didStep session: SceneSession) {}
    public func playgroundApp(_ app: PlaygroundApp, didSkipIdleStepsOf session: SceneSession, from: Int) {}
}
