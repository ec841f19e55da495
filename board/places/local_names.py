"""A place's name in its country's own script, chosen from GeoNames' alternate names (which
carry no language): the country's script, its language's letters preferred and its
neighbours' refused, then the spelling the others agree with. For make-places.py."""
import re
import unicodedata
from difflib import SequenceMatcher

from fold import fold

# The country's own script: (script, preferred letters, refused letters), by ISO alpha-2.
ARABIC_ONLY = set("يكةى")
PERSIAN = set("یکگچپژ")
URDU = set("ہےںٹڈڑھ")
OTHER_ARABIC_SCRIPT = set("ۇۆۈۋېىڭەێڕڵۍډښګځڅټړږۀٲٹ")  # Uyghur, Kurdish, Pashto, Kashmiri letters
OTHER_ARABIC_SCRIPT -= URDU
ARAB_STATES = "AE BH DZ EG IQ JO KW LB LY MA OM PS QA SA SD SY TN YE MR SO DJ KM EH".split()
SCRIPTS = {}
for c in ARAB_STATES:
    SCRIPTS[c] = ("arabic", "ال", PERSIAN | URDU | OTHER_ARABIC_SCRIPT)
SCRIPTS["PK"] = ("arabic", URDU | {"ی", "ک"}, ARABIC_ONLY | OTHER_ARABIC_SCRIPT)
for c in ("IR", "AF"):
    SCRIPTS[c] = ("arabic", {"ی", "ک"}, ARABIC_ONLY | URDU | OTHER_ARABIC_SCRIPT)
for c in ("RU", "KZ", "KG", "TJ", "MN"):
    SCRIPTS[c] = ("cyrillic", set(), set("іїєґўәңөүұһҳқғӯҷæъѣљњђћџј"))
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
HARAKAT = re.compile("[\u064B-\u065F\u0670]")
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
    voters = [n for n in place["alternatenames"] if in_script(n, script)]
    if script == "arabic":  # harakat dropped (the match drops them too); hamza and madda kept
        voters = [HARAKAT.sub("", n) for n in voters]
    names = [n for n in voters if len(n) <= 60 and not set(n) & set("(),،")]
    names = [n for n in names if not set(n.lower()) & refused]
    if script == "arabic":  # ة ends a word; inside one it is Kurdish's vowel (كةربالا)
        names = [n for n in names if not re.search("ة[^ ]", n)]
    if place["countrycode"] in ("RU", "KZ", "KG", "TJ"):
        names = [n for n in names if "ськ" not in n.lower()]  # Ukrainian's -ськ, Russian's -ск
    latin = {fold(n).replace(" ", "").replace("-", "") for n in place["alternatenames"] + [place["name"]] if n.isascii()}

    def bare(n):
        return "".join(c for c in unicodedata.normalize("NFD", n) if not unicodedata.combining(c))

    # A name written again with its vowel marks, or that begins others (서울 of 서울시 and
    # 서울특별시, 北京 of 北京市), is the usual one; one with vowel marks is not shown.
    names = sorted(set(names))
    bare_names = [bare(n) for n in names]

    def score(n):
        s = 0
        s -= 10 if script != "arabic" and bare(n) != n else 0
        if script not in ("arabic", "cyrillic", "greek"):
            s += 0.5 * (bare_names.count(n) - 1) + 0.5 * sum(1 for o in names if o != n and o.startswith(n))
        if script == "arabic" and not isinstance(preferred, str):
            # Urdu, Persian: the spelling the others (Persian's, Urdu's, Kurdish's too) come closest to.
            s += 0.3 * sum(1 for v in voters if v != n and SequenceMatcher(None, n, bare(v)).ratio() >= 0.75)
        if isinstance(preferred, str):
            s += 2 if n.startswith(preferred) else 0
            s += 1 if "ة" in n else 0
        else:
            s += 2 if set(n) & preferred else 0
        if script in ("cyrillic", "greek"):
            t = translit(n, CYR_LATIN if script == "cyrillic" else GREEK_LATIN)
            # The name's Latin spellings agree with it: how many come within 0.8 of it.
            s += 0.2 * sum(1 for l in latin if SequenceMatcher(None, t, l).ratio() >= 0.8)
            s += SequenceMatcher(None, t, fold(place["name"]).replace(" ", "")).ratio()
        if script in ("han", "japanese"):
            s += 1 if len(n) >= 2 else 0
        # Among equals, the shorter (a town's name over its district's), but in Cyrillic the
        # longer: a soft sign the transliteration drops (Казань, not Казан).
        return (-s, -len(n) if script == "cyrillic" else len(n), n)

    return sorted(set(names), key=score)[:2]
