import FauthCore
import FauthEmulator
import FauthHTTPCodec
import Testing

/// What the client encodes, the emulator decodes back (the two sides of one wire format, tested together).
@Suite struct ClientEmulatorAgreementTests {
    @Test func theEmulatorDecodesAnIdpPostBodyBack() {
        let credential = IdpCredential(providerId: "google.com", idToken: "a+b c&d=e%f", accessToken: "ü")
        let pairs = FormURLEncoding.decode(credential.postBody).map { [$0.name, $0.value] }
        #expect(pairs == [["providerId", "google.com"], ["id_token", "a+b c&d=e%f"], ["access_token", "ü"]])
    }
}
