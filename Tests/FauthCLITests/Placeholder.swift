// Placeholder until the FauthCLITests tests land.
