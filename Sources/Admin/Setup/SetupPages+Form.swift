import PrayerTimes
import UnitModel

/// The setup form (POST /setup): the place chosen, the method, the iqamah times, the wall
/// screen, then the code and the admin account. `errors`: one line each, shown above it.
extension SetupPages {
    /// The screen's languages, each by its own name.
    static let languageNames: [(code: String, name: String)] = [
        ("en", "English"), ("ar", "العربية"), ("ur", "اردو"), ("tr", "Türkçe"), ("ms", "Bahasa Melayu"),
        ("id", "Bahasa Indonesia"), ("fr", "Français"),
    ]

    static func form(_ t: AdminText, _ f: SetupForm, errors: [SetupLine]) -> String {
        var body = errors.map(\.html).joined()
        body += "<form method=\"post\" action=\"/setup\">"
        body += "<input type=\"hidden\" name=\"place\" value=\"\(e(f.place))\"><input type=\"hidden\" name=\"country\" value=\"\(e(f.country))\">"
        body += "<input type=\"hidden\" name=\"suggested\" value=\"\(e(f.suggested))\">"

        // The place: its name (or its position), its position and zone editable under "details".
        body += "<h2>\(e(t("setup.place")))</h2><p class=\"chosen\">"
        body += f.place.isEmpty ? "<bdi dir=\"ltr\">\(e(f.latitude)), \(e(f.longitude))</bdi>"
            : "<bdi>\(e(f.place))</bdi>" + (f.country.isEmpty ? "" : " <span class=\"meta\">\(e(f.country))</span>")
        body += "</p><p><a class=\"change\" href=\"\(e(url([("code", f.code)])))\">\(e(t("setup.change")))</a></p>"
        let placeErrors = errors.contains { ["lat", "lon", "tz"].contains($0.field ?? "") }
        body += "<details\(f.place.isEmpty || placeErrors ? " open" : "")><summary>\(e(t("setup.details")))</summary><div class=\"row\"><div>"
        body += HTML.input("lat", t("setup.latitude"), value: f.latitude, extra: "inputmode=\"decimal\" dir=\"ltr\" maxlength=\"40\" required")
        body += "</div><div>" + HTML.input("lon", t("setup.longitude"), value: f.longitude, extra: "inputmode=\"decimal\" dir=\"ltr\" maxlength=\"40\" required")
        body += "</div></div>" + HTML.input("tz", t("setup.zone"), value: f.zone, extra: "dir=\"ltr\" maxlength=\"40\" autocapitalize=\"none\" required")
        body += "</details>"

        body += methods(t, f)
        if f.asksJakimZone { body += jakimZones(t, f) }

        body += "<h2>\(e(t("setup.iqamah")))</h2><p>\(HTML.prose(t("setup.iqamahHelp")))</p><div class=\"row\">"
        for p in SetupForm.iqamahPrayers {
            body += "<div>" + HTML.input("iqamah_\(p.rawValue)", t.prayer(p.rawValue), value: f.iqamah[p] ?? "",
                                         extra: "dir=\"ltr\" maxlength=\"5\" inputmode=\"numeric\"") + "</div>"
        }
        body += "</div>"

        body += "<h2>\(e(t("setup.screen")))</h2><label for=\"language\">\(e(t("setup.language")))</label><select id=\"language\" name=\"language\">"
        for (code, name) in languageNames {
            body += "<option value=\"\(code)\"\(code == f.language ? " selected" : "")>\(e(name))</option>"
        }
        body += "</select>" + HTML.input("title", t("setup.screenTitle"), value: f.title, extra: "maxlength=\"80\" dir=\"auto\"")

        body += "<h2>\(e(t("setup.account")))</h2>"
        body += HTML.input("code", t("setup.code"), value: f.code,
                           extra: "maxlength=\"40\" dir=\"ltr\" autocomplete=\"one-time-code\" autocapitalize=\"characters\" required")
        body += HTML.input("user", t("setup.user"), value: f.user, extra: "maxlength=\"64\" dir=\"ltr\" autocomplete=\"username\" autocapitalize=\"none\" required")
        body += HTML.input("password", t("setup.password"), value: "", type: "password",
                           extra: "minlength=\"\(PasswordFile.minimumPasswordLength)\" maxlength=\"128\" autocomplete=\"new-password\" required")
        body += "<p class=\"help\">\(e(t("setup.passwordHelp", ["n": String(PasswordFile.minimumPasswordLength)])))</p>"
        body += HTML.input("password2", t("setup.password2"), value: "", type: "password",
                           extra: "minlength=\"\(PasswordFile.minimumPasswordLength)\" maxlength=\"128\" autocomplete=\"new-password\" required")
        body += "<p><button class=\"primary wide\" type=\"submit\">\(e(t("setup.submit")))</button></p></form>"
        return HTML.page(t("setup.title"), t, body)
    }

    /// Every method, the place's suggestion labelled and the form's chosen one selected. A
    /// value the list does not have (a refused POST shown again) is kept as an entry.
    static func methods(_ t: AdminText, _ f: SetupForm) -> String {
        var out = "<label for=\"method\">\(e(t("setup.method")))</label><select id=\"method\" name=\"method\" dir=\"ltr\">"
        var names = CalculationMethod.allCases.map(\.rawValue)
        if !names.contains(f.method) { names.append(f.method) }
        for name in names {
            var text = name + (CalculationMethod(rawValue: name).map { " — \($0.authority)" } ?? "")
            if name == f.suggested, !f.country.isEmpty { text += " (\(t("setup.suggested", ["country": f.country])))" }
            out += "<option value=\"\(e(name))\"\(name == f.method ? " selected" : "")>\(e(text))</option>"
        }
        out += "</select>"
        if !f.suggested.isEmpty, !f.country.isEmpty {
            out += "<p class=\"help\">\(e(t("setup.suggestedHelp", ["method": f.suggested, "country": f.country])))</p>"
        }
        return out
    }

    /// JAKIM's zones (Malaysia), the place's preselected.
    static func jakimZones(_ t: AdminText, _ f: SetupForm) -> String {
        var choices = [("", t("settings.zoneNone"))] + SettingsForm.zoneChoices.map { ($0.code, $0.label) }
        if !choices.contains(where: { $0.0 == f.jakimZone }) { choices.append((f.jakimZone, f.jakimZone)) }
        var out = "<label for=\"jakim_zone\">\(e(t("setup.jakim")))</label><select id=\"jakim_zone\" name=\"jakim_zone\" dir=\"auto\">"
        for (code, label) in choices {
            out += "<option value=\"\(e(code))\"\(code == f.jakimZone ? " selected" : "")>\(e(label))</option>"
        }
        return out + "</select>"
    }
}
