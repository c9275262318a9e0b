// CheckpointThinningTests: once its budget is full, the checkpoint store packs only the
// checkpoints on its 64-step packing grid as they leave the unpacked newest, and drops the rest
// there instead of packing them to drop them later (CheckpointStore.swift). Checkpoints here have
// a 1,000-item crowd's sizes (9 MB whole, 2.7 MB packed) and count their packings.
import Testing
@testable import Dynamics
@testable import Playground

@Suite struct CheckpointThinningTests {
    final class Packings {
        var steps: [Int] = []
    }

    struct Crowdlike: StepCheckpoint {
        let step: Int
        var isPacked = false
        let packings: Packings
        var retainedBytes: Int { isPacked ? 2_700_000 : 9_000_000 }
        func packed(scratch: PackingScratch) -> Crowdlike {
            packings.steps.append(step)
            var p = self
            p.isPacked = true
            return p
        }
    }

    @Test("10 minutes of a crowd's checkpoints: until the budget fills any may be packed, after it only those on the 64-step grid; the first, the newest and the two before the present stay")
    func packsOnlyOnTheGridOnceFull() {
        let packings = Packings()
        let budget = 256 << 20
        let store = CheckpointStore<Crowdlike>(budget: budget)
        for step in stride(from: 0, through: 36000, by: 8) {
            store.add(Crowdlike(step: step, packings: packings))
            #expect(store.bytes <= budget)
        }
        #expect(store.thins)
        // Until the first drop every packed checkpoint is still held, so at most the budget's
        // worth of packed ones were packed off the grid; after it, only the grid's 36,000 / 64.
        let offGrid = packings.steps.filter { $0 % 64 != 0 }
        #expect(offGrid.count <= budget / 2_700_000, "\(offGrid.count) packed off the grid")
        #expect(packings.steps.count <= 36000 / 64 + 1 + budget / 2_700_000, "\(packings.steps.count) packings")
        #expect(Set(packings.steps).count == packings.steps.count, "a checkpoint packed twice")
        let steps = store.checkpoints.map(\.checkpoint.step)
        #expect(steps.first == 0)
        #expect(steps.suffix(3) == [35984, 35992, 36000], "\(steps.suffix(8))")
    }

    @Test("a store whose budget never fills keeps every checkpoint and packs each that leaves the unpacked newest, oldest first")
    func aStoreThatNeverFillsKeepsEveryCheckpoint() {
        let packings = Packings()
        let store = CheckpointStore<Crowdlike>(budget: 1 << 30)
        let offered = Array(stride(from: 0, through: 800, by: 8))
        for step in offered { store.add(Crowdlike(step: step, packings: packings)) }
        #expect(!store.thins)
        #expect(store.checkpoints.map(\.checkpoint.step) == offered)
        // The unpacked newest hold at most a sixteenth of the budget: 7 of 9 MB, the rest packed.
        let unpacked = (1 << 30) / 16 / 9_000_000
        #expect(packings.steps == Array(offered.prefix(offered.count - unpacked)))
    }
}
