// SizeTextTests: the one "WxH" grammar every size option reads.
import Testing
@testable import Geometry

@Suite struct SizeTextTests {
    @Test("x, X and × all separate width from height", arguments: ["8x16", "8X16", "8×16"])
    func separators(text: String) throws {
        #expect(try Size(parsing: text) == Size(8, 16))
    }

    @Test func fractionsAndExponentsAreNumbers() throws {
        #expect(try Size(parsing: "0.5x1e3") == Size(0.5, 1000))
    }

    @Test("not two numbers", arguments: ["", "8", "8by16", "8xx16", "x16", "8x", "8x16x2", "eightx16", " 8x16"])
    func notTwoNumbers(text: String) {
        #expect(throws: SizeTextError.notTwoNumbers) { try Size(parsing: text) }
    }

    @Test("zero, negative, infinite or NaN", arguments: ["0x16", "8x0", "-8x16", "8x-16", "infx16", "8xnan", "1e309x1"])
    func notPositive(text: String) {
        #expect(throws: SizeTextError.notPositive) { try Size(parsing: text) }
    }
}
