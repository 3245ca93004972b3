#!/usr/bin/python3
"""
Builds the PDFs' font (ADR 032): "Exer PDF Sans" Regular and Bold, one TrueType font per weight that covers
Latin (with Vietnamese), Greek and Cyrillic (Noto Sans), Arabic with its shaping features (Noto Sans Arabic),
Hebrew (Noto Sans Hebrew), arrows and mathematical operators (Noto Sans Math, its one weight in both) and the
common CJK characters (Noto Sans CJK SC: GB 2312's Hanzi, Big5's common Hanzi, JIS X 0208's level-1 Kanji,
KS X 1001's Hangul, kana, CJK punctuation and full-width forms). No hinting; Brotli-compressed (the PDF code
decompresses it once per process). pdfkit embeds the glyphs a document uses (a subset); one font for every
script means no per-script fallback in the PDF code.

Inputs are Debian's packages (SIL Open Font License 1.1; fonts/pdf/OFL.txt):
    apt-get install fonts-noto-core fonts-noto-cjk python3-fonttools python3-brotli
    /usr/bin/python3 scripts/fonts/build-pdf-fonts.py        (writes fonts/pdf/ExerPdfSans-{Regular,Bold}.ttf.br)
"""
import io
import os
import sys

import brotli

from fontTools import subset
from fontTools.merge import Merger
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable

NOTO = "/usr/share/fonts/truetype/noto"
CJK = "/usr/share/fonts/opentype/noto"
CJK_SC = 2  # the collection's Noto Sans CJK SC
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fonts", "pdf")
FAMILY = "Exer PDF Sans"


def double_byte(codec, first, last, low=0xA1, high=0xFE):
    chars = set()
    for a in range(first, last + 1):
        for b in range(low, high + 1):
            try:
                chars.add(ord(bytes([a, b]).decode(codec)))
            except UnicodeDecodeError:
                pass
    return chars


def cjk_codepoints():
    chars = double_byte("gb2312", 0xB0, 0xF7)  # GB 2312 Hanzi, levels 1 and 2
    chars |= double_byte("big5", 0xA4, 0xC6, 0x40, 0xFE)  # Big5 common (level-1) Hanzi
    chars |= double_byte("euc_jp", 0xB0, 0xCF)  # JIS X 0208 level-1 Kanji
    chars |= double_byte("euc_kr", 0xB0, 0xC8)  # KS X 1001 Hangul syllables
    chars |= set(range(0x3000, 0x3100))  # CJK punctuation, Hiragana, Katakana, Bopomofo
    chars |= set(range(0x3131, 0x318F))  # Hangul compatibility Jamo
    chars |= set(range(0xFF01, 0xFF9F))  # full-width forms, half-width Katakana
    return chars


def subset_font(font, unicodes, features):
    options = subset.Options()
    options.hinting = False
    options.layout_features = features
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    options.glyph_names = False
    options.drop_tables += ["DSIG", "gasp", "vhea", "vmtx", "VORG", "BASE", "JSTF", "MATH"]
    s = subset.Subsetter(options)
    s.populate(unicodes=unicodes if unicodes is not None else font.getBestCmap().keys())
    s.subset(font)
    return font


def cff_to_glyf(font):
    """Quadratic TrueType outlines for the CFF font, so it merges with the TrueType ones."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
    return font


def latin_vertical_metrics(merged, latin):
    """
    The line metrics of the Latin part (ADR 032). fontTools' merger takes the largest ascender and descender of
    the parts (Noto Sans Arabic's 1374/-738 units), so pdfkit, which lays lines out by hhea's ascender, descender
    and line gap (fontkit's `ascent`, `descent`, `lineGap`), spaced every line 2.11 x the font size instead of
    Noto Sans's 1.36 x. The typographic metrics (hhea, OS/2 sTypo*, cap and x height) are the Latin part's;
    usWinAscent/usWinDescent (the clipping box some renderers use) and head's bounding box keep covering every
    glyph (head's is recomputed on save), so a tall Arabic or CJK glyph may reach into the line gap but is never
    cut off.
    """
    for field in ("ascent", "descent", "lineGap"):
        setattr(merged["hhea"], field, getattr(latin["hhea"], field))
    for field in ("sTypoAscender", "sTypoDescender", "sTypoLineGap", "sCapHeight", "sxHeight"):
        setattr(merged["OS/2"], field, getattr(latin["OS/2"], field))
    head = merged["head"]
    merged["OS/2"].usWinAscent = max(merged["OS/2"].usWinAscent, head.yMax)
    merged["OS/2"].usWinDescent = max(merged["OS/2"].usWinDescent, -head.yMin)


def build(weight):
    latin = subset_font(TTFont(f"{NOTO}/NotoSans-{weight}.ttf"), None, ["*"])
    arabic = subset_font(TTFont(f"{NOTO}/NotoSansArabic-{weight}.ttf"), None, ["*"])
    hebrew = subset_font(TTFont(f"{NOTO}/NotoSansHebrew-{weight}.ttf"), None, ["*"])
    # Arrows and mathematical operators (≤, ≥, ±, …: criteria in the scan reports); Noto Sans Math has one weight.
    math = subset_font(TTFont(f"{NOTO}/NotoSansMath-Regular.ttf"), list(range(0x2190, 0x2300)) + list(range(0x2A00, 0x2B00)), [])
    cjk = TTCollection(f"{CJK}/NotoSansCJK-{weight}.ttc").fonts[CJK_SC]
    cjk = cff_to_glyf(subset_font(cjk, sorted(cjk_codepoints()), []))
    parts = []
    for i, font in enumerate((latin, arabic, hebrew, math, cjk)):
        path = os.path.join(OUT, f".part{i}.ttf")
        font.save(path)
        parts.append(path)
    merged = Merger().merge(parts)
    latin_vertical_metrics(merged, latin)
    for path in parts:
        os.remove(path)
    name = merged["name"]
    name.names = [n for n in name.names if n.nameID in (0, 1, 2, 3, 4, 5, 6)]
    copyright = "Copyright 2010-2020 Google LLC (Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Math); Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source' (Noto Sans CJK). SIL Open Font License 1.1."
    for platform, enc, lang in ((3, 1, 0x409), (1, 0, 0)):
        name.setName(copyright, 0, platform, enc, lang)
        name.setName(FAMILY, 1, platform, enc, lang)
        name.setName(weight, 2, platform, enc, lang)
        name.setName(f"{FAMILY} {weight}", 4, platform, enc, lang)
        name.setName(f"ExerPdfSans-{weight}", 6, platform, enc, lang)
        name.setName(f"{FAMILY} {weight}; built from Noto fonts", 3, platform, enc, lang)
    ttf = io.BytesIO()
    merged.save(ttf)
    out = os.path.join(OUT, f"ExerPdfSans-{weight}.ttf.br")
    with open(out, "wb") as f:
        f.write(brotli.compress(ttf.getvalue(), quality=11))
    print(out, os.path.getsize(out), "bytes (TrueType", len(ttf.getvalue()), "bytes,", len(merged.getGlyphOrder()), "glyphs)")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for weight in sys.argv[1:] or ["Regular", "Bold"]:
        build(weight)
