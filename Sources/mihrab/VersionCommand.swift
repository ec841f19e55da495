import ArgumentParser

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print the version and the libraries Mihrab was built against.")

    func run() {
        print("mihrab \(BuildInfo.version)")
        for line in BuildInfo.libraries { print("  built with \(line)") }
    }
}
