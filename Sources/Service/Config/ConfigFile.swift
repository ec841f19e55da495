import FoundationEssentials
import Glibc

/// Reading a TOML file (a site config, a board file) for the parser.
public enum ConfigFile {
    /// A config is a page of settings: 4 MiB leaves room for anything a person writes, and
    /// a file that is not one is refused by its size before it is read.
    public static let maxBytes = 4 << 20

    /// The file's text, size-checked before it is read (`readSmallFile`). An error is one
    /// line naming the file: "cannot be read", or "is too large (N bytes; at most L)".
    public static func text(_ path: String, limit: Int = maxBytes) throws(ConfigError) -> String {
        let data: Data
        switch readSmallFile(path, limit: limit) {
        case .success(let d?): data = d
        case .success(nil): throw ConfigError(file: path, line: nil, path: "", message: "cannot be read")
        case .failure(let problem): throw ConfigError(file: path, line: nil, path: "", message: problem.description)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, line: nil, path: "", message: "cannot be read (not UTF-8 text)")
        }
        return text
    }
}
