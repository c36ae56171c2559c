// Placeholder until the FauthCoreTests tests land.
