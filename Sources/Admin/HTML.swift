/// The admin pages' HTML: plain forms, no scripts, inline CSS, readable on a phone. Every text
/// that is not a literal of ours goes through `escape`.
enum HTML {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\0": out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Formats and keywords typed as they are (HH:MM, dates, "dhuhr"), longest first.
    static let literals = ["YYYY-MM-DDTHH:MM", "YYYY-MM-DD", "HH:MM", "MM-DD", "isha+20", "dhuhr"]

    /// A sentence escaped, each of `literals` in it isolated and kept on one line: in a right
    /// to left sentence "YYYY-MM-DDTHH:MM" would otherwise break at a hyphen and reorder.
    static func prose(_ s: String) -> String {
        var out = ""
        var rest = s[...]
        outer: while !rest.isEmpty {
            for l in literals where rest.hasPrefix(l) {
                out += "<bdi class=\"literal\">\(l)</bdi>"
                rest = rest.dropFirst(l.count)
                continue outer
            }
            out += escape(String(rest.first ?? " "))
            rest = rest.dropFirst()
        }
        return out
    }

    static let style = """
        body{font-family:system-ui,sans-serif;margin:0;padding:1rem;max-width:48rem;margin:auto;line-height:1.4;color:#111;background:#fafafa}
        h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:1.5rem}
        input,button,select{font-size:1rem;padding:.6rem;min-height:2.75rem;box-sizing:border-box}
        input[type=text],input[type=password],input[type=number],select{width:100%}
        button{min-width:6rem;cursor:pointer;border-radius:.4rem;border:1px solid #555;background:#fff}
        button.primary{background:#14532d;color:#fff;border-color:#14532d}
        label{display:block;margin:.6rem 0 .2rem}
        .row{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.5rem}
        .error{background:#fee2e2;border:1px solid #b91c1c;padding:.75rem;border-radius:.4rem}
        .notice{background:#dcfce7;border:1px solid #15803d;padding:.75rem;border-radius:.4rem}
        nav{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;margin-bottom:1rem}
        nav a{padding:.6rem;display:inline-block}
        table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:start;vertical-align:top}
        form.inline{display:inline}
        bdi.literal{white-space:nowrap;direction:ltr}
        input[type=search]{width:100%}button.wide{width:100%}
        ul.places{list-style:none;padding:0}a.place{display:block;padding:.8rem;margin:.4rem 0;border:1px solid #555;border-radius:.4rem;background:#fff;color:#111;text-decoration:none}
        .meta{color:#555;font-size:.9rem}.help{color:#444;font-size:.9rem;margin:.2rem 0}p.chosen{font-size:1.15rem}
        details{margin:1rem 0}summary{padding:.6rem 0;cursor:pointer}a.change{display:inline-block;padding:.6rem 0}
        """

    /// A whole page in a language (its direction too). `user` and `csrf` given: the
    /// navigation (with the logout form) is shown.
    static func page(_ title: String, _ t: AdminText, user: String? = nil, csrf: String? = nil, _ body: String) -> String {
        var nav = ""
        if let user, let csrf {
            nav = """
                <nav><a href="/">\(escape(t("nav.home")))</a><a href="/settings">\(escape(t("nav.settings")))</a><a href="/units">\(escape(t("nav.units")))</a>
                <bdi>\(escape(user))</bdi>
                <form class="inline" method="post" action="/logout">\(csrfField(csrf))<button type="submit">\(escape(t("nav.logout")))</button></form></nav>
                """
        }
        return """
            <!doctype html>
            <html lang="\(escape(t.code))" dir="\(t.dir)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)) · Mihrab</title><style>\(style)</style></head>
            <body>\(nav)<h1>\(escape(title))</h1>
            \(body)
            </body></html>
            """
    }

    static func csrfField(_ token: String) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(escape(token))\">"
    }

    static func input(_ name: String, _ label: String, value: String, type: String = "text", extra: String = "") -> String {
        "<label for=\"\(escape(name))\">\(prose(label))</label><input type=\"\(type)\" id=\"\(escape(name))\" name=\"\(escape(name))\" value=\"\(escape(value))\" \(extra)>"
    }

    static func message(_ text: String?, error: Bool) -> String {
        guard let text, !text.isEmpty else { return "" }
        // dir="auto": a config check's line is English in any page; it reads left to right.
        return "<p class=\"\(error ? "error" : "notice")\" role=\"\(error ? "alert" : "status")\" dir=\"auto\">\(escape(text))</p>"
    }
}
