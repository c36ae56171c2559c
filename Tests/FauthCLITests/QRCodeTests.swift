import FauthTestSupport
import Foundation
import Testing

@testable import FauthCLI

/// The QR encoder: its tables agree with the module count of every version, its Reed–Solomon code matches a known
/// vector, and what it draws decodes back with an independent decoder (zbarimg) at every version it uses.
@Suite struct QRCodeTests {
    @Test func everyLayoutsCodewordsFillTheModulesLeftByTheFunctionPatterns() throws {
        for level in QRCodeLayout.Level.allCases {
            for version in 1...QRCodeLayout.maxVersion {
                let layout = QRCodeLayout(version: version, level: level)
                let capacity = (8 * layout.dataCodewords - layout.headerBits) / 8
                let code = try #require(
                    QRCode(bytes: Array(repeating: 0x61, count: level == .medium ? capacity : capacity)))
                if level == .medium {
                    #expect(code.layout.version == version, "\(capacity) bytes fit version \(version)-M exactly")
                }
                #expect(
                    code.dataModuleCount / 8 == code.layout.totalCodewords,
                    "version \(code.layout.version) \(code.layout.level)")
                #expect(code.dataModuleCount % 8 < 8)
            }
        }
        #expect(QRCode(bytes: Array(repeating: 0x61, count: 426)) == nil, "past version 13-L")
    }

    @Test func reedSolomonMatchesTheStandardsExample() {
        // ISO/IEC 18004 annex I: "01234567" at 1-M; its 16 data codewords and 10 error-correction codewords.
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        #expect(
            QRErrorCorrection.codewords(for: data, count: 10) == [
                0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55,
            ])
    }

    @Test(arguments: [1, 20, 60, 120, 180, 260, 330, 400])
    func theHalfBlockDrawingDecodesBackToTheText(length: Int) throws {
        let base =
            "otpauth://totp/demo-fauth:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=demo-fauth"
        let text = String(String(repeating: base, count: 5).prefix(length))
        let code = try #require(QRCode(bytes: Array(text.utf8)))
        let drawing = QRCodeRenderer.halfBlocks(code)
        #expect(HalfBlockQRImage.modules(in: drawing).count >= code.size, "the rows holding dark modules")
        #expect(try HalfBlockQRImage.decode(drawing) == text, "version \(code.layout.version), mask \(code.mask)")
    }
}
