import FauthEmulator
import Glibc

exit(EmulatorLauncher.run(arguments: CommandLine.arguments))
