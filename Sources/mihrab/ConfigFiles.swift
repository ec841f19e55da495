import Service
import UnitModel

/// A board file, or a one-line error with exit 78.
func loadBoard(_ path: String) throws -> BoardConfig {
    do { return try BoardConfig.load(path: path) } catch { throw CommandError(error.description, exitCode: .config) }
}

/// A site config file, or a one-line error with exit 78.
func loadConfig(_ path: String, lenientSounds: Bool = false) throws -> SiteConfig {
    do { return try SiteConfig.load(path: path, lenientSounds: lenientSounds) } catch { throw CommandError(error.description, exitCode: .config, more: error.details) }
}
