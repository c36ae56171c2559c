// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "fauth",
    products: [
        .executable(name: "fauth", targets: ["fauth"]),
        .executable(name: "fauth-emulator", targets: ["fauth-emulator"]),
    ],
    targets: [
        // A strict JSON value, parser and serializer shared by the client and the emulator.
        .target(name: "FauthJSON", linkerSettings: [.linkedLibrary("m")]),
        // Text rules the client and the emulator both apply: HTML escaping, phone-number masking, search and replace
        // by UTF-8 bytes (so that fauth links nothing from _StringProcessing).
        .target(name: "FauthText"),
        // HTTP/1.1 messages for where fauth is a server (the emulator, the browser callback listener) and for the
        // emulator's and the tests' small clients: one bounded request parser and response parser (one chunked
        // decoder for both), the request and response encoders, URL and form splitting. No sockets.
        .target(name: "FauthHTTPCodec", dependencies: ["FauthText"]),
        // Opening a system library at run time (dlopen) and finding its functions, for the shim below.
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl")]),
        // libcurl, loaded at run time with dlopen, so building needs no libcurl headers: every request fauth sends.
        .target(name: "CCurlShim", dependencies: ["CLibraryLoader"]),
        // libsecret (the freedesktop Secret Service client), loaded at run time with dlopen, so building needs no
        // libsecret or GLib headers: where a session's secrets are kept with --storage keyring.
        .target(name: "CSecretShim", dependencies: ["CLibraryLoader"]),
        // libcrypto (OpenSSL 3), loaded at run time with dlopen on first use, so building needs no OpenSSL headers.
        .target(name: "CCryptoShim", dependencies: ["CLibraryLoader"]),
        // Cryptography for the client and the emulator over CCryptoShim: digests, HMAC, PBKDF2, scrypt, AES-CTR,
        // RSA keys and certificates, RS256.
        .target(name: "FauthCrypto", dependencies: ["CCryptoShim"]),
        // The slot scripts/build-release stamps the commit and date into, in the linked binaries (so that a new commit
        // rebuilds nothing); empty in other builds.
        .target(name: "CBuildStamp"),
        // The version (the one place it is written) and the build's stamp, for both executables' --version.
        .target(name: "FauthBuild", dependencies: ["CBuildStamp", "FauthJSON"]),
        // The client core: configuration, endpoints, transport, errors, session store, operations.
        .target(
            name: "FauthCore",
            dependencies: [
                "FauthBuild", "FauthJSON", "FauthText", "FauthHTTPCodec", "CCurlShim", "CSecretShim", "FauthCrypto",
            ]),
        // The command line: argv, secrets, rendering, exit status. Testable in-process.
        .target(name: "FauthCLI", dependencies: ["FauthCore", "FauthJSON", "FauthText"]),
        .executableTarget(name: "fauth", dependencies: ["FauthCLI"]),
        // The local Firebase Auth emulator: HTTP server (its connections and event loop), state, routes.
        .target(
            name: "FauthEmulator",
            dependencies: ["FauthBuild", "FauthJSON", "FauthText", "FauthHTTPCodec", "CEventPoll", "FauthCrypto"]),
        // Linux's epoll and eventfd headers (not in Swift's Glibc module), for the emulator's event loop.
        .systemLibrary(name: "CEventPoll"),
        .executableTarget(name: "fauth-emulator", dependencies: ["FauthEmulator"]),

        // Helpers the test targets share (an HTTP client over a real socket, a thread-safe recorder, a scripted
        // in-memory transport); not a product.
        .target(
            name: "FauthTestSupport", dependencies: ["FauthCore", "FauthHTTPCodec", "FauthJSON"],
            path: "Tests/FauthTestSupport"),
        .testTarget(name: "FauthJSONTests", dependencies: ["FauthJSON"]),
        .testTarget(name: "FauthTextTests", dependencies: ["FauthText"]),
        .testTarget(name: "FauthCryptoTests", dependencies: ["FauthCrypto"]),
        .testTarget(name: "FauthHTTPCodecTests", dependencies: ["FauthHTTPCodec"]),
        .testTarget(
            name: "FauthCoreTests", dependencies: ["FauthCore", "FauthCrypto", "FauthJSON", "FauthTestSupport"]),
        .testTarget(name: "FauthCLITests", dependencies: ["FauthCLI", "FauthCore", "FauthJSON", "FauthTestSupport"]),
        .testTarget(
            name: "FauthEmulatorTests",
            dependencies: ["FauthCrypto", "FauthEmulator", "FauthHTTPCodec", "FauthJSON", "FauthTestSupport"]),
        // The built binaries against a real emulator; and the core's transports against a real HTTP server.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "FauthCore", "FauthCrypto", "FauthEmulator", "FauthHTTPCodec", "FauthJSON", "FauthTestSupport",
            ]),
    ]
)
