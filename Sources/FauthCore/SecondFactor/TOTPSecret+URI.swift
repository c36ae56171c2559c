extension TOTPSecret {
    /// The key URI authenticator apps read (`otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…&algorithm=…&digits=…&period=…`),
    /// the label and the issuer percent-encoded.
    package func uri(accountName: String, issuer: String) -> String {
        let label = PercentEncoding.encode(issuer) + ":" + PercentEncoding.encode(accountName)
        let query = PercentEncoding.form([
            ("secret", sharedSecretKey), ("issuer", issuer), ("algorithm", algorithm),
            ("digits", String(digits)), ("period", String(period)),
        ])
        return "otpauth://totp/\(label)?\(query)"
    }
}
