import FauthEmulator
import Glibc

exit(EmulatorLauncher.run(arguments: CommandLine.arguments) { AuthEmulator(projectId: $0) })
