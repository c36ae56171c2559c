extension RouteTable {
    /// The routes of federated sign-in, custom tokens, MFA and the Admin SDKs, in match order.
    static let federatedMFAAndAdminRoutes: [Route] = [
        signInWithIdp,
        signInWithCustomToken,
        mfaEnrollmentStart,
        mfaEnrollmentFinalize,
        mfaEnrollmentWithdraw,
        mfaSignInStart,
        mfaSignInFinalize,
        adminCreateAccount,
        adminLookup,
        adminUpdate,
        adminSendOobCode,
        adminDelete,
        adminBatchGet,
        adminBatchDelete,
        adminBatchCreate,
    ]
}
