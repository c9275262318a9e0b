// The actions that speak to the player or end the scene, and the animation a rule starts.
import SceneFormat
import Scenes

extension ActionDescription.Animate: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        guard let target = c.item(item) else { return [] }
        var animation = AnimationDescription(item: target.id, to: to)
        animation.duration = duration
        animation.curve = curve
        c.session.addAnimation(animation)
        return itemField(target) + [("duration", HeadlessJSON.number(duration))]
    }
}

extension ActionDescription.Message: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        let text = c.runner.filling(text)
        c.session.post(text)
        return [("text", HeadlessJSON.string(text))]
    }
}

extension ActionDescription.Bell: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        c.runner.bells += 1
        return []
    }
}

extension ActionDescription.Counter: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        let value = c.runner.change(counter, by: by, to: to)
        return [("counter", HeadlessJSON.string(counter)), ("value", HeadlessJSON.number(value))]
    }
}

extension ActionDescription.NextScene: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        c.runner.end(RuleRunner.Ending(result: "next", message: nil))
        return []
    }
}

extension ActionDescription.End: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        let message = self.message.map(c.runner.filling)
        c.runner.end(RuleRunner.Ending(result: result.rawValue, message: message))
        return [("result", HeadlessJSON.string(result.rawValue))] + (message.map { [("message", HeadlessJSON.string($0))] } ?? [])
    }
}
