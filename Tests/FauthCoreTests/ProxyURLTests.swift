import Testing

@testable import FauthCore

/// What a proxy variable may hold (`ProxyURL`): every form libcurl proxies through passes; what libcurl would refuse
/// is refused with a reason that never quotes the value.
@Suite struct ProxyURLTests {
    @Test(arguments: [
        ("http://proxy.example:3128", "http", "proxy.example:3128"),
        ("proxy.example:3128", "http", "proxy.example:3128"),
        ("HTTPS://proxy.example", "https", "proxy.example"), ("socks5h://10.0.0.1:1080", "socks5h", "10.0.0.1:1080"),
        ("socks4a://p:1", "socks4a", "p:1"), ("http://alice:s3cr3t@[::1]:8080/", "http", "[::1]:8080"),
        ("http://u%40x:p%3A@proxy_1.example:80/path", "http", "proxy_1.example:80"), ("socks4://p", "socks4", "p"),
        ("socks5://p:65535", "socks5", "p:65535"),
    ])
    func acceptsWhatLibcurlProxiesThrough(text: String, scheme: String, authority: String) throws {
        let proxy = try ProxyURL(parsing: text)
        #expect(proxy.scheme == scheme && proxy.authority == authority)
    }

    @Test(arguments: [
        ("http://alice:s3cr3tPW@127.0.0.1:99999", "its port is not a number from 1 to 65535"),
        ("http://p:0", "its port is not a number from 1 to 65535"),
        ("http://p:80a", "its port is not a number from 1 to 65535"),
        (
            "bogus://alice:s3cr3tPW@x",
            "its scheme is not one libcurl proxies through (http, https, socks4, socks4a, socks5, socks5h)"
        ),
        ("ftp://p:21", "its scheme is not one libcurl proxies through (http, https, socks4, socks4a, socks5, socks5h)"),
        ("http://alice:s3cr3tPW@[bad:1", "its IPv6 address has no closing ']'"),
        ("http://[zz]:1", "its IPv6 address is malformed"),
        (" http://alice:s3cr3tPW@127.0.0.1:1", "it holds a space or a control character"),
        ("http://p:1\n", "it holds a space or a control character"),
        ("http://alice:p@ss@127.0.0.1:1", "its user or password holds an '@' (write it as %40)"),
        ("http://:1", "its host name is missing or malformed"),
        ("http://a:b:c", "its port is not a number from 1 to 65535"),
        ("http://pro*xy:1", "its host name is missing or malformed"),
    ])
    func refusesWhatLibcurlCannotUse(text: String, reason: String) {
        #expect(throws: ProxyURL.Problem(reason: reason)) { try ProxyURL(parsing: text) }
    }
}
