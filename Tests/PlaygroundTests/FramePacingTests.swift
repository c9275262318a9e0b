// Frame pacing on its own: at most one frame per 1/60 s, the frames per second counted over the
// last second, and the "terminal slow" count from 3 drops within a second (never while paused).
import Testing
@testable import Playground

@Suite("Frame pacing")
struct FramePacingTests {
    @Test("after a frame at 1 s the next is due at 1 + 1/60 s, not before")
    func oneFramePerSixtieth() {
        var frames = FramePacing()
        #expect(frames.isDue(at: 0))
        frames.drew(at: 1, counted: true)
        #expect(!frames.isDue(at: 1.01))
        #expect(abs(frames.untilDue(at: 1.01) - (1.0 / 60 - 0.01)) < 1e-12)
        #expect(frames.isDue(at: 1 + 1.0 / 60))
        frames.dropped(at: 2)   // a dropped frame waits its turn too
        #expect(!frames.isDue(at: 2.01))
    }

    @Test("frames per second: the frames of the last second, at most 60; uncounted frames do not count")
    func framesPerSecond() {
        var frames = FramePacing()
        for k in 0..<90 { frames.drew(at: Double(k) / 90, counted: true) }
        #expect(frames.framesPerSecond == 60)
        frames.drew(at: 1.5, counted: true)
        #expect(frames.framesPerSecond == 45)   // 0.5 < t ≤ 1.5: the last 44 of the 90, and this one
        frames.drew(at: 1.6, counted: false)
        #expect(frames.framesPerSecond == 45)
    }

    @Test("3 drops within a second say the terminal is slow (not while paused); as one leaves the second the line is due again")
    func slowTerminal() {
        var frames = FramePacing()
        frames.dropped(at: 0)
        frames.dropped(at: 0.1)
        frames.ageDrops(at: 0.15, paused: false)
        #expect(frames.droppedFrames == nil)
        frames.dropped(at: 0.2)
        frames.ageDrops(at: 0.25, paused: true)
        #expect(frames.droppedFrames == nil)
        frames.ageDrops(at: 0.25, paused: false)
        #expect(frames.droppedFrames == 3)
        #expect(frames.nextDropExpiry == 1)
        let early = frames.dropLeftTheSecond(at: 0.99)
        #expect(!early)
        let left = frames.dropLeftTheSecond(at: 1.05)
        #expect(left)
        frames.ageDrops(at: 1.05, paused: false)
        #expect(frames.droppedFrames == nil)   // two left in the last second
    }
}
