import PrayerTimes
import UnitModel

/// The setup page's steps, in the reader's language, without a script: where the mosque is
/// (a search, and the places near the unit's GPS fix), the places of a name (or a position
/// typed by hand), then the form that finishes. Every value in them escaped.
enum SetupPages {
    static func e(_ s: String) -> String { HTML.escape(s) }

    /// Step 1 (`query` nil), or step 2: the places named `query` (nil matches: the search
    /// failed, `error` says why).
    static func search(_ t: AdminText, code: String, query: String?, matches: [SetupPlace]?, suggestions: [SetupPlace],
                       error: String? = nil) -> String {
        var body = HTML.message(error, error: true)
        body += "<h2>\(e(t("setup.where")))</h2>"
        body += """
            <form method="get" action="/setup"><input type="hidden" name="code" value="\(e(code))">
            \(HTML.input("q", t("setup.search"), value: query ?? "", type: "search", extra: "maxlength=\"100\" dir=\"auto\" autocomplete=\"off\" required"))
            <p><button class="primary" type="submit">\(e(t("setup.searchButton")))</button></p></form>
            """
        if let query, let matches {
            if matches.isEmpty {
                body += HTML.message(t("setup.none", ["name": query]), error: true)
            } else {
                body += "<p>\(e(t("setup.choose")))</p>" + placeList(matches.prefix(10), code: code, language: t.code)
            }
        }
        if query == nil, !suggestions.isEmpty {
            body += "<h2>\(e(t("setup.near")))</h2>" + placeList(suggestions.prefix(10), code: code, language: t.code)
        }
        body += manual(t, code: code, open: query != nil && matches?.isEmpty == true)
        return HTML.page(t("setup.title"), t, body)
    }

    /// Each place as a large link to the form with the place's fields in its address.
    static func placeList(_ places: ArraySlice<SetupPlace>, code: String, language: String) -> String {
        var out = "<ul class=\"places\">"
        for p in places {
            var query: [(String, String)] = [("code", code), ("place", p.name), ("country", p.country),
                                             ("lat", String(p.latitude)), ("lon", String(p.longitude)), ("tz", p.zone), ("method", p.method)]
            if let z = p.jakimZone { query.append(("jakim_zone", z)) }
            out += "<li><a class=\"place\" href=\"\(e(url(query)))\"><bdi>\(e(p.name))</bdi> <span class=\"meta\">\(e(p.country)) · <bdi>\(e(p.zone))</bdi></span></a></li>"
        }
        return out + "</ul>"
    }

    /// "Type the position": latitude, longitude and zone, to the form.
    static func manual(_ t: AdminText, code: String, open: Bool) -> String {
        """
        <details\(open ? " open" : "")><summary>\(e(t("setup.manual")))</summary>
        <form method="get" action="/setup"><input type="hidden" name="code" value="\(e(code))">
        <div class="row"><div>\(HTML.input("lat", t("setup.latitude"), value: "", extra: "inputmode=\"decimal\" dir=\"ltr\" maxlength=\"40\" required placeholder=\"51.5074\""))</div>
        <div>\(HTML.input("lon", t("setup.longitude"), value: "", extra: "inputmode=\"decimal\" dir=\"ltr\" maxlength=\"40\" required placeholder=\"-0.1278\""))</div></div>
        \(HTML.input("tz", t("setup.zone"), value: "", extra: "dir=\"ltr\" maxlength=\"40\" autocapitalize=\"none\" required placeholder=\"Europe/London\""))
        <p><button type="submit">\(e(t("setup.use")))</button></p></form></details>
        """
    }

    /// "/setup?k=v&…", each part percent-encoded (only unreserved characters kept).
    static func url(_ query: [(String, String)]) -> String {
        "/setup?" + query.map { "\(percentEncoded($0.0))=\(percentEncoded($0.1))" }.joined(separator: "&")
    }

    static func percentEncoded(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(b >> 4)])
                out.unicodeScalars.append(hex[Int(b & 15)])
            }
        }
        return out
    }

    /// The last page: set up, go and log in.
    static func done(_ t: AdminText) -> String {
        HTML.page(t("setup.doneTitle"), t, """
            \(HTML.message(t("setup.done"), error: false))
            <p><a class="place" href="/">\(e(t("setup.login")))</a></p>
            """)
    }
}
