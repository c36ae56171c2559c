import FauthText
import Testing

@Suite struct FauthTextTests {
    @Test func htmlEscapingReplacesEveryCharacterWithAMeaning() {
        #expect(HTMLText.escaped(#"<a href="x">Tom & 'Jerry'</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(HTMLText.escaped("plain ü") == "plain ü")
    }

    @Test func aPhoneNumberKeepsOnlyItsLastFourDigits() {
        #expect(PhoneNumberMask.masked("+15555550100") == "+*******0100")
        #expect(PhoneNumberMask.masked("+1 555-555-0100") == "+* ***-***-0100")
        #expect(PhoneNumberMask.masked("012") == "012")
        #expect(PhoneNumberMask.masked("+٣٣55550100") == "+٣٣****0100", "only ASCII digits are counted")
    }
}
