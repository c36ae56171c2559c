import Foundation

@testable import FauthCore

/// A session with every field set (dates in whole seconds, as the file stores them).
func sampleSession(refreshToken: String = "refresh-token-1", displayName: String? = "Ada") -> Session {
    Session(
        project: ProjectSettings(
            target: BackendTarget(
                server: .emulator("127.0.0.1:9099"), projectId: "demo", apiKey: "AIza-test", tenantId: "tenant-1")),
        user: UserProfile(
            uid: "uid-1", email: "ada@example.com", emailVerified: true, displayName: displayName,
            photoURL: "https://example.com/a.png", phoneNumber: "+15555550100", isAnonymous: false,
            tenantId: "tenant-1",
            providers: [
                ProviderInfo(
                    providerId: "password", uid: "ada@example.com", email: "ada@example.com", displayName: "Ada",
                    photoURL: nil, phoneNumber: nil),
                ProviderInfo(
                    providerId: "google.com", uid: "g-123", email: "ada@gmail.com", displayName: "Ada L",
                    photoURL: "https://example.com/g.png", phoneNumber: "+15555550101"),
            ],
            createdAt: UnixTime(seconds: 1_700_000_000), lastSignInAt: UnixTime(seconds: 1_700_000_100)),
        idToken: "header.payload.signature", refreshToken: refreshToken,
        expiresAt: UnixTime(seconds: 1_700_003_600), authTime: UnixTime(seconds: 1_700_000_050))
}

/// A minimal session: no optional field set.
func minimalSession() -> Session {
    Session(
        project: ProjectSettings(), user: UserProfile(uid: "anon-1", isAnonymous: true), idToken: "i",
        refreshToken: "r",
        expiresAt: UnixTime(seconds: 1_800_000_000))
}
