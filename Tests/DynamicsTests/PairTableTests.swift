import Testing
@testable import Dynamics

@Suite struct PairTableTests {
    /// The table must agree with a set through any mix of inserts, repeated inserts and removals
    /// (backward-shift deletion is easy to get wrong at cluster boundaries).
    @Test func agreesWithASetUnderRandomOperations() {
        var table = PairTable(capacity: 4)
        var reference = Set<UInt64>()
        var random = Operations(state: 42)
        for _ in 0..<20_000 {
            guard let key = random.key() else { continue }
            if random.next() % 3 == 0 {
                table.remove(key)
                reference.remove(key)
            } else {
                table.insert(key)
                reference.insert(key)
            }
        }
        Self.expectAgreement(table, reference)
    }

    /// The same through one probe per insertion (the contact set's `addPair`): a probe finds
    /// exactly the keys the table holds, a key added where its probe ended is found afterwards,
    /// also when the table grew to take it, and a probe not followed by an insertion (a pair
    /// the contact cap refuses) adds nothing.
    @Test func oneProbePerInsertionAgreesWithASet() {
        var table = PairTable(capacity: 4)
        var reference = Set<UInt64>()
        var random = Operations(state: 7)
        for _ in 0..<20_000 {
            guard let key = random.key() else { continue }
            let probe = table.probe(key)
            #expect(probe.found == reference.contains(key))
            switch random.next() % 4 {
            case 0:
                table.remove(key)
                reference.remove(key)
            case 1:
                break
            default:
                if !probe.found {
                    table.insert(key, at: probe)
                    reference.insert(key)
                }
            }
        }
        Self.expectAgreement(table, reference)
    }

    /// Random pair keys of 300 shapes and the choices between operations (a linear congruential
    /// generator, so a failure replays).
    struct Operations {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        /// A pair's key, lower id in the low half; nil for a shape paired with itself.
        mutating func key() -> UInt64? {
            let a = next() % 300, b = next() % 300
            return a == b ? nil : max(a, b) << 32 | min(a, b)
        }
    }

    static func expectAgreement(_ table: PairTable, _ reference: Set<UInt64>) {
        #expect(table.count == reference.count)
        for a in 0..<300 as Range<UInt64> {
            for b in 0..<a {
                let key = a << 32 | b
                #expect(table.contains(key) == reference.contains(key))
            }
        }
    }
}
