import FauthCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// fauth prints everything with write(2), so nothing is left to flush: the process ends at once instead of running
// atexit handlers. After a request over TLS, OpenSSL's would free all it loaded: 1.4 M of a command's 27 M
// instructions.
_exit(FauthCommandLine.main())
