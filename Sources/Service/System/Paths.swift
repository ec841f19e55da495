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
