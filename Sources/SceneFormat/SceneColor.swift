// SceneColor: an item's color as 8-bit sRGB components.
//
// Scene files name colors the way UIKit's class properties do (`green`, `lightGray`...) or give
// "#rrggbb". The named values are UIKit's: pure primaries, grays at thirds, orange (1, 0.5, 0),
// purple (0.5, 0, 0.5), brown (0.6, 0.4, 0.2); pink, teal, indigo are the system colors. The terminal front end maps these to whatever
// the terminal can show; this type only carries the intent. (Named SceneColor, not Color, so it
// cannot clash with a drawing module's own color type.)
import Foundation

public struct SceneColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }

    static let named: [(String, SceneColor)] = [
        ("black", .init(red: 0, green: 0, blue: 0)),
        ("darkGray", .init(red: 85, green: 85, blue: 85)),
        ("gray", .init(red: 128, green: 128, blue: 128)),
        ("lightGray", .init(red: 170, green: 170, blue: 170)),
        ("white", .init(red: 255, green: 255, blue: 255)),
        ("red", .init(red: 255, green: 0, blue: 0)),
        ("green", .init(red: 0, green: 255, blue: 0)),
        ("blue", .init(red: 0, green: 0, blue: 255)),
        ("cyan", .init(red: 0, green: 255, blue: 255)),
        ("yellow", .init(red: 255, green: 255, blue: 0)),
        ("magenta", .init(red: 255, green: 0, blue: 255)),
        ("orange", .init(red: 255, green: 128, blue: 0)),
        ("purple", .init(red: 128, green: 0, blue: 128)),
        ("brown", .init(red: 153, green: 102, blue: 51)),
        ("pink", .init(red: 255, green: 45, blue: 85)),
        ("teal", .init(red: 48, green: 176, blue: 199)),
        ("indigo", .init(red: 88, green: 86, blue: 214)),
    ]

    /// The color names a scene may use.
    public static var names: [String] { named.map(\.0) }

    public static let white = SceneColor(red: 255, green: 255, blue: 255)

    /// A color name (as in `names`, case-insensitive; "grey" spellings accepted) or "#rrggbb".
    public init?(parsing text: String) {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
            self.init(red: UInt8(v >> 16), green: UInt8((v >> 8) & 0xFF), blue: UInt8(v & 0xFF))
            return
        }
        let key = text.lowercased().replacingOccurrences(of: "grey", with: "gray")
        guard let match = Self.named.first(where: { $0.0.lowercased() == key }) else { return nil }
        self = match.1
    }

    /// "#rrggbb".
    public var description: String {
        func hex(_ v: UInt8) -> String { (v < 16 ? "0" : "") + String(v, radix: 16) }
        return "#" + hex(red) + hex(green) + hex(blue)
    }
}
