#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (Tools/Fuzz/Corpus/<target>/seed-*).

Every seed is made here, from our own pictures, glyphs and text: random byte
strings for the call-stream targets (the bytes are decisions, any bytes are
valid), small images in each PNG, JPEG and APNG variant (Pillow), small fonts
built glyph by glyph (fontTools: TrueType and CFF outlines, a collection, kerning),
and handwritten path descriptions and markup. Run it again only to change the
seeds: `pip install pillow fonttools`, then `python3 make-seeds.py`.
"""
import io, os, random, shutil

here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(2026)


def folder(name):
    path = os.path.join(here, name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def write(path, index, data):
    with open(os.path.join(path, "seed-%02d" % index), "wb") as f:
        f.write(data)


def random_seeds(name, count, longest):
    path = folder(name)
    for i in range(count):
        write(path, i, bytes(rng.randrange(256) for _ in range(rng.randrange(8, longest))))


def path_strings():
    path = folder("path-string")
    seeds = [
        "0 0 m 10 0 l 10 10 l h",
        "1 2 m 3 4 5 6 7 8 c 9 10 11 12 q h",
        "0 0 m 1e300 -1e300 l 1e-300 5 l",
        "-5.5 +3e2 m .5 .25 l 7. 8 l h 20 20 m 30 30 40 20 c",
        "0 0 m h h h 1 1 l",
        "12 12 m 44 12 l 44 30 l 12 30 l h 16 16 m 40 16 l 40 26 l 16 26 l h",
        "0 0 m 1 l",
        "nan 0 m inf 1 l",
        "0 0 m 10 10 20 0 q 30 -10 40 0 50 10 c h " * 4,
        "",
        "   \t\n 3 4 m",
        "0x10 0 m 1,2 l",
    ]
    for i, s in enumerate(seeds):
        write(path, i, s.encode())


def images():
    from PIL import Image, ImageDraw
    path = folder("image-decode")

    def picture(mode, size=(9, 7)):
        img = Image.new("RGBA", size, (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.ellipse((1, 1, size[0] - 2, size[1] - 2), fill=(230, 90, 20, 200))
        d.line((0, size[1] - 1, size[0] - 1, 0), fill=(20, 60, 240, 255))
        return img.convert(mode)

    outputs = []
    for mode in ["L", "LA", "RGB", "RGBA", "P", "1", "I;16"]:
        b = io.BytesIO()
        img = picture(mode if mode != "I;16" else "L")
        if mode == "I;16":
            img = img.convert("I").point(lambda v: v * 256).convert("I;16")
        img.save(b, "PNG", optimize=False)
        outputs.append(b.getvalue())
    b = io.BytesIO(); picture("RGBA").save(b, "PNG", interlace=1); outputs.append(b.getvalue())
    b = io.BytesIO(); p = picture("P"); p.info["transparency"] = 0; p.save(b, "PNG", transparency=0); outputs.append(b.getvalue())
    for mode, extra in [("RGB", {}), ("L", {}), ("RGB", {"progressive": True}), ("CMYK", {}),
                        ("RGB", {"subsampling": 2, "quality": 40})]:
        b = io.BytesIO(); picture(mode, (17, 9)).save(b, "JPEG", **extra); outputs.append(b.getvalue())
    frames = [picture("RGBA").rotate(a) for a in (0, 90, 180)]
    b = io.BytesIO()
    frames[0].save(b, "PNG", save_all=True, append_images=frames[1:], duration=[50, 100, 0], loop=2, disposal=[0, 1, 2],
                   blend=[0, 1, 0])
    outputs.append(b.getvalue())
    for i, data in enumerate(outputs):
        write(path, i, data)


def fonts():
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTCollection
    path = folder("font")
    shapes = {
        ".notdef": [[(50, 0), (450, 0), (450, 700), (50, 700)]],
        "A": [[(0, 0), (250, 700), (500, 0)], [(150, 200), (350, 200), (250, 450)]],
        "g": [[(50, -200), (450, -200), (450, 500), (50, 500)]],
        "H": [[(50, 0), (150, 0), (150, 700), (50, 700)], [(350, 0), (450, 0), (450, 700), (350, 700)]],
        "space": [],
    }
    cmap = {ord("A"): "A", ord("g"): "g", ord("H"): "H", ord(" "): "space", ord("a"): "A"}
    order = list(shapes)

    def build(cff, name):
        fb = FontBuilder(1000, isTTF=not cff)
        fb.setupGlyphOrder(order)
        fb.setupCharacterMap(cmap)
        if cff:
            charstrings = {}
            for g, contours in shapes.items():
                pen = T2CharStringPen(500, None)
                for c in contours:
                    pen.moveTo(c[0])
                    for p in c[1:]:
                        pen.lineTo(p)
                    pen.closePath()
                charstrings[g] = pen.getCharString()
            fb.setupCFF(name, {"FullName": name}, charstrings, {})
        else:
            glyphs = {}
            for g, contours in shapes.items():
                pen = TTGlyphPen(None)
                for c in contours:
                    pen.moveTo(c[0])
                    for p in c[1:]:
                        pen.qCurveTo(p) if p == c[1] and g == "A" else pen.lineTo(p)
                    pen.closePath()
                glyphs[g] = pen.glyph()
            fb.setupGlyf(glyphs)
        fb.setupHorizontalMetrics({g: (500 if g != "space" else 250, 0) for g in order})
        fb.setupHorizontalHeader(ascent=800, descent=-200)
        fb.setupNameTable({"familyName": name, "styleName": "Regular"})
        fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
        fb.setupPost()
        fb.setupDummyDSIG() if hasattr(fb, "setupDummyDSIG") else None
        if not cff:
            from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
            addOpenTypeFeaturesFromString(fb.font, "feature kern { pos A g -80; pos H A 40; } kern;")
        return fb.font

    outputs = []
    for cff, name in [(False, "FuzzSeedTT"), (True, "FuzzSeedCFF")]:
        b = io.BytesIO(); build(cff, name).save(b); outputs.append(b"\x00" + b.getvalue())
    collection = TTCollection()
    collection.fonts = [build(False, "FuzzSeedOne"), build(False, "FuzzSeedTwo")]
    b = io.BytesIO(); collection.save(b); outputs.append(b"\x01" + b.getvalue())
    for i, data in enumerate(outputs):
        write(path, i, data)


def markup():
    path = folder("text-markup")
    seeds = [
        b"\x00**bold** _italic_ `code` ~~struck~~ [link](https://example.com) \\*escaped\\*",
        b"\x00***nested _deep **er**_*** and ``two `ticks` `` [](x) [a](",
        b"\x00%@ %lld %% 100% \xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd \xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7 a\nb",
        b'\x01"greeting" = "Hello, **%@**! You have %lld items";\n"price" = "%.2f _each_ %2$@ %3$lld";\n/* c */ "x" = "%1$@ %1$@ %5$d %%";',
        b'\x01"a" = "%-08.3lf|%+d|% x|%o|%e|%g|%c|%s|%n";\n"b" = "%999999999$@";',
        b'\x01{ "k" = "v"; "nested" = ("array"); }',
        b"\x02\x03\x05Hello\x0b\x07World!!\x02\x04Emoji\x7f",
        b"\x02\x05\x0a**bold**\xff\x00\x00\x00\x08 plain \x10",
    ]
    for i, s in enumerate(seeds):
        write(path, i, s)


random_seeds("drawing", 24, 400)
random_seeds("cgcontext", 16, 300)
random_seeds("view-tree", 16, 200)
path_strings()
images()
fonts()
markup()
