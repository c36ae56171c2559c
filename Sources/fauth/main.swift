#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FauthCLI

exit(FauthCommandLine.main())
