import FoundationEssentials
import Glibc
import HTTPTypes
import HummingbirdCore
import NIOCore
import Platform

/// The admin page's responses: every one with the same security headers.
extension AdminRoutes {
    /// No scripts at all; styles only inline; forms only back here; never framed.
    static let securityHeaders: HTTPFields = [
        .cacheControl: "no-store",
        .xContentTypeOptions: "nosniff",
        .contentSecurityPolicy: "default-src 'none'; style-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
    ]

    static let contentTooLarge = HTTPResponse.Status(code: 413, reasonPhrase: "Content Too Large")

    static func response(_ status: HTTPResponse.Status, _ type: String?, _ body: [UInt8], extra: HTTPFields = [:]) -> Response {
        var headers = securityHeaders
        if let type { headers[.contentType] = type }
        headers[.contentLength] = String(body.count)
        for field in extra { headers.append(field) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func html(_ status: HTTPResponse.Status, _ page: String) -> Response {
        response(status, "text/html; charset=utf-8", Array(page.utf8))
    }

    /// The login page with a fresh CSRF token, in its form and in a cookie.
    static func loginPage(_ status: HTTPResponse.Status, _ t: AdminText, error: String? = nil) -> Response {
        let token = Sessions.newLoginToken()
        return response(status, "text/html; charset=utf-8", Array(Pages.login(t, csrf: token, error: error).utf8),
                        extra: [.setCookie: Sessions.loginCookie(token)])
    }

    /// `close`: the connection ends after it (the request's body is not read).
    static func text(_ status: HTTPResponse.Status, _ s: String, close: Bool = false) -> Response {
        response(status, "text/plain; charset=utf-8", Array((s + "\n").utf8), extra: close ? [.connection: "close"] : [:])
    }

    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return response(status, "application/json", Array((try? e.encode(value)) ?? Data("{}".utf8)))
    }

    static func seeOther(_ location: String, cookie: String? = nil) -> Response {
        var extra: HTTPFields = [.location: location]
        if let cookie { extra[.setCookie] = cookie }
        return response(.seeOther, nil, [], extra: extra)
    }

    static func methodNotAllowed(_ path: String) -> Response {
        let allow = route(path)?.methods.map(\.rawValue).joined(separator: ", ") ?? "GET, POST"
        return response(.methodNotAllowed, "text/plain; charset=utf-8", Array("method not allowed\n".utf8), extra: [.allow: allow])
    }

    enum Body {
        case bytes([UInt8])
        case refused(Response)
    }

    /// A POST's body, at most `maximum` bytes: refused unread when it says it is larger (413).
    /// A form always has a Content-Length; a chunked body is refused unread (411).
    static func readBody(_ request: Request, maximum: Int) async -> Body {
        if request.headers[.transferEncoding] != nil {
            return .refused(text(.init(code: 411, reasonPhrase: "Length Required"), "a request body needs a Content-Length", close: true))
        }
        if let length = request.headers[.contentLength] {
            guard let n = Int(length), n >= 0 else { return .refused(text(.badRequest, "bad Content-Length")) }
            if n > maximum { return .refused(text(contentTooLarge, "request body over \(maximum) bytes", close: true)) }
        }
        var body: [UInt8] = []
        do {
            for try await chunk in request.body {
                body += chunk.readableBytesView
                if body.count > maximum { return .refused(text(contentTooLarge, "request body over \(maximum) bytes", close: true)) }
            }
        } catch {
            return .refused(text(.badRequest, "the request body did not arrive whole", close: true))
        }
        return .bytes(body)
    }

    /// application/x-www-form-urlencoded: "+" a space, %XX a byte; the last of a repeated name wins.
    static func formFields(_ body: [UInt8]) -> [String: String] {
        guard let text = String(validating: body, as: UTF8.self) else { return [:] }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String? { percentDecoded(s.replacing("+", with: " ")) }
            guard let k = decode(kv[0]), let v = kv.count > 1 ? decode(kv[1]) : "" else { continue }
            fields[k] = v
        }
        return fields
    }
}
