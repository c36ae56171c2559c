import FauthCore
import FauthJSON
import Testing

/// The client's reading of a password policy and its requirements, as Firebase's SDKs check them.
@Suite struct PasswordPolicyTests {
    static let full = PasswordPolicy(json: [
        "customStrengthOptions": [
            "minPasswordLength": 8, "maxPasswordLength": 12, "containsLowercaseCharacter": true,
            "containsUppercaseCharacter": true, "containsNumericCharacter": true,
            "containsNonAlphanumericCharacter": true,
        ],
        "allowedNonAlphanumericCharacters": ["!", "#"], "enforcementState": "ENFORCE", "schemaVersion": 1,
    ])

    @Test(arguments: [
        ("Abcdef1!", [true, true, true, true, true, true]),
        ("abc", [false, true, true, false, false, false]),
        ("ABCDEFGHIJKLMN", [true, false, false, true, false, false]),
        ("ÉÉÉÉÉÉA1?", [true, true, false, true, true, false]),  // letters are ASCII; `?` is not an allowed symbol here
    ])
    func eachRequirementIsCheckedOnItsOwn(password: String, met: [Bool]) {
        let requirements = Self.full.requirements(for: password)
        #expect(
            requirements.map(\.name) == [
                "minPasswordLength", "maxPasswordLength", "containsLowercaseCharacter",
                "containsUppercaseCharacter", "containsNumericCharacter",
                "containsNonAlphanumericCharacter",
            ])
        #expect(requirements.map(\.met) == met)
    }

    @Test func missingOptionsAreNotRequiredAndTheMinimumIsSix() {
        let policy = PasswordPolicy(json: ["enforcementState": "OFF"])
        #expect(!policy.isEnforced && policy.schemaVersion == 1)
        let requirements = policy.requirements(for: "12345")
        #expect(requirements.map(\.name) == ["minPasswordLength"] && requirements.map(\.required) == [6])
        #expect(requirements.map(\.met) == [false])
        let symbols = PasswordPolicy(json: ["customStrengthOptions": ["containsNonAlphanumericCharacter": true]])
        #expect(symbols.requirements(for: "abcdef~").map(\.met) == [true, true], "Firebase's default symbols")
        #expect(symbols.requirements(for: "abcdef=").last?.met == false)
    }
}
