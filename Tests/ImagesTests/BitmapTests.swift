// Bitmap: packed RGBA bytes in and out, and nearest-neighbor sampling.
import Testing
@testable import Images

@Suite("Bitmap")
struct BitmapTests {
    @Test("RGBA bytes → pixels → the same bytes")
    func bytes() {
        let rgba: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        let bitmap = Bitmap(width: 3, height: 1, rgba: rgba)
        #expect(bitmap[1, 0] == Bitmap.Pixel(red: 5, green: 6, blue: 7, alpha: 8))
        #expect(bitmap.rgbaBytes == rgba)
    }

    @Test("sample(u:v:) picks the pixel under the point and clamps at the edges")
    func sampling() {
        let b = Bitmap(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255])
        #expect(b.sample(u: 0.25, v: 0.25).red == 255)
        #expect(b.sample(u: 0.75, v: 0.25).green == 255)
        #expect(b.sample(u: 0.25, v: 0.75).blue == 255)
        #expect(b.sample(u: 1.0, v: 1.0).red == 9)
        #expect(b.sample(u: -3, v: -3).red == 255)
    }
}
