"""The fold of a name for matching: lower case, Latin diacritics dropped (the rule of the
table's ASCII column and of Sources/Places/LatinFold+Table.swift). For make-places.py."""
import unicodedata

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
