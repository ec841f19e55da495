/// A path's folder ("" for a bare name, "/" at the root) and its last component, computed
/// here: Foundation's NSString versions crash (SIGILL) on a one-character relative path
/// such as "t" (swift-corelibs-foundation with Swift 6.3), which a person can type.
public func parentFolder(of path: String) -> String {
    var p = Substring(path)
    while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
    guard let i = p.lastIndex(of: "/") else { return "" }
    if i == p.startIndex { return "/" }
    var folder = p[..<i]
    while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
    return String(folder)
}

/// `path` as a file names it: an absolute path as it is, a relative one from the file's folder.
public func resolvedPath(_ path: String, besideFile file: String) -> String {
    let folder = parentFolder(of: file)
    if path.hasPrefix("/") || folder.isEmpty { return path }
    return folder == "/" ? "/" + path : folder + "/" + path
}

public func lastComponent(of path: String) -> String {
    var p = Substring(path)
    while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
    guard let i = p.lastIndex(of: "/"), p.count > 1 else { return String(p) }
    return String(p[p.index(after: i)...])
}

/// The last component's extension, after its last dot ("" when it has none, or when the dot
/// begins the name, as in ".hidden").
public func pathExtension(of path: String) -> String {
    let name = lastComponent(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
}

/// `name` inside `folder` (one slash between them, whatever `folder` ends with).
public func joinedPath(_ folder: String, _ name: String) -> String {
    guard !folder.isEmpty else { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
}
