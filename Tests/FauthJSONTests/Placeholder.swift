// Placeholder until the FauthJSONTests tests land.
